import ExcelJS from 'exceljs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { type SmtpPeer, startSmtpPeer } from '../../../../test/smtp-peer.js'
import { testDialects } from '../../../../test/test-database.js'
import { createApplicationsRepository } from '../../applications/applications.repository.js'
import { PROJECTS_REPORT, seedProjects } from '../export-jobs/export-jobs-testing.js'
import { subscriptionSchedulerOf } from './subscription-scheduler.js'
import {
  createProjectsReport,
  deliveriesOf,
  FIRST_MONDAY_7AM,
  MONDAYS_AT_7,
  READER_APPS,
  runsOf,
  subscribe,
  subscriptionMailsTo,
  unsubscribeTokenIn,
} from './subscriptions-testing.js'

const PROJECTS = 12

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  let text = ''
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent()
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n'
  }
  await document.destroy()
  return text
}

describe.each(testDialects())('report subscriptions delivered by the scheduler (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let admin: string
  let reportId: number
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.inbox.length = 0
    t = await buildTestApp({ dialect, smtp })
    admin = await t.signIn('admin@example.org')
    await seedProjects(t.db, t.clock.now().toISOString(), PROJECTS)
    reportId = await createProjectsReport(t.request, admin)
  })
  afterEach(() => t.close())

  /** The scheduler's tick at `at`, then the mail queue handing what it queued to the SMTP peer. */
  async function tickAt(at: string) {
    t.clock.set(new Date(at))
    await subscriptionSchedulerOf(t.app).tick()
    await t.mailQueue.processDue()
  }

  it('delivers XLSX, CSV and PDF attachments at the schedule’s hour and not before, run as the recipient', async () => {
    const reader = await t.createUser({ fullName: 'Rita Reader', applications: READER_APPS })
    const ids: Record<string, number> = {}
    for (const format of ['xlsx', 'csv', 'pdf'] as const) {
      const made = await subscribe(t.request, admin, { reportId, recipientIds: [reader.userId], format, schedule: MONDAYS_AT_7 })
      expect(made.nextRunAt).toBe(FIRST_MONDAY_7AM)
      ids[format] = made.id
    }

    await tickAt('2026-03-02T14:59:30.000Z')
    expect(smtp.inbox).toHaveLength(0)
    expect(await runsOf(t.db, ids.xlsx!)).toEqual([])

    await tickAt('2026-03-02T15:00:20.000Z')
    const mails = smtp.inbox.filter((mail) => mail.to.includes(reader.email))
    expect(mails).toHaveLength(3)
    const attachment = (extension: string) => {
      const mail = mails.find((candidate) => candidate.attachments[0]?.filename.endsWith(`.${extension}`))
      expect(mail, `an e-mail with a .${extension} file`).toBeDefined()
      return { mail: mail!, file: mail!.attachments[0]! }
    }

    const xlsx = attachment('xlsx')
    expect(xlsx.mail.subject).toBe('Every project: your scheduled report')
    expect(xlsx.mail.text).toContain(`(${PROJECTS} rows)`)
    expect(xlsx.mail.text).toContain('Every Monday at 7:00 AM')
    const sheet = await workbookOf(xlsx.file.bytes)
    expect(sheet.flat()).toContain('Every project')
    const header = sheet.findIndex((row) => row[0] === 'Number')
    const details = sheet.slice(header + 1).filter((row) => typeof row[0] === 'string' && String(row[0]).startsWith('04-'))
    expect(details.map((row) => row[1])).toEqual(Array.from({ length: PROJECTS }, (_, i) => `Project ${i}`))

    const csv = attachment('csv')
    const text = csv.file.bytes.toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('Number,Project')
    expect(lines.slice(1, -1)).toEqual(Array.from({ length: PROJECTS }, (_, i) => `04-${String(i).padStart(6, '0')},Project ${i}`))
    expect(lines.at(-1)).toBe('Total,')

    const pdf = attachment('pdf')
    expect(pdf.file.contentType).toBe('application/pdf')
    const printed = await pdfText(pdf.file.bytes)
    expect(printed).toContain('Every project')
    expect(printed).toContain('Project 11')

    // Every e-mail carries its own unsubscribe link; the run and its delivery are in the history.
    for (const mail of mails) expect(unsubscribeTokenIn(mail.text)).toMatch(/^\d+\.\d+\./)
    const deliveries = await deliveriesOf(t.db, ids.xlsx!)
    expect(deliveries).toEqual([
      expect.objectContaining({
        user_id: reader.userId,
        outcome: 'sent',
        sent_as: 'attachment',
        rows: PROJECTS,
        scheduled_for: FIRST_MONDAY_7AM,
      }),
    ])
    expect(deliveries[0]!.size_bytes).toBe(xlsx.file.bytes.byteLength)
    const history = await t.request({ method: 'GET', url: `/api/reportsubscriptions/${ids.xlsx}/runs`, token: admin })
    expect(history.json().runs).toEqual([
      expect.objectContaining({
        scheduledFor: FIRST_MONDAY_7AM,
        state: 'done',
        deliveries: [expect.objectContaining({ fullName: 'Rita Reader', outcome: 'sent', sentAs: 'attachment', rows: PROJECTS })],
      }),
    ])

    // The same tick again sends nothing more; the next one is a week later.
    await tickAt('2026-03-02T15:05:00.000Z')
    expect(smtp.inbox.filter((mail) => mail.to.includes(reader.email))).toHaveLength(3)
    const shown = await t.request({ method: 'GET', url: `/api/reportsubscriptions/${ids.xlsx}`, token: admin })
    expect(shown.json()).toMatchObject({ nextRunAt: '2026-03-09T14:00:00.000Z', lastRunAt: expect.any(String) })
  })

  it('sends one run for the latest of several times missed while the platform was down', async () => {
    const reader = await t.createUser({ applications: READER_APPS })
    const made = await subscribe(t.request, admin, { reportId, recipientIds: [reader.userId], format: 'link', schedule: MONDAYS_AT_7 })
    // Three Mondays pass (one of them across the change to daylight time) before an instance looks again.
    await tickAt('2026-03-20T12:00:00.000Z')
    expect(await runsOf(t.db, made.id)).toEqual([expect.objectContaining({ scheduled_for: '2026-03-16T14:00:00.000Z', state: 'done' })])
    const mail = await smtp.waitForMail(reader.email)
    expect(mail.attachments).toEqual([])
    expect(mail.text).toContain(`http://platform.test/reports-studio?report=${reportId}&subscription=${made.id}`)
    expect((await deliveriesOf(t.db, made.id))[0]).toMatchObject({ outcome: 'sent', sent_as: 'link', rows: PROJECTS })
  })

  it('sends a notice, and nothing of the report, to recipients who may no longer see it', async () => {
    const revoked = await t.createUser({ fullName: 'Rex Revoked', applications: READER_APPS })
    const inactive = await t.createUser({ fullName: 'Ida Inactive', applications: READER_APPS })
    const noTracker = await t.createUser({ fullName: 'Nat Notracker', applications: READER_APPS })
    const keeps = await t.createUser({ fullName: 'Kim Keeps', applications: READER_APPS })
    const made = await subscribe(t.request, admin, {
      reportId,
      recipientIds: [revoked.userId, inactive.userId, noTracker.userId, keeps.userId],
      format: 'csv',
      schedule: MONDAYS_AT_7,
    })
    const appIdOf = async (code: string) =>
      (await t.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', code).executeTakeFirstOrThrow()).app_id
    // Reports Studio taken away from one, the account of another made inactive, the tracker (the dataset's application) from a third.
    await t.db.kysely
      .deleteFrom('user_permissions')
      .where('user_id', '=', revoked.userId)
      .where('app_id', '=', await appIdOf('REPORTS_STUDIO'))
      .execute()
    await t.db.kysely
      .deleteFrom('user_permissions')
      .where('user_id', '=', noTracker.userId)
      .where('app_id', '=', await appIdOf('DSA_TRACKER'))
      .execute()
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('user_id', '=', inactive.userId).execute()
    await createApplicationsRepository(t.db).bumpAccessVersion()

    await tickAt('2026-03-02T15:00:00.000Z')
    const outcomes = new Map((await deliveriesOf(t.db, made.id)).map((row) => [row.user_id, row]))
    expect(outcomes.get(keeps.userId)).toMatchObject({ outcome: 'sent', rows: PROJECTS })
    const reasons = {
      [revoked.email]: 'you no longer have access to Reports Studio.',
      [inactive.email]: 'your account is no longer active.',
      [noTracker.email]: 'you may no longer view the data this report reads.',
    }
    for (const person of [revoked, inactive, noTracker]) {
      expect(outcomes.get(person.userId)).toMatchObject({ outcome: 'notice', sent_as: null, rows: null, size_bytes: null })
      const mail = await smtp.waitForMail(person.email)
      expect(mail.subject).toBe('Every project was not sent to you')
      expect(mail.text).toContain(reasons[person.email])
      expect(mail.attachments).toEqual([])
      expect(mail.text).not.toMatch(/Project \d|04-0000/)
      expect(mail.text).toContain('/unsubscribe#')
    }
    const kept = await smtp.waitForMail(keeps.email)
    expect(kept.attachments[0]!.content).toContain('Project 3')
  })

  it('pausing stops deliveries; resuming delivers from the next time on; an unsubscribed recipient receives nothing', async () => {
    const stays = await t.createUser({ applications: READER_APPS })
    const leaves = await t.createUser({ applications: READER_APPS })
    const made = await subscribe(t.request, admin, {
      reportId,
      recipientIds: [stays.userId, leaves.userId],
      format: 'link',
      schedule: { frequency: 'daily', hour: 6 },
    })
    const paused = await t.request({
      method: 'POST',
      url: `/api/reportsubscriptions/${made.id}/pause`,
      token: admin,
      payload: { paused: true },
    })
    expect(paused.json()).toMatchObject({ paused: true, nextRunAt: null, pausedBy: 'District Administrator' })
    await tickAt('2026-03-03T15:00:00.000Z')
    expect(await runsOf(t.db, made.id)).toEqual([])
    expect(smtp.inbox).toHaveLength(0)

    // A day later: the session of the morning has ended.
    admin = await t.signIn('admin@example.org')
    const resumed = await t.request({
      method: 'POST',
      url: `/api/reportsubscriptions/${made.id}/pause`,
      token: admin,
      payload: { paused: false },
    })
    expect(resumed.json()).toMatchObject({ paused: false, nextRunAt: '2026-03-04T14:00:00.000Z' })
    await tickAt('2026-03-04T14:00:00.000Z')
    const token = unsubscribeTokenIn((await smtp.waitForMail(leaves.email)).text)
    const left = await t.request({ method: 'POST', url: '/api/public/report-subscriptions/unsubscribe', payload: { token } })
    expect(left.statusCode, left.body).toBe(200)
    expect(left.json()).toEqual({ reportName: 'Every project', message: "You will no longer receive 'Every project' by e-mail." })

    await tickAt('2026-03-05T14:00:00.000Z')
    expect(await subscriptionMailsTo(t.db, stays.email)).toHaveLength(2)
    expect(await subscriptionMailsTo(t.db, leaves.email)).toHaveLength(1)
    const second = (await deliveriesOf(t.db, made.id)).filter((row) => row.scheduled_for === '2026-03-05T14:00:00.000Z')
    expect(second.find((row) => row.user_id === leaves.userId)).toMatchObject({ outcome: 'unsubscribed', message_id: null })
  })
  it('records a report that can no longer run as failed, in words, and e-mails nobody; a deleted report takes its subscriptions', async () => {
    const withParameter = (type: string) => ({
      ...PROJECTS_REPORT,
      parameters: [{ id: 'min', label: 'Least cost', type }],
      filters: [{ field: 'construction_cost', op: 'gte', value: { param: 'min' }, ignoreIfEmpty: true }],
    })
    const created = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: admin,
      payload: { name: 'Costly projects', definition: withParameter('decimal') },
    })
    const costly = created.json().report.REPORT_ID as number
    const reader = await t.createUser({ applications: READER_APPS })
    const made = await subscribe(t.request, admin, {
      reportId: costly,
      parameters: { min: '2.5' },
      recipientIds: [reader.userId],
      format: 'pdf',
      schedule: MONDAYS_AT_7,
    })
    // The report is changed afterwards: its parameter now takes whole numbers only, and the subscription's 2.5 is not one.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/reportupdate?reportId=${costly}`,
      token: admin,
      payload: { definition: withParameter('integer') },
    })
    expect(changed.statusCode, changed.body).toBe(200)

    await tickAt(FIRST_MONDAY_7AM)
    const [delivery] = await deliveriesOf(t.db, made.id)
    expect(delivery).toMatchObject({ user_id: reader.userId, outcome: 'failed', message_id: null, sent_as: null })
    expect(delivery!.detail).toContain('Least cost')
    expect(await subscriptionMailsTo(t.db, reader.email)).toEqual([])
    expect((await runsOf(t.db, made.id))[0]).toMatchObject({ state: 'done' })

    const deleted = await t.request({ method: 'DELETE', url: `/api/reportdelete?reportId=${costly}`, token: admin })
    expect(deleted.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/reportsubscriptions/${made.id}`, token: admin })).statusCode).toBe(404)
    expect(await runsOf(t.db, made.id)).toEqual([])
  })
})

describe.each(testDialects())('a scheduled file too large to attach (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpPeer()
    // A limit of about 1 KB: the projects' workbook is larger.
    t = await buildTestApp({ dialect, smtp, env: { MAIL_ATTACHMENT_LIMIT_MB: '0.001' } })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('goes as a link to the file kept seven days, which only the recipient downloads', async () => {
    const admin = await t.signIn('admin@example.org')
    await seedProjects(t.db, t.clock.now().toISOString(), 40)
    const reportId = await createProjectsReport(t.request, admin)
    const reader = await t.createUser({ applications: READER_APPS })
    const made = await subscribe(t.request, admin, { reportId, recipientIds: [reader.userId], format: 'xlsx', schedule: MONDAYS_AT_7 })
    t.clock.set(new Date(FIRST_MONDAY_7AM))
    await subscriptionSchedulerOf(t.app).tick()
    await t.mailQueue.processDue()

    const mail = await smtp.waitForMail(reader.email)
    expect(mail.attachments).toEqual([])
    expect(mail.text).toContain('is too large to attach')
    expect(mail.text).toContain('http://platform.test/reports-studio#exports')
    const [delivery] = await deliveriesOf(t.db, made.id)
    expect(delivery).toMatchObject({ outcome: 'sent', sent_as: 'file-link', rows: 40 })
    expect(delivery!.size_bytes).toBeGreaterThan(1024)

    const readerToken = await t.signIn(reader.email)
    const jobs = (await t.request({ method: 'GET', url: '/api/reportexports', token: readerToken })).json().jobs
    expect(jobs).toEqual([
      expect.objectContaining({ id: delivery!.export_job_id, state: 'ready', reportName: 'Every project', format: 'xlsx' }),
    ])
    expect(new Date(jobs[0].expiresAt).getTime() - new Date(FIRST_MONDAY_7AM).getTime()).toBe(7 * 86_400_000)
    const file = await t.request({ method: 'GET', url: `/api/reportexports/${delivery!.export_job_id}/file`, token: readerToken })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.byteLength).toBe(delivery!.size_bytes)
    const rows = await workbookOf(file.rawPayload)
    expect(rows.flat()).toContain('Project 39')
    // Nobody else reaches it, the subscription's creator included.
    const other = await t.request({ method: 'GET', url: `/api/reportexports/${delivery!.export_job_id}/file`, token: admin })
    expect(other.statusCode).toBe(404)
  })
})
