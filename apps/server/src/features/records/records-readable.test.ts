import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { z } from 'zod'
import {
  AssignInputSchema,
  DetermineInputSchema,
  ExemptionMarkInputSchema,
  ExtendInputSchema,
  FeeInputSchema,
  FiscalLinkInputSchema,
  LetterDraftInputSchema,
  LetterIssueInputSchema,
  RecordsSettingsInputSchema,
  RequestInputSchema,
  RequestListQuerySchema,
  TaskInputSchema,
  TimeEntryInputSchema,
} from '@platform/contracts/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, issueLetter, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'

/** A code that reached a person: 'VOLUMINOUS_X'-style constants and 'extendedDueOn'-style field names. */
const CODE_SHAPED = [/\b[A-Z]{2,}_[A-Z_]+\b/, /\b[a-z]+[A-Z][a-zA-Z]+\b/]
const expectWords = (text: string) => {
  for (const pattern of CODE_SHAPED) expect(text, text).not.toMatch(pattern)
}

/** The API leads with where the refusal is ('Invalid body: …'); what follows is one sentence per field. */
const sentencesOf = (error: string) =>
  error
    .replace(/^Invalid \w+: /, '')
    .split('; ')
    .map((part) => part.replace(/^[\w.]+: /, ''))

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return parts.join('\n').replace(/\s+/g, ' ')
}

describe('records contracts: every refusal in words', () => {
  const refusals: Array<[z.ZodType, unknown]> = [
    [RequestInputSchema, { receivedAt: 'yesterday', channel: 'FAX', requesterName: '', requesterContact: '', text: '' }],
    [RequestListQuerySchema, { state: 'OPENISH', due: 'LATER', assigneeId: 'x' }],
    [AssignInputSchema, { userId: 'x', role: 'BOSS', reason: '' }],
    [AssignInputSchema, { userId: 4, role: 'CUSTODIAN', reason: 'Keeps the files' }],
    [TaskInputSchema, {}],
    [ExtendInputSchema, { reason: 'BUSY', days: 'a' }],
    [ExtendInputSchema, { reason: 'VOLUMINOUS', days: 15 }],
    [DetermineInputSchema, { outcome: 'MAYBE', estimatedProductionOn: '2026-02-30', exemptionIds: ['x'] }],
    [ExemptionMarkInputSchema, { fromPage: 3, toPage: 1, exemptionId: 0 }],
    [ExemptionMarkInputSchema, {}],
    [LetterDraftInputSchema, { kind: 'MEMO' }],
    [LetterIssueInputSchema, {}],
    [FeeInputSchema, { kind: 'SEARCH', description: 'x', quantity: 1, unitCents: 10 }],
    [FeeInputSchema, { kind: 'POSTAGE', description: 'x', quantity: 1, unitCents: 10 }],
    [FeeInputSchema, { kind: 'ELECTRONIC_WORK', description: 'x', quantity: 1, unitCents: 10 }],
    [FeeInputSchema, { kind: 'DUPLICATION', electronicBasis: 'PROGRAMMING', description: 'x', quantity: 0, unitCents: 0 }],
    [TimeEntryInputSchema, { minutes: 0, activity: '', workedOn: 'today' }],
    [FiscalLinkInputSchema, { kind: 'INVOICE' }],
    [RecordsSettingsInputSchema, { afterHoursRule: 'yes', businessHoursStart: '9', businessHoursEnd: '08:00' }],
  ]

  it('names what is wrong and the choices by their words, never by their codes', () => {
    for (const [schema, input] of refusals) {
      const result = schema.safeParse(input)
      expect(result.success, JSON.stringify(input)).toBe(false)
      for (const issue of result.error!.issues) expectWords(issue.message)
    }
    const reason = ExtendInputSchema.safeParse({ reason: 'BUSY', days: 5 })
    expect(reason.error!.issues[0]!.message).toContain('A voluminous amount of separate records')
  })
})

