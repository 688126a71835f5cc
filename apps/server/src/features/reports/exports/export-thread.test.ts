import { PassThrough } from 'node:stream'
import type { ResultRow } from '@platform/contracts/reports'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { createExportThreads } from './export-thread.js'
import { sampleResult } from './test-fixtures.js'
import { writeXlsx } from './xlsx-export.js'

// The real export thread: export-worker.ts, loaded in a worker thread through tsx's loader (lib/worker-module.ts), as
// `npm run dev` runs it.
const threads = createExportThreads()
const header = sampleResult(1)

/** Detail rows counted as they are read, closed (as a cursor would be) when the reader stops early. */
function countedRows(total: number) {
  const state = { read: 0, closed: false }
  async function* rows(): AsyncGenerator<ResultRow> {
    try {
      for (let i = 0; i < total; i += 1) {
        state.read += 1
        yield { kind: 'detail', level: 2, label: null, cells: [`Item ${i}`, `Vendor ${i % 11}`, '2026-03-01', i % 7, i + 0.25, 0.5] }
      }
    } finally {
      state.closed = true
    }
  }
  return { state, rows: rows() }
}

function collected(output: PassThrough): () => Buffer {
  const chunks: Buffer[] = []
  output.on('data', (chunk: Buffer) => chunks.push(chunk))
  return () => Buffer.concat(chunks)
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer)
  return workbook.worksheets[0]!
}

const sheetValues = (sheet: ExcelJS.Worksheet) => {
  const values: unknown[] = []
  sheet.eachRow((row) => values.push(row.values))
  return values
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('export threads', () => {
  it('write the same workbook as the writer run in this thread, and end the output', async () => {
    const inThread = new PassThrough()
    const threadBytes = collected(inThread)
    await threads.write({ format: 'xlsx', header }, header.rows, inThread)
    expect(inThread.writableEnded).toBe(true)

    const here = new PassThrough()
    const hereBytes = collected(here)
    await writeXlsx(header, header.rows, here)

    const fromThread = sheetValues(await sheetOf(threadBytes()))
    expect(fromThread.length).toBeGreaterThan(header.rows.length)
    expect(fromThread).toEqual(sheetValues(await sheetOf(hereBytes())))
  })

  it('stop reading rows while the client does not read, and finish once it does', async () => {
    const total = 200_000
    const { state, rows } = countedRows(total)
    const output = new PassThrough({ highWaterMark: 16 * 1024 })
    const written = threads.write({ format: 'xlsx', header }, rows, output)
    // Nothing reads the output: the thread fills what may wait and then waits itself.
    let before = -1
    while (state.read !== before) {
      before = state.read
      await pause(750)
    }
    expect(state.read).toBeLessThan(total)

    const bytes = collected(output)
    await written
    expect(state.read).toBe(total)
    const sheet = await sheetOf(bytes())
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe(`Item ${total - 1}`)
  }, 60_000)

  it('end the export and close the rows when the client goes away', async () => {
    const { state, rows } = countedRows(200_000)
    const output = new PassThrough({ highWaterMark: 16 * 1024 })
    const written = threads.write({ format: 'xlsx', header }, rows, output)
    await pause(1000)
    output.destroy()
    await expect(written).rejects.toThrow('destination was closed')
    await expect.poll(() => state.closed, { timeout: 10_000 }).toBe(true)
    expect(state.read).toBeLessThan(200_000)
  })

  it("pass on a failure to read the rows, and one inside the thread (a PDF's row cap)", async () => {
    async function* failing(): AsyncGenerator<ResultRow> {
      yield* header.rows
      throw new Error('the connection was lost')
    }
    const first = new PassThrough()
    first.resume()
    await expect(threads.write({ format: 'xlsx', header }, failing(), first)).rejects.toThrow('the connection was lost')

    const { rows } = countedRows(50_001)
    const second = new PassThrough()
    second.resume()
    await expect(threads.write({ format: 'pdf', header }, rows, second)).rejects.toThrow(/more than 50,000 rows, too many to print/)
  }, 30_000)

  it('run at most the configured number at once; the next starts when one ends', async () => {
    const oneAtATime = createExportThreads({ maxRunning: 1 })
    const first = countedRows(200_000)
    const firstOutput = new PassThrough({ highWaterMark: 16 * 1024 })
    const firstWritten = oneAtATime.write({ format: 'xlsx', header }, first.rows, firstOutput)
    const second = countedRows(10)
    const secondOutput = new PassThrough()
    secondOutput.resume()
    const secondWritten = oneAtATime.write({ format: 'xlsx', header }, second.rows, secondOutput)
    await expect.poll(() => first.state.read, { timeout: 10_000 }).toBeGreaterThan(0)
    await pause(500)
    expect(second.state.read).toBe(0)

    firstOutput.resume()
    await firstWritten
    await secondWritten
    expect(second.state.read).toBe(10)
  }, 60_000)
})
