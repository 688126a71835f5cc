import type { ResultColumn, ResultRow } from '@platform/contracts/reports'
import { describe, expect, it } from 'vitest'
import { csvLines } from './csv-export.js'
import { SAMPLE_COLUMNS, sampleRows } from './test-fixtures.js'

async function csvText(
  rows: AsyncIterable<ResultRow> | Iterable<ResultRow>,
  columns: ResultColumn[],
  options?: { bom?: boolean },
): Promise<{ text: string; chunks: number }> {
  let text = ''
  let chunks = 0
  for await (const chunk of csvLines(rows, columns, options)) {
    text += chunk
    chunks += 1
  }
  return { text, chunks }
}

describe('csvLines', () => {
  it('starts with a byte order mark and the column labels, and ends lines with CRLF', async () => {
    const { text } = await csvText(sampleRows(2), SAMPLE_COLUMNS)
    expect(text.startsWith('\uFEFFDescription,Vendor,Posted,Qty,Amount,% Used\r\n')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/)
    const { text: plain } = await csvText([], SAMPLE_COLUMNS, { bom: false })
    expect(plain).toBe('Description,Vendor,Posted,Qty,Amount,% Used\r\n')
  })

  it('writes raw numbers and ISO dates, not display text', async () => {
    const { text } = await csvText(sampleRows(2), SAMPLE_COLUMNS)
    const lines = text.split('\r\n')
    // The first detail row: a refund of -1234.5 at 12.5 %.
    expect(lines[3]).toBe('Item 1,Vendor 1,2026-03-02,2,-1234.5,0.125')
    expect(text).not.toContain('$')
  })

  it('writes group headers, subtotals and the grand total as labelled rows', async () => {
    const rows = sampleRows(2)
    const { text } = await csvText(rows, SAMPLE_COLUMNS)
    const lines = text.split('\r\n')
    expect(lines[1]).toBe('100 - General Fund,,,,,')
    expect(lines[2]).toBe('Instruction,,,,,')
    const subtotal = rows.find((row) => row.kind === 'subtotal')!
    expect(lines).toContain(`Subtotal: Instruction,,,${subtotal.cells[3]},${subtotal.cells[4]},`)
    const total = rows[rows.length - 1]!
    expect(lines[lines.length - 2]).toBe(`District total,,,${total.cells[3]},${total.cells[4]},`)
  })

  it('makes formula-like text safe but leaves real numbers alone', async () => {
    const columns: ResultColumn[] = [
      { key: 'code', label: 'Code', format: 'text', align: 'left' },
      { key: 'amount', label: 'Amount', format: 'money', align: 'right' },
    ]
    const rows: ResultRow[] = [
      { kind: 'detail', level: 0, label: null, cells: ['=SUM(A1:A9)', -12.5] },
      { kind: 'detail', level: 0, label: null, cells: ['+1', '-12.50'] },
      { kind: 'detail', level: 0, label: null, cells: ['-5', '1e3'] },
      { kind: 'detail', level: 0, label: null, cells: ['@cmd', 'n/a'] },
      { kind: 'detail', level: 0, label: null, cells: ['\tx', null] },
    ]
    const { text } = await csvText(rows, columns, { bom: false })
    expect(text.split('\r\n').slice(1, 6)).toEqual([`'=SUM(A1:A9),-12.5`, `'+1,-12.5`, `'-5,1000`, `'@cmd,n/a`, `'\tx,`])
  })

  it('quotes commas, quotes and line breaks (RFC 4180)', async () => {
    const columns: ResultColumn[] = [{ key: 'note', label: 'Note, "quoted"', format: 'text', align: 'left' }]
    const rows: ResultRow[] = [
      { kind: 'detail', level: 0, label: null, cells: ['Smith, Bob'] },
      { kind: 'detail', level: 0, label: null, cells: ['He said "hi"'] },
      { kind: 'detail', level: 0, label: null, cells: ['two\nlines'] },
      { kind: 'detail', level: 0, label: null, cells: [true] },
    ]
    const { text } = await csvText(rows, columns, { bom: false })
    expect(text).toBe('"Note, ""quoted"""\r\n"Smith, Bob"\r\n"He said ""hi"""\r\n"two\nlines"\r\ntrue\r\n')
  })

  it('reads an async source and yields pieces of about 64 KB, neither a write per row nor one string for all', async () => {
    const columns: ResultColumn[] = [
      { key: 'n', label: 'N', format: 'integer', align: 'right' },
      { key: 'name', label: 'Name', format: 'text', align: 'left' },
    ]
    const name = 'x'.repeat(150)
    async function* source(): AsyncGenerator<ResultRow> {
      for (let i = 0; i < 1200; i += 1) yield { kind: 'detail', level: 0, label: null, cells: [i, name] }
    }
    const pieces: string[] = []
    for await (const piece of csvLines(source(), columns, { bom: false })) pieces.push(piece)
    // About 190 KB in all: three full pieces and the rest.
    expect(pieces.length).toBe(3)
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(64 * 1024)
    for (const piece of pieces) expect(piece.length).toBeLessThan(64 * 1024 + 200)
    const text = pieces.join('')
    const lines = text.split('\r\n')
    expect(lines).toHaveLength(1202)
    expect(lines[1200]).toBe(`1199,${name}`)
  })
})
