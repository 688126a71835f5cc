import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import type { ResultRow } from '@platform/contracts/reports'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storeDsaProjects } from '../../../../test/dsa-projects.js'
import { createTestDatabase, testDialects } from '../../../../test/test-database.js'
import type { Db } from '../../../db/database.js'
import { BUILTIN_DATASETS } from '../catalogue/builtin-datasets.js'
import { applyParameters } from '../engine/parameters.js'
import { createReportQueryRunner } from '../engine/query-runner.js'
import { createReportEngine } from '../engine/report-engine.js'
import { planReport } from '../engine/report-plan.js'
import { type ExportThreads, createExportThreads } from './export-thread.js'
import { type ReportRowSource, reportRows } from './report-rows.js'
import { sampleResult } from './test-fixtures.js'
import { writeXlsx } from './xlsx-export.js'

// The real export thread: export-worker.ts, loaded in a worker thread through tsx's loader (lib/worker-module.ts), as
// `npm run dev` runs it.
const header = sampleResult(1)
const PROJECTS = 3000

/** Generated detail rows that travel with the export (a summary's rows do). */
function rowsSource(total: number): ReportRowSource {
  const rows: ResultRow[] = []
  for (let i = 0; i < total; i += 1)
    rows.push({ kind: 'detail', level: 2, label: null, cells: [`Item ${i}`, `Vendor ${i % 11}`, '2026-03-01', i % 7, i + 0.25, 0.5] })
  return { kind: 'rows', rows }
}

