import ExcelJS from 'exceljs'
import type { ReportExportJob } from '@platform/contracts/report-exports'
import type { Db } from '../../../db/database.js'
import { insertProjects } from '../../../../test/factories.js'

/** A detail report over the DSA projects, one row per project in number order. */
export const PROJECTS_REPORT = {
  schemaVersion: 1,
  dataset: 'dsa_projects',
  rows: { mode: 'detail' },
  columns: [
    { field: 'project_number', label: 'Number' },
    { field: 'project_name', label: 'Project' },
  ],
  sort: [{ key: 'project_number', dir: 'asc' }],
  layout: { title: 'Every project', orientation: 'portrait', pageSize: 'Letter' },
}

export const projectNumber = (i: number) => `04-${String(i).padStart(6, '0')}`

/** `count` projects numbered 04-000000 on. */
export async function seedProjects(db: Db, at: string, count: number): Promise<void> {
  await insertProjects(
    db,
    at,
    Array.from({ length: count }, (_, i) => ({ client_id: '37-58', project_number: projectNumber(i), project_name: `Project ${i}` })),
  )
}

/** Reads again until `done` holds, or fails after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000, every = 25): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Still not there after ${ms} ms: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, every))
  }
}

/** The job as stored, read without counting as the person looking. */
export const storedJob = (db: Db, jobId: number) =>
  db.kysely.selectFrom('report_export_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow()

export const chunkCount = async (db: Db, jobId: number) =>
  Number(
    (
      await db.kysely
        .selectFrom('report_export_chunks')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow()
    ).count,
  )

export const leaseOf = (db: Db, jobId: number) =>
  db.kysely.selectFrom('job_leases').selectAll().where('kind', '=', 'report_export').where('job_key', '=', String(jobId)).executeTakeFirst()

export const noticesTo = (db: Db, recipient: string) =>
  db.kysely
    .selectFrom('mail_messages')
    .select(['recipient', 'subject', 'body_text'])
    .where('kind', '=', 'report_export_ready')
    .where('recipient', '=', recipient)
    .execute()

/** The project numbers of the workbook's rows between its header row and its grand total, and the header itself. */
export async function workbookNumbers(bytes: Buffer): Promise<{ header: unknown[]; numbers: unknown[] }> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]!
  let headerRow = 0
  const numbers: unknown[] = []
  let header: unknown[] = []
  sheet.eachRow((row, number) => {
    if (!headerRow && row.getCell(1).value === 'Number') {
      headerRow = number
      header = [row.getCell(1).value, row.getCell(2).value]
    } else if (headerRow && row.getCell(1).value !== 'Total') {
      numbers.push(row.getCell(1).value)
      if (row.getCell(2).value !== `Project ${numbers.length - 1}`) numbers.push(`unexpected name: ${String(row.getCell(2).value)}`)
    }
  })
  return { header, numbers }
}

export type JobAnswer = ReportExportJob
