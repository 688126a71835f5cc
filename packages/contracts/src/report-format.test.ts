import { describe, expect, it } from 'vitest'
import {
  csvDateText,
  districtDateTime,
  EXCEL_NUM_FMT,
  exactNumber,
  excelNumFmt,
  formatCell,
  parseDateParts,
  toExcelDate,
  toNumber,
} from './report-format.js'
import { labelCellIndex, labelSpan, parametersLine, rowLabelText, runAtText } from './report-labels.js'

describe('formatCell', () => {
  it('shows nothing for empty values in every format', () => {
    for (const format of ['text', 'integer', 'decimal', 'money', 'percent', 'date', 'datetime'] as const) {
      expect(formatCell(null, format)).toBe('')
      expect(formatCell(undefined, format)).toBe('')
      expect(formatCell('', format)).toBe('')
    }
  })

  it('formats money with a dollar sign, cents and the minus before the sign', () => {
    expect(formatCell(1234.56, 'money')).toBe('$1,234.56')
    expect(formatCell(-1234.56, 'money')).toBe('-$1,234.56')
    expect(formatCell(0, 'money')).toBe('$0.00')
    expect(formatCell(1234567.891, 'money')).toBe('$1,234,567.89')
    expect(formatCell(0.5, 'money')).toBe('$0.50')
  })

  it('rounds half away from zero as Excel does, not as toFixed does', () => {
    expect(formatCell(1.005, 'money')).toBe('$1.01')
    expect(formatCell(-1.005, 'money')).toBe('-$1.01')
    expect(formatCell(2.675, 'decimal')).toBe('2.68')
    expect(formatCell(2.5, 'integer')).toBe('3')
    expect(formatCell(-2.5, 'integer')).toBe('-3')
    expect(formatCell(999.995, 'decimal')).toBe('1,000.00')
  })

  it('drops the minus when the rounded value is zero', () => {
    expect(formatCell(-0.001, 'money')).toBe('$0.00')
    expect(formatCell(-0.4, 'integer')).toBe('0')
    expect(formatCell(-0.00001, 'percent')).toBe('0.0%')
  })

  it('formats integers and decimals with thousands separators', () => {
    expect(formatCell(1234, 'integer')).toBe('1,234')
    expect(formatCell(-1234567, 'integer')).toBe('-1,234,567')
    expect(formatCell(1234.567, 'decimal')).toBe('1,234.57')
    expect(formatCell(-0.5, 'decimal')).toBe('-0.50')
    expect(formatCell(12, 'decimal')).toBe('12.00')
    expect(formatCell(999, 'integer')).toBe('999')
  })

  it('shows a fraction as a percent with one place', () => {
    expect(formatCell(0.125, 'percent')).toBe('12.5%')
    expect(formatCell(0.5, 'percent')).toBe('50.0%')
    expect(formatCell(-0.0375, 'percent')).toBe('-3.8%')
    expect(formatCell(12.345, 'percent')).toBe('1,234.5%')
    expect(formatCell(0.1235, 'percent')).toBe('12.4%')
  })

  it('reads numbers sent as text (PostgreSQL numeric) in number formats', () => {
    expect(formatCell('1234.50', 'money')).toBe('$1,234.50')
    expect(formatCell('-12', 'integer')).toBe('-12')
    expect(formatCell('n/a', 'money')).toBe('n/a')
  })

  it('shows times on the district clock with the zone named, and calendar dates as written', () => {
    const tz = 'America/Los_Angeles'
    expect(formatCell('2026-03-01', 'date', tz)).toBe('Mar 1, 2026')
    // A sign-in at 5:10 UTC is 9:10 PM the evening before in Pacific time.
    expect(formatCell('2026-03-01T05:10:00.000Z', 'datetime', tz)).toBe('Feb 28, 2026 9:10 PM PST')
    expect(formatCell('2026-03-01T05:10:00.000Z', 'date', tz)).toBe('Feb 28, 2026')
    expect(formatCell('2026-03-01T08:00:00.000Z', 'date', tz)).toBe('Mar 1, 2026')
    expect(formatCell('2026-03-01T13:07:45.123+02:00', 'datetime', tz)).toBe('Mar 1, 2026 3:07 AM PST')
    expect(formatCell(Date.UTC(2026, 2, 1, 9, 5), 'datetime', tz)).toBe('Mar 1, 2026 1:05 AM PST')
    // A time typed without a zone is the district's wall clock already: only the zone's name is added.
    expect(formatCell('2026-03-01 12:30', 'datetime', tz)).toBe('Mar 1, 2026 12:30 PM PST')
    expect(formatCell('2026-07-01 12:30', 'datetime', tz)).toBe('Jul 1, 2026 12:30 PM PDT')
    expect(formatCell('2026-03-01', 'datetime', tz)).toBe('Mar 1, 2026 12:00 AM PST')
  })

  it('follows daylight saving: around the March and November changes in Pacific time', () => {
    const tz = 'America/Los_Angeles'
    expect(formatCell('2026-03-08T09:59:00Z', 'datetime', tz)).toBe('Mar 8, 2026 1:59 AM PST')
    expect(formatCell('2026-03-08T10:00:00Z', 'datetime', tz)).toBe('Mar 8, 2026 3:00 AM PDT')
    expect(formatCell('2026-11-01T08:30:00Z', 'datetime', tz)).toBe('Nov 1, 2026 1:30 AM PDT')
    expect(formatCell('2026-11-01T09:30:00Z', 'datetime', tz)).toBe('Nov 1, 2026 1:30 AM PST')
    // Midnight Pacific: 7:59 and 8:00 UTC fall on different district days.
    expect(formatCell('2026-01-02T07:59:00Z', 'date', tz)).toBe('Jan 1, 2026')
    expect(formatCell('2026-01-02T08:00:00Z', 'date', tz)).toBe('Jan 2, 2026')
    expect(formatCell('2026-01-02T08:00:00Z', 'datetime', tz)).toBe('Jan 2, 2026 12:00 AM PST')
  })

  it('names UTC when no district zone is given, never showing a bare time', () => {
    expect(formatCell('2026-03-01T00:05:00Z', 'datetime')).toBe('Mar 1, 2026 12:05 AM UTC')
  })

  it('writes CSV dates machine-readable on the district clock, a time with its offset', () => {
    const tz = 'America/Los_Angeles'
    expect(csvDateText('2026-03-01T05:10:00.000Z', 'datetime', tz)).toBe('2026-02-28T21:10:00-08:00')
    expect(csvDateText('2026-07-01T05:10:00Z', 'datetime', tz)).toBe('2026-06-30T22:10:00-07:00')
    expect(csvDateText('2026-03-01T05:10:00Z', 'date', tz)).toBe('2026-02-28')
    expect(csvDateText('2026-03-01', 'date', tz)).toBe('2026-03-01')
    expect(csvDateText('2026-03-01 12:30', 'datetime', tz)).toBe('2026-03-01T12:30:00')
    expect(csvDateText('soon', 'date', tz)).toBeNull()
  })

  it('shows values that are not dates as given', () => {
    expect(formatCell('soon', 'date')).toBe('soon')
    expect(formatCell('2026-13-01', 'date')).toBe('2026-13-01')
  })

  it('shows text as given, numbers in text columns plainly, booleans as Yes / No', () => {
    expect(formatCell('=1+1', 'text')).toBe('=1+1')
    expect(formatCell(2026, 'text')).toBe('2026')
    expect(formatCell(true, 'text')).toBe('Yes')
    expect(formatCell(false, 'money')).toBe('No')
  })

  it('treats non-finite numbers as empty', () => {
    expect(formatCell(Number.NaN, 'money')).toBe('')
    expect(toNumber(Number.POSITIVE_INFINITY)).toBeNull()
    expect(formatCell(Number.POSITIVE_INFINITY, 'text')).toBe('')
  })
})