/** A detail report over the stored DSA projects, grouped by client with subtotals: the thread reads it itself. */
async function projectsSource(db: Db): Promise<ReportRowSource> {
  const definition = {
    schemaVersion: 1,
    dataset: 'dsa_projects',
    rows: { mode: 'detail' },
    groups: [{ field: 'client_id', subtotal: true }],
    columns: [{ field: 'project_number' }, { field: 'project_name' }, { field: 'construction_cost', agg: 'sum' }],
    totals: { grand: true },
  }
  const plan = planReport(
    definition,
    BUILTIN_DATASETS.find((dataset) => dataset.id === 'dsa_projects')!,
  )
  const run = createReportQueryRunner(db, db.file, { interactiveMs: 30_000, exportMs: 30_000 }).runner('export')
  return createReportEngine(plan, applyParameters(plan.definition, {}), {
    k: db.kysely,
    dialect: db.dialect,
    timeZone: 'America/Los_Angeles',
    run,
  }).exportSource()
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

/** The export threads' connections to this test's PostgreSQL database. */
async function threadConnections(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'platform export'
  `.execute(db.kysely)
  return Number(rows[0]?.n ?? 0)
}

describe.each(testDialects())('export threads (%s)', (dialect) => {
  let db: Db
  let threads: ExportThreads
  let folder: string
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'exports-'))
    // A file: the thread opens the database itself, which it cannot do to an in-memory one.
    db = await createTestDatabase(dialect, { sqliteFile: join(folder, 'platform.db') })
    threads = createExportThreads({ db })
  })
  afterEach(async () => {
    await db.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('write the same workbook as the writer run in this thread, and end the output', async () => {
    const inThread = new PassThrough()
    const threadBytes = collected(inThread)
    await threads.write({ format: 'xlsx', header }, { kind: 'rows', rows: header.rows }, inThread)
    expect(inThread.writableEnded).toBe(true)

    const here = new PassThrough()
    const hereBytes = collected(here)
    await writeXlsx(header, header.rows, here)

    const fromThread = sheetValues(await sheetOf(threadBytes()))
    expect(fromThread.length).toBeGreaterThan(header.rows.length)
    expect(fromThread).toEqual(sheetValues(await sheetOf(hereBytes())))
  })

  it("read a detail report's rows on a connection of their own, telling how many are written", async () => {
    await storeDsaProjects(db, PROJECTS)
    const source = await projectsSource(db)
    expect(source.kind).toBe('query')
    const told: number[] = []
    const inThread = new PassThrough()
    const threadBytes = collected(inThread)
    await threads.write({ format: 'xlsx', header }, source, inThread, (rows) => told.push(rows))
    expect(told.at(-1)).toBe(PROJECTS)

    const here = new PassThrough()
    const hereBytes = collected(here)
    await writeXlsx(header, reportRows(db, source), here)
    const fromThread = sheetValues(await sheetOf(threadBytes()))
    // Every project, a header and a subtotal for each of the 40 clients, and the grand total.
    expect(fromThread.length).toBeGreaterThan(PROJECTS + 2 * 40)
    expect(fromThread).toEqual(sheetValues(await sheetOf(hereBytes())))
  }, 60_000)

  it('stop writing while the client does not read, and finish once it does', async () => {
    const total = 200_000
    const told: number[] = []
    const output = new PassThrough({ highWaterMark: 16 * 1024 })
    const written = threads.write({ format: 'xlsx', header }, rowsSource(total), output, (rows) => told.push(rows))
    let settled = false
    void written.finally(() => (settled = true)).catch(() => undefined)
    // Nothing reads the output: the thread fills what may wait and then waits itself.
    let before = -1
    while ((told.at(-1) ?? 0) !== before) {
      before = told.at(-1) ?? 0
      await pause(750)
    }
    expect(before).toBeLessThan(total)
    expect(settled).toBe(false)

    const bytes = collected(output)
    await written
    expect(told.at(-1)).toBe(total)
    const sheet = await sheetOf(bytes())
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe(`Item ${total - 1}`)
  }, 60_000)

  it('end the export, and its connection, when the client goes away', async () => {
    await storeDsaProjects(db, PROJECTS)
    const output = new PassThrough({ highWaterMark: 1024 })
    const written = threads.write({ format: 'pdf', header }, await projectsSource(db), output)
    await pause(500)
    output.destroy()
    await expect(written).rejects.toThrow('destination was closed')
    if (dialect === 'postgres') await expect.poll(() => threadConnections(db), { timeout: 10_000 }).toBe(0)
  }, 30_000)

  it("pass on a failure to read the rows, in the person's words, and one inside the thread (a PDF's row cap)", async () => {
    const source = await projectsSource(db)
    if (source.kind !== 'query') throw new Error('a detail report reads its rows through a query')
    const first = new PassThrough()
    first.resume()
    await expect(
      threads.write({ format: 'xlsx', header }, { ...source, query: { sql: 'select * from no_such_table', parameters: [] } }, first),
    ).rejects.toThrow('The report could not run on the database')

    const second = new PassThrough()
    second.resume()
    await expect(threads.write({ format: 'pdf', header }, rowsSource(50_001), second)).rejects.toThrow(
      /more than 50,000 rows, too many to print/,
    )
  }, 30_000)

  it('run at most the configured number at once; the next starts when one ends', async () => {
    const oneAtATime = createExportThreads({ db, maxRunning: 1 })
    const firstTold: number[] = []
    const firstOutput = new PassThrough({ highWaterMark: 16 * 1024 })
    const firstWritten = oneAtATime.write({ format: 'xlsx', header }, rowsSource(200_000), firstOutput, (rows) => firstTold.push(rows))
    const secondTold: number[] = []
    const secondOutput = new PassThrough()
    secondOutput.resume()
    const secondWritten = oneAtATime.write({ format: 'xlsx', header }, rowsSource(10), secondOutput, (rows) => secondTold.push(rows))
    await expect.poll(() => firstTold.length, { timeout: 10_000 }).toBeGreaterThan(0)
    await pause(500)
    expect(secondTold).toEqual([])

    firstOutput.resume()
    await firstWritten
    await secondWritten
    expect(secondTold.at(-1)).toBe(10)
  }, 60_000)
})
