import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
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

const ROWS = 12_000
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

describe.each(testDialects())('long report exports as jobs on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let reportId: number
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    await seedProjects(t.db, t.clock.now().toISOString(), ROWS)
    const created = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: admin,
      payload: { name: 'Every project', definition: PROJECTS_REPORT },
    })
    expect(created.statusCode, created.body).toBe(200)
    reportId = created.json().report.REPORT_ID
  })
  afterAll(() => t.close())

  const startExport = async (token = admin, format: 'xlsx' | 'pdf' = 'xlsx') => {
    const answer = await t.request({ method: 'POST', url: '/api/reportexport', token, payload: { reportId, format } })
    expect(answer.statusCode, answer.body).toBe(202)
    return answer.json() as JobAnswer
  }
  const progressOf = async (jobId: number, token = admin) =>
    (await t.request({ method: 'GET', url: `/api/reportexports/${jobId}`, token })).json() as JobAnswer
  const exportAudits = async () =>
    (await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'report.exported').execute()).length

  let readyJob: JobAnswer
  it('answers 202 with the job; its progress grows to every row; the file is the report, cell for cell', async () => {
    const auditsBefore = await exportAudits()
    const job = await startExport()
    expect(job).toMatchObject({ reportName: 'Every project', format: 'xlsx', rowsTotal: ROWS, fileName: null, failure: null })
    expect(['queued', 'running']).toContain(job.state)

    const seen: number[] = []
    readyJob = await until(
      () => progressOf(job.id),
      (now) => {
        seen.push(now.rowsDone)
        return now.state !== 'queued' && now.state !== 'running'
      },
      20_000,
      10,
    )
    expect(readyJob).toMatchObject({ state: 'ready', rowsDone: ROWS, rowsTotal: ROWS, failure: null })
    expect(
      seen.some((rows) => rows > 0 && rows < ROWS),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(readyJob.fileName).toMatch(/^Every_project_\d{4}-\d{2}-\d{2}\.xlsx$/)
    expect(new Date(readyJob.expiresAt!).getTime() - new Date(readyJob.finishedAt!).getTime()).toBe(24 * 3600_000)

    const file = await t.request({ method: 'GET', url: `/api/reportexports/${job.id}/file`, token: admin })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(XLSX_TYPE)
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${readyJob.fileName}"`)
    expect(file.rawPayload.byteLength).toBe(readyJob.sizeBytes)
    const { header, numbers } = await workbookNumbers(file.rawPayload)
    expect(header).toEqual(['Number', 'Project'])
    expect(numbers).toEqual(Array.from({ length: ROWS }, (_, i) => projectNumber(i)))

    // Recorded once, when it was asked for; the person was looking, so no e-mail.
    expect(await exportAudits()).toBe(auditsBefore + 1)
    expect(await noticesTo(t.db, 'admin@example.org')).toEqual([])
    const list = (await t.request({ method: 'GET', url: '/api/reportexports', token: admin })).json()
    expect(list.jobs[0]).toMatchObject({ id: job.id, state: 'ready' })
  })

  it('an export of 10,000 rows or fewer, and any CSV, still answer the file in the request', async () => {
    const small = await t.request({
      method: 'POST',
      url: '/api/reportexport',
      token: admin,
      payload: {
        definition: { ...PROJECTS_REPORT, filters: [{ field: 'project_number', op: 'lt', value: projectNumber(10_000) }] },
        format: 'xlsx',
      },
    })
    expect(small.statusCode, small.body.slice(0, 200)).toBe(200)
    expect(small.headers['content-type']).toBe(XLSX_TYPE)
    expect((await workbookNumbers(small.rawPayload)).numbers).toHaveLength(10_000)
    const csv = await t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { reportId, format: 'csv' } })
    expect(csv.statusCode).toBe(200)
    // The header, every project and the grand total.
    expect(csv.body.trim().split('\r\n')).toHaveLength(ROWS + 2)
  })

  it('tells a person who stopped looking by e-mail, once, with a link to the Exports list and no token', async () => {
    const job = await startExport()
    // The person leaves: their screen asks nothing more while the file is written.
    t.clock.advance(3 * 60_000)
    await until(
      () => storedJob(t.db, job.id),
      (row) => row.state === 'ready',
      12_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${t.logLines.filter((line) => line.includes('report export job')).join('\n')}`)
    })
    const notices = await noticesTo(t.db, 'admin@example.org')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe('Your export of Every project is ready')
    expect(notices[0]!.body_text).toContain('The Excel file of Every project (12,000 rows) is ready.')
    expect(notices[0]!.body_text).toContain('until Mar 3, 2026 12:03 AM PST: http://platform.test/reports-studio#exports')
    expect(notices[0]!.body_text).not.toContain('token')
    expect((await storedJob(t.db, job.id)).notice_emailed).toBe(1)
    // Asking again, sweeping, sending the queue: still one.
    expect((await progressOf(job.id)).state).toBe('ready')
    await t.maintenance()
    await t.mailQueue.processDue()
    expect(await noticesTo(t.db, 'admin@example.org')).toHaveLength(1)
    await t.db.kysely.deleteFrom('mail_messages').where('kind', '=', 'report_export_ready').execute()
  })

  it('cancel: the job stops, its pieces are removed, nothing is e-mailed; a second cancel is refused in words', async () => {
    const job = await startExport()
    await until(
      () => storedJob(t.db, job.id),
      (row) => row.state === 'running',
    )
    t.clock.advance(3 * 60_000)
    const cancelled = await t.request({ method: 'POST', url: `/api/reportexports/${job.id}/cancel`, token: admin })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ id: job.id, state: 'cancelled', fileName: null })
    // The instance writing it lets go of it once it has stopped.
    await until(
      () => leaseOf(t.db, job.id),
      (lease) => lease === undefined,
    )
    expect(await chunkCount(t.db, job.id)).toBe(0)
    expect((await storedJob(t.db, job.id)).state).toBe('cancelled')
    expect(await noticesTo(t.db, 'admin@example.org')).toEqual([])
    const again = await t.request({ method: 'POST', url: `/api/reportexports/${job.id}/cancel`, token: admin })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: 'This export is cancelled and can no longer be cancelled.', code: 'export_not_cancellable' })
    const file = await t.request({ method: 'GET', url: `/api/reportexports/${job.id}/file`, token: admin })
    expect(file.statusCode).toBe(404)
    expect(file.json().code).toBe('export_not_ready')
  })

  it('only its owner sees, cancels or downloads a job: anyone else is told there is none', async () => {
    const other = await t.createUser({ roleCode: 'ADMIN' })
    const otherToken = await t.signIn(other.email)
    for (const [method, url] of [
      ['GET', `/api/reportexports/${readyJob.id}`],
      ['POST', `/api/reportexports/${readyJob.id}/cancel`],
      ['GET', `/api/reportexports/${readyJob.id}/file`],
    ] as const) {
      const answer = await t.request({ method, url, token: otherToken })
      expect(answer.statusCode, `${method} ${url}`).toBe(404)
      expect(answer.json()).toEqual({ error: `There is no export with id ${readyJob.id}.`, code: 'export_not_found' })
    }
    expect((await t.request({ method: 'GET', url: '/api/reportexports', token: otherToken })).json()).toEqual({ jobs: [] })
    expect((await t.request({ method: 'GET', url: `/api/reportexports/${readyJob.id}` })).statusCode).toBe(401)
  })

  it('after 24 hours the file is gone: refused in words, its pieces removed by the sweep', async () => {
    expect(await chunkCount(t.db, readyJob.id)).toBeGreaterThan(0)
    t.clock.advance(24 * 3600_000 + 60_000)
    // A day later the person signs in again.
    admin = await t.signIn('admin@example.org')
    const late = await t.request({ method: 'GET', url: `/api/reportexports/${readyJob.id}/file`, token: admin })
    expect(late.statusCode).toBe(404)
    expect(late.json().code).toBe('export_expired')
    expect(late.json().error).toMatch(
      /^This export's file was removed on \w{3} \d+, \d{4} \d+:\d{2} [AP]M \w+, when its time was up\. Export the report again\.$/,
    )
    await t.maintenance()
    expect(await chunkCount(t.db, readyJob.id)).toBe(0)
    expect((await progressOf(readyJob.id)).state).toBe('expired')
    expect((await t.request({ method: 'GET', url: `/api/reportexports/${readyJob.id}/file`, token: admin })).json().code).toBe(
      'export_expired',
    )
  })
})