describe('Excel formats and values', () => {
  it('has a number format per format', () => {
    expect(EXCEL_NUM_FMT).toEqual({
      text: 'General',
      integer: '#,##0',
      decimal: '#,##0.00',
      money: '"$"#,##0.00;-"$"#,##0.00',
      percent: '#,##0.0%',
      date: 'mmm d, yyyy',
      datetime: 'mmm d, yyyy h:mm AM/PM',
    })
  })

  it('turns date values into Dates with the district wall-clock digits, the zone in the number format', () => {
    const tz = 'America/Los_Angeles'
    expect(toExcelDate('2026-03-01', 'date', tz)?.toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(toExcelDate('2026-03-01 14:05:09', 'datetime', tz)?.toISOString()).toBe('2026-03-01T14:05:09.000Z')
    expect(toExcelDate('2026-03-01T05:10:00Z', 'datetime', tz)?.toISOString()).toBe('2026-02-28T21:10:00.000Z')
    expect(toExcelDate('2026-03-01T05:10:00Z', 'date', tz)?.toISOString()).toBe('2026-02-28T00:00:00.000Z')
    expect(toExcelDate('not a date')).toBeNull()
    expect(parseDateParts('2026-02-30T25:00')).toBeNull()
    expect(excelNumFmt('datetime', districtDateTime('2026-07-01T05:10:00Z', 'datetime', tz)!.zone)).toBe('mmm d, yyyy h:mm AM/PM "PDT"')
    expect(excelNumFmt('date', null)).toBe('mmm d, yyyy')
  })

  it('reads numbers strictly', () => {
    expect(toNumber(' 12.5 ')).toBe(12.5)
    expect(toNumber('1e3')).toBe(1000)
    expect(toNumber('12abc')).toBeNull()
    expect(toNumber(true)).toBeNull()
    expect(toNumber('')).toBeNull()
  })
})

describe('header text and row labels', () => {
  it('echoes the parameters and the run time', () => {
    expect(
      parametersLine([
        { id: 'fy', label: 'Fiscal year', value: '2026' },
        { id: 'f', label: 'Fund', value: '' },
        { id: 'p', label: 'Period', value: '6' },
      ]),
    ).toBe('Fiscal year: 2026 · Period: 6')
  })

  it("says when a report ran on the district's clock, with the zone named, across daylight saving", () => {
    expect(runAtText('2026-03-15T14:05:09.000Z', 'America/Los_Angeles')).toBe('Run Mar 15, 2026 7:05 AM PDT')
    expect(runAtText('2026-01-15T19:53:00.000Z', 'America/Los_Angeles')).toBe('Run Jan 15, 2026 11:53 AM PST')
    // An instant written with an offset is the same instant.
    expect(runAtText('2026-03-15T09:05:09-05:00', 'America/Los_Angeles')).toBe('Run Mar 15, 2026 7:05 AM PDT')
    expect(runAtText('2026-03-15T14:05:09.000Z', 'UTC')).toBe('Run Mar 15, 2026 2:05 PM UTC')
    expect(runAtText('not a time', 'UTC')).toBe('')
  })

  it('keeps money exact to the cent', () => {
    expect(exactNumber(47484947.019999996, 'money')).toBe(47484947.02)
    expect(exactNumber(0.1 + 0.2, 'money')).toBe(0.3)
    expect(exactNumber(-12.3456, 'money')).toBe(-12.35)
    expect(exactNumber(1000 / 3, 'money')).toBe(333.33)
    expect(exactNumber(2 / 3, 'percent')).toBe(2 / 3)
    expect(exactNumber(7, 'integer')).toBe(7)
    expect(exactNumber('n/a', 'money')).toBe('n/a')
    expect(exactNumber(null, 'money')).toBeNull()
  })

  it('labels group rows and puts the label in the first empty cell', () => {
    const subtotal = { kind: 'subtotal' as const, level: 1, label: 'North', cells: [null, null, 5] }
    expect(rowLabelText(subtotal)).toBe('Subtotal: North')
    expect(rowLabelText({ kind: 'groupHeader', level: 0, label: null, cells: [] })).toBe('(blank)')
    expect(rowLabelText({ kind: 'grandTotal', level: 0, label: null, cells: [] })).toBe('Total')
    expect(rowLabelText({ kind: 'detail', level: 2, label: null, cells: [] })).toBeNull()
    expect(labelCellIndex(subtotal, 3)).toBe(0)
    expect(labelSpan(subtotal, 0, 3)).toBe(2)
    const leadingTotal = { kind: 'subtotal' as const, level: 0, label: 'North', cells: [12, null, 5] }
    expect(labelCellIndex(leadingTotal, 3)).toBe(1)
    expect(labelCellIndex({ kind: 'subtotal', level: 0, label: 'x', cells: [1, 2] }, 2)).toBe(-1)
  })
})
