import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, setUpRecords, step } from '../../../test/records.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'
import { closeRequest, submitted, tracking } from './portal/test-portal.js'

describe.each(testDialects())('records requests: messages between the requester and the records office (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let custodian: RecordsPerson
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.inbox.splice(0)
    t = await buildTestApp({ dialect, smtp })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    custodian = await setup.person(['CUSTODIAN'])
  })
  afterEach(() => t.close())

  const detail = async (token: string, id: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).json().data
  const answer = (person: RecordsPerson, id: number, message: unknown) => step(t, person.token, id, 'messages', { message })
  const queueKeys = async (person: RecordsPerson) =>
    ((await t.request({ method: 'GET', url: '/api/my-queue', token: person.token })).json().data as Array<{ key: string }>).map(
      (item) => item.key,
    )
  const nameOf = async (person: RecordsPerson) =>
    (await t.db.kysely.selectFrom('users').select('full_name').where('user_id', '=', person.userId).executeTakeFirstOrThrow()).full_name
  const answerMails = () =>
    t.db.kysely.selectFrom('mail_messages').select(['recipient', 'body_text', 'status']).where('kind', '=', 'records_answer').execute()

  it('e-mails a staff answer to a requester with an address, in the mail log and through the mail server', async () => {
    const filed = await submitted(t)
    const asked = await tracking(t, '/messages', filed.number, filed.token, { message: 'Could you include the April minutes too?' })
    expect(asked.statusCode).toBe(201)
    const before = await detail(coordinator.token, filed.id)
    expect(before.unansweredMessages).toBe(1)
    expect(before.messages).toEqual([
      expect.objectContaining({
        direction: 'FROM_REQUESTER',
        body: 'Could you include the April minutes too?',
        authorName: null,
        delivery: null,
      }),
    ])
    expect(before.actions.message).toBe(true)
    expect(before.timeline.map((entry: { text: string }) => entry.text)).toContain('Message from the requester')

    const text = 'Yes: the April minutes are part of the same file.\nThey will be released with the others.'
    const answered = await answer(coordinator, filed.id, text)
    expect(answered.statusCode).toBe(200)
    const page = answered.json().data
    expect(page.unansweredMessages).toBe(0)
    expect(page.messages[1]).toMatchObject({
      direction: 'TO_REQUESTER',
      body: text,
      authorName: await nameOf(coordinator),
      delivery: { channel: 'EMAIL', recipient: 'ana@example.net', state: 'QUEUED', attempts: 0, sentAt: null },
    })
    expect(page.timeline.at(-1)).toMatchObject({ action: 'records.message_sent', text: 'Answer e-mailed to the requester' })
    // The audit row keeps how long the answer was, not what it said.
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'records.message_sent')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details!)).toMatchObject({ number: filed.number, length: text.length, emailed: true })
    expect(audit.details).not.toContain('April')

    expect(await answerMails()).toEqual([expect.objectContaining({ recipient: 'ana@example.net', status: 'queued' })])
    await t.mailQueue.processDue()
    // The acknowledgment went to the same address: the answer is the mail with its own subject.
    await smtp.waitForMail('ana@example.net')
    const mail = smtp.inbox.find((received) => received.subject.includes('a message from the records office'))!
    expect(mail.to).toEqual(['ana@example.net'])
    expect(mail.subject).toBe(`Public records request ${filed.number}: a message from the records office`)
    expect(mail.text).toContain(`wrote about your public records request ${filed.number}:`)
    expect(mail.text).toContain('Yes: the April minutes are part of the same file.')
    expect(mail.text).toContain('They will be released with the others.')
    const sent = (await detail(coordinator.token, filed.id)).messages[1].delivery
    expect(sent).toMatchObject({ state: 'SENT', attempts: 1, lastError: null })
    expect(sent.sentAt).not.toBeNull()
  })

  it('keeps an answer to a requester without e-mail on the request, with no e-mail queued', async () => {
    const { id } = await intake(t, coordinator.token, { requesterContact: '12 Elm Street, Springfield CA 90000' })
    const answered = await answer(coordinator, id, 'Your request was received; a letter follows by post.')
    expect(answered.statusCode).toBe(200)
    expect(answered.json().data.messages).toEqual([
      expect.objectContaining({ direction: 'TO_REQUESTER', body: 'Your request was received; a letter follows by post.', delivery: null }),
    ])
    expect(answered.json().data.timeline.at(-1).text).toBe('Answer written to the requester (no e-mail address: it goes by post)')
    expect(await answerMails()).toEqual([])
  })

  it('lets those working the request answer, in any state; refuses others and bad input, storing nothing', async () => {
    const { id } = await intake(t, coordinator.token)
    const viewer = await setup.person(['VIEWER'])
    expect((await detail(signatory.token, id)).actions.message).toBe(false)
    expect((await detail(custodian.token, id)).actions.message).toBe(false)
    for (const person of [signatory, custodian, viewer]) {
      const refused = await answer(person, id, 'Hello.')
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error).toContain('To write to the requester you need')
    }
    for (const bad of ['', '   ', 'x'.repeat(5001), 42, 'a\u0000b']) {
      const refused = await answer(coordinator, id, bad)
      expect(refused.statusCode, JSON.stringify(bad).slice(0, 20)).toBe(400)
    }
    expect((await answer(coordinator, 9999, 'Hello.')).statusCode).toBe(404)
    expect(await t.db.kysely.selectFrom('records_messages').selectAll().execute()).toEqual([])
    expect(await answerMails()).toEqual([])

    const assigned = await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the warrants',
      task: 'Search the warrant register',
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect((await answer(custodian, id, 'We are searching the warrant register.')).statusCode).toBe(200)
    // The requester may write after the request closed; the office answers them then too.
    await closeRequest(t, { coordinator, signatory }, id, 'NO_RECORDS')
    const late = await answer(coordinator, id, 'No records were found, as the letter says.')
    expect(late.statusCode).toBe(200)
    expect(late.json().data.state).toBe('CLOSED')
    expect(await answerMails()).toHaveLength(2)
  })

  it("puts a requester's message in the point person's and custodians' My queue, else the coordinators'; an answer clears it", async () => {
    const filed = await submitted(t)
    const item = `PUBLIC_INFO:request:${filed.id}:answer`
    expect(await queueKeys(coordinator)).not.toContain(item)
    const asked = await tracking(t, '/messages', filed.number, filed.token, { message: 'Is there any news?' })
    expect(asked.statusCode, asked.body).toBe(201)
    // Nobody assigned: the coordinators answer.
    expect(await queueKeys(coordinator)).toContain(item)
    const [entry] = (
      (await t.request({ method: 'GET', url: '/api/my-queue', token: coordinator.token })).json().data as Array<Record<string, unknown>>
    ).filter((candidate) => candidate.key === item)
    expect(entry).toMatchObject({
      title: `Answer the requester of ${filed.number}`,
      detail: '1 message from the requester waiting for an answer',
      href: `/apps/public-info/requests/${filed.id}#messages`,
    })
    // A signatory point person cannot answer (no dead end in the queue): it stays with the coordinators.
    await step(t, coordinator.token, filed.id, 'assignments', { userId: signatory.userId, role: 'POINT_PERSON', reason: 'Signs' })
    expect(await queueKeys(signatory)).not.toContain(item)
    expect(await queueKeys(coordinator)).toContain(item)
    // An assigned custodian answers; the coordinators no longer need to.
    const assigned = await step(t, coordinator.token, filed.id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the minutes',
      task: 'Find the board minutes',
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(await queueKeys(custodian)).toContain(item)
    expect(await queueKeys(coordinator)).not.toContain(item)
    await tracking(t, '/messages', filed.number, filed.token, { message: 'Hello again.' })
    expect((await detail(custodian.token, filed.id)).unansweredMessages).toBe(2)

    expect((await answer(custodian, filed.id, 'The search is under way.')).statusCode).toBe(200)
    expect(await queueKeys(custodian)).not.toContain(item)
    await tracking(t, '/messages', filed.number, filed.token, { message: 'Thank you. One more question.' })
    expect(await queueKeys(custodian)).toContain(item)
    expect((await detail(custodian.token, filed.id)).unansweredMessages).toBe(1)
  })
})
