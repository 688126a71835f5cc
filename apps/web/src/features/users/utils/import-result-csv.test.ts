import type { ImportRow } from '@platform/contracts/users'
import { describe, expect, it } from 'vitest'
import { buildImportResultCsv, csvCell, IMPORT_RESULT_COLUMNS } from './import-result-csv'

const row = (overrides: Partial<ImportRow> = {}): ImportRow => ({
  line: 2,
  email: 'jane@district.org',
  full_name: 'Jane Doe',
  organization_code: 'DISTRICT',
  role_code: 'STAFF',
  applications: ['ACCRUALS', 'PAYMENT_RECEIPTS'],
  action: 'create',
  reasons: [],
  ...overrides,
})

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe')
    expect(csvCell(12)).toBe('12')
    expect(csvCell(null)).toBe('')
  })

  it.each(['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx'])('prefixes a formula-looking cell %j with a single quote', (value) => {
    expect(csvCell(value).replace(/^"|"$/g, '').startsWith("'")).toBe(true)
  })

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('a\nb')).toBe('"a\nb"')
  })

  it('escapes and quotes together', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
  })
})

describe('buildImportResultCsv', () => {
  it('writes the header and one CRLF line per row, applications joined by semicolons', () => {
    const csv = buildImportResultCsv([
      row(),
      row({ line: 3, email: 'bob@district.org', action: 'reject', reasons: ['Unknown role code X', 'Bad, very bad'] }),
    ])
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(IMPORT_RESULT_COLUMNS.join(','))
    expect(lines[0]).toBe('line,email,full_name,organization_code,role_code,applications,outcome,reasons')
    expect(lines[1]).toBe('2,jane@district.org,Jane Doe,DISTRICT,STAFF,ACCRUALS;PAYMENT_RECEIPTS,New person,')
    expect(lines[2]).toBe(
      '3,bob@district.org,Jane Doe,DISTRICT,STAFF,ACCRUALS;PAYMENT_RECEIPTS,Rejected,"Unknown role code X; Bad, very bad"',
    )
    expect(lines[3]).toBe('')
  })

  it('neutralises formulas in any cell', () => {
    const csv = buildImportResultCsv([row({ full_name: '=cmd|calc', email: '@evil' })])
    expect(csv.split('\r\n')[1]).toBe("2,'@evil,'=cmd|calc,DISTRICT,STAFF,ACCRUALS;PAYMENT_RECEIPTS,New person,")
  })

  it('writes only the header for no rows', () => {
    expect(buildImportResultCsv([])).toBe(`${IMPORT_RESULT_COLUMNS.join(',')}\r\n`)
  })
})