describe.each(testDialects())('records requests in words, on the district clock (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect, env: { DISTRICT_NAME: 'Mesa Verde Unified School District' } })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
  })
  afterEach(() => t.close())

  const detail = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token: await t.signIn(coordinator.email) })).json().data

  it('tells the timeline in sentences, and refuses a step in words', async () => {
    const { id } = await intake(t, coordinator.token)
    const refused = await step(t, signatory.token, id, 'extend', { reason: 'BUSY', days: 30 })
    expect(refused.statusCode).toBe(400)
    for (const sentence of sentencesOf(refused.json().error)) expectWords(sentence)
    const late = await step(t, signatory.token, id, 'determine', { outcome: 'DISCLOSABLE' })
    expect(late.json().code).toBe('estimated_date_required')
    expectWords(late.json().error)

    expect((await step(t, signatory.token, id, 'extend', { reason: 'VOLUMINOUS', days: 14 })).statusCode).toBe(200)
    const assigned = await step(t, coordinator.token, id, 'assignments', {
      userId: coordinator.userId,
      role: 'POINT_PERSON',
      reason: 'Knows the warrant files',
    })
    expect(assigned.statusCode).toBe(200)
    const determined = await step(t, signatory.token, id, 'determine', { outcome: 'NO_RECORDS' })
    expect(determined.statusCode).toBe(200)
    // Producing records after "no records" is refused in words, not by the outcome's code.
    const produce = await step(t, coordinator.token, id, 'produce')
    expect(produce.statusCode).toBe(409)
    expectWords(produce.json().error)

    const timeline = (await detail(id)).timeline as Array<{ action: string; event: string; text: string }>
    for (const entry of timeline) {
      expectWords(entry.event)
      expectWords(entry.text)
    }
    const pointPerson = (await detail(id)).assignments[0].userName as string
    expect(timeline.map((entry) => entry.text)).toEqual([
      'Request received by e-mail; determination due Wed Mar 11, 2026',
      'Extended by 14 days to Wed Mar 25, 2026: a voluminous amount of separate records',
      `Assigned ${pointPerson} as point person: Knows the warrant files`,
      'Determined: no records; on time',
    ])
  })

  it('heads its letters with the district’s name', async () => {
    const { id } = await intake(t, coordinator.token)
    const letterId = await issueLetter(t, coordinator.token, signatory.token, id, 'ACKNOWLEDGMENT')
    const pdf = await t.request({ method: 'GET', url: `/api/records-requests/${id}/letters/${letterId}/pdf`, token: coordinator.token })
    expect(pdf.statusCode).toBe(200)
    const text = await pdfText(pdf.rawPayload)
    expect(text.startsWith('Mesa Verde Unified School District')).toBe(true)
    expect(text).toContain('Acknowledgment of your public records request')
    expectWords(text.replace(/PRR-\d{4}-\d{4}/g, ''))
  })

  it('lists the overdue first, then the open by due date, the closed last', async () => {
    t.clock.set(new Date('2026-03-20T18:00:00.000Z'))
    const token = await t.signIn(coordinator.email)
    const signer = await t.signIn(signatory.email)
    // Received first, so due first, but closed: it goes last.
    const closed = await intake(t, token, { receivedAt: '2026-02-20T18:00:00.000Z', text: 'Old request' })
    expect((await step(t, signer, closed.id, 'determine', { outcome: 'NO_RECORDS' })).statusCode).toBe(200)
    await issueLetter(t, token, signer, closed.id, 'DETERMINATION')
    expect((await step(t, token, closed.id, 'close')).json().data.state).toBe('CLOSED')
    // Determined on time, its due date passed: its clock stopped, so it is not overdue.
    const determined = await intake(t, token, { receivedAt: '2026-03-01T18:00:00.000Z', text: 'Determined request' })
    expect((await step(t, signer, determined.id, 'determine', { outcome: 'NO_RECORDS' })).statusCode).toBe(200)
    const later = await intake(t, token, { receivedAt: '2026-03-19T18:00:00.000Z', text: 'Later request' })
    const overdue = await intake(t, token, { receivedAt: '2026-03-05T18:00:00.000Z', text: 'Overdue request' })

    const rows = (await t.request({ method: 'GET', url: '/api/records-requests', token })).json().data as Array<{
      id: number
      status: string
    }>
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [overdue.id, 'OVERDUE'],
      [determined.id, 'STOPPED'],
      [later.id, 'ON_TRACK'],
      [closed.id, 'STOPPED'],
    ])
  })

  it('falls due at the end of the district’s day, around midnight and across a clock change', async () => {
    // Received Sun Mar 1 (Pacific standard time), due Wed Mar 11, after daylight saving time began on Mar 8.
    const spring = await intake(t, coordinator.token)
    const at = async (instant: string, id: number) => {
      t.clock.set(new Date(instant))
      const page = await detail(id)
      return [page.status, page.daysLeft, page.dueAt]
    }
    expect((await detail(spring.id)).dueOn).toBe('2026-03-11')
    const springEnd = '2026-03-12T06:59:59.999Z'
    // 5 p.m. on the due day in California is midnight UTC: still due today, whatever UTC says.
    expect(await at('2026-03-12T00:30:00.000Z', spring.id)).toEqual(['DUE_TODAY', 0, springEnd])
    // 11:59 p.m. Pacific daylight time: the last minute of the day.
    expect(await at('2026-03-12T06:59:00.000Z', spring.id)).toEqual(['DUE_TODAY', 0, springEnd])
    // Midnight in California: overdue (an hour before a standard-time reckoning would say so).
    expect(await at('2026-03-12T07:00:00.000Z', spring.id)).toEqual(['OVERDUE', -1, springEnd])

    // Received Thu Oct 22 (daylight time); day 10 is Sun Nov 1, when standard time returns, so due Mon Nov 2.
    t.clock.set(new Date('2026-10-22T18:00:00.000Z'))
    const fall = await intake(t, await t.signIn(coordinator.email), { receivedAt: '2026-10-22T17:00:00.000Z' })
    expect((await detail(fall.id)).dueOn).toBe('2026-11-02')
    const fallEnd = '2026-11-03T07:59:59.999Z'
    expect(await at('2026-11-03T07:30:00.000Z', fall.id)).toEqual(['DUE_TODAY', 0, fallEnd])
    expect(await at('2026-11-03T08:00:00.000Z', fall.id)).toEqual(['OVERDUE', -1, fallEnd])
  })
})
