import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TwoInstances, startTwoInstances } from '../../../../test/two-instances.js'
import { testDialects } from '../../../../test/test-database.js'
import {
  type JobAnswer,
  PROJECTS_REPORT,
  chunkCount,
  leaseOf,
  noticesTo,
  projectNumber,
  seedProjects,
  storedJob,
  until,
  workbookNumbers,
} from './export-jobs-testing.js'

// Enough rows that the first instance is still writing when it stops.
const ROWS = 30_000

describe.each(testDialects())('export jobs across instances on %s', (dialect) => {
  let two: TwoInstances
  let admin: string
  let reportId: number
  beforeAll(async () => {
    two = await startTwoInstances({ dialect })
    admin = await two.signIn('admin@example.org')
    await seedProjects(two.a.db, two.clock.now().toISOString(), ROWS)
    const created = await two.a.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: admin,
      payload: { name: 'Every project', definition: PROJECTS_REPORT },
    })
    expect(created.statusCode, created.body).toBe(200)
    reportId = created.json().report.REPORT_ID
  })
  afterAll(() => two.close())

  const startOnA = async () => {
    const answer = await two.a.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { reportId, format: 'xlsx' } })
    expect(answer.statusCode, answer.body).toBe(202)
    return answer.json() as JobAnswer
  }
  const exportAudits = async () =>
    (await two.a.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'report.exported').execute()).length
  const download = (instance: TwoInstances['a'], jobId: number) =>
    instance.request({ method: 'GET', url: `/api/reportexports/${jobId}/file`, token: admin })

  it('serves the file from either instance, whichever wrote it, byte for byte', async () => {
    const job = await startOnA()
    const ready = await until(
      () =>
        two.b.request({ method: 'GET', url: `/api/reportexports/${job.id}`, token: admin }).then((answer) => answer.json() as JobAnswer),
      (now) => now.state === 'ready',
      30_000,
    )
    const fromA = await download(two.a, job.id)
    const fromB = await download(two.b, job.id)
    expect(fromA.statusCode).toBe(200)
    expect(fromB.statusCode).toBe(200)
    expect(fromB.headers['content-disposition']).toBe(`attachment; filename="${ready.fileName}"`)
    expect(Buffer.compare(fromA.rawPayload, fromB.rawPayload)).toBe(0)
    const { numbers } = await workbookNumbers(fromB.rawPayload)
    expect(numbers).toHaveLength(ROWS)
    expect(numbers.at(-1)).toBe(projectNumber(ROWS - 1))
  }, 60_000)

  it('a restart mid-job: the stopped instance writes nothing more; a sweep elsewhere queues it again; one file, one e-mail', async () => {
    const auditsBefore = await exportAudits()
    const job = await startOnA()
    await until(
      () => storedJob(two.a.db, job.id),
      (row) => row.state === 'running' && row.rows_done > 0,
      30_000,
      10,
    )
    // Instance a stops while it writes: it lets the job go without a word to the database.
    await two.a.app.close()
    const left = await storedJob(two.b.db, job.id)
    expect(left).toMatchObject({ state: 'running', attempt: 1 })
    expect(left.rows_done).toBeLessThan(ROWS)
    expect(await leaseOf(two.b.db, job.id)).toBeDefined()

    // Its lease runs out (and the person has long stopped looking); b's sweep gives the job back to the queue.
    two.clock.advance(3 * 60_000)
    expect(await two.b.jobLeases.sweep()).toBeGreaterThanOrEqual(1)
    const requeued = await storedJob(two.b.db, job.id)
    expect(['queued', 'running']).toContain(requeued.state)
    const firstTryPieces = await two.b.db.kysely
      .selectFrom('report_export_chunks')
      .select('seq')
      .where('job_id', '=', job.id)
      .where('attempt', '=', 1)
      .execute()
    expect(firstTryPieces).toEqual([])

    const done = await until(
      () => storedJob(two.b.db, job.id),
      (row) => row.state === 'ready',
      40_000,
    )
    expect(done).toMatchObject({ attempt: 2, rows_done: ROWS, notice_emailed: 1 })
    const attempts = await two.b.db.kysely
      .selectFrom('report_export_chunks')
      .select('attempt')
      .distinct()
      .where('job_id', '=', job.id)
      .execute()
    expect(attempts).toEqual([{ attempt: 2 }])
    expect(await chunkCount(two.b.db, job.id)).toBeGreaterThan(0)
    expect(await noticesTo(two.b.db, 'admin@example.org')).toHaveLength(1)
    expect(await exportAudits()).toBe(auditsBefore + 1)

    const file = await download(two.b, job.id)
    expect(file.statusCode).toBe(200)
    const { numbers } = await workbookNumbers(file.rawPayload)
    expect(numbers).toEqual(Array.from({ length: ROWS }, (_, i) => projectNumber(i)))
  }, 90_000)
})
