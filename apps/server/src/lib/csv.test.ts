import { describe, expect, it } from 'vitest'
import { csvRecord, spreadsheetSafe, textPieces } from './csv.js'

describe('csvRecord', () => {
  it('writes empty cells for missing values and numbers as they are, without the formula guard', () => {
    expect(csvRecord([null, undefined, 0, -12.5, 3076000])).toBe(',,0,-12.5,3076000\r\n')
  })

  it('writes other values as text', () => {
    expect(csvRecord([true, false, 'plain', ''])).toBe('true,false,plain,\r\n')
  })

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe('"a,b","say ""hi""","two\nlines","cr\rhere"\r\n')
  })

  it('puts an apostrophe before text a spreadsheet would run as a formula, then quotes it if it must', () => {
    expect(csvRecord(['=SUM(A1)', '+1', '-x', '@cmd', '\tTab', '=a,"b"'])).toBe(`'=SUM(A1),'+1,'-x,'@cmd,'\tTab,"'=a,""b"""\r\n`)
  })

  it('writes an empty record as a bare line break', () => {
    expect(csvRecord([])).toBe('\r\n')
  })

  it('agrees with spreadsheetSafe for every kind of value', () => {
    const values = [null, 7, 'ok', '=1', true]
    expect(csvRecord(values)).toBe(`${values.map((value) => String(spreadsheetSafe(value))).join(',')}\r\n`)
  })
})

describe('textPieces', () => {
  it('answers a piece once it reaches its size, then starts the next; the rest at the end', () => {
    const pieces = textPieces(5)
    expect(pieces.add('abc')).toBeNull()
    expect(pieces.add('de')).toBe('abcde')
    expect(pieces.add('f')).toBeNull()
    expect(pieces.rest()).toBe('f')
    expect(pieces.rest()).toBe('')
  })
})
