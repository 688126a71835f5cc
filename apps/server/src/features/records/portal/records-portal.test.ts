import { dayInWords } from '@platform/contracts/records-clock'
import { NEW_LINK_SENT } from '@platform/contracts/records-portal'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { type RecordsPerson, setUpRecords, step } from '../../../../test/records.js'
import { type SmtpPeer, startSmtpPeer } from '../../../../test/smtp-peer.js'
import { testDialects } from '../../../../test/test-database.js'
import { closeRequest, determine, release, submitted, tokenOf, tracking, upload } from './test-portal.js'

const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDialects())('records portal: a request from the public, its tracking link and what it shows (%s)', (dialect) => {
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

  const nameOf = async (person: RecordsPerson) =>
    (await t.db.kysely.selectFrom('users').select('full_name').where('user_id', '=', person.userId).executeTakeFirstOrThrow()).full_name

  it('records the request with its clock, e-mails the acknowledgment with the tracking link, and the link opens the request', async () => {
    const receipt = await submitted(t)
    expect(receipt).toMatchObject({ number: 'PRR-2026-0001', emailed: true, dueInWords: dayInWords(receipt.dueOn) })
    expect(receipt.trackingUrl).toBe(`http://platform.test/public-records/track/PRR-2026-0001#${receipt.token}`)
    expect(receipt.token.length).toBeGreaterThanOrEqual(43)

    const row = await t.db.kysely.selectFrom('records_requests').selectAll().where('number', '=', receipt.number).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      channel: 'WEB_FORM',
      created_by: null,
      requester_name: 'Ana Requester',
      requester_contact: 'ana@example.net',
    })
    const requester = await t.db.kysely
      .selectFrom('records_requesters')
      .selectAll()
      .where('request_id', '=', row.request_id)
      .executeTakeFirstOrThrow()
    expect(requester).toMatchObject({ email: 'ana@example.net', preferred_format: 'ELECTRONIC', via_portal: 1 })
    expect(requester.tracking_hash).toMatch(/^[\w-]{43}$/)
    expect(requester.tracking_hash).not.toBe(receipt.token)

    await t.mailQueue.processDue()
    const mail = await smtp.waitForMail('ana@example.net')
    expect(mail.subject).toBe('Your public records request PRR-2026-0001 was received')
    expect(mail.text).toContain(`by ${dayInWords(receipt.dueOn)}`)
    expect(mail.text).toContain(dayInWords(row.counted_from))
    const token = tokenOf(mail.text)
    expect(token).toBe(receipt.token)

    const opened = await tracking(t, '', receipt.number, token)
    expect(opened.statusCode).toBe(200)
    expect(opened.json().data).toMatchObject({
      number: 'PRR-2026-0001',
      state: 'RECEIVED',
      dueOn: receipt.dueOn,
      text: 'Board minutes of March 2025 about the new bus contract.',
      preferredFormat: 'ELECTRONIC',
      letters: [],
      documents: [],
      messages: [],
      linkValidUntil: null,
    })
    // The number must match the link's: a secret of one request opens no other number.
    const other = await tracking(t, '', 'PRR-2026-0002', token)
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual({
      error: 'This tracking link does not work (any more). Ask for a new one with your e-mail address and request number.',
      code: 'tracking_link_invalid',
    })

    // The mail log, the audit trail and the portal's limit counters keep neither the secret nor the caller's address.
    const admin = await t.request({ method: 'GET', url: '/api/email/messages', token: setup.admin })
    expect(admin.statusCode).toBe(200)
    expect(admin.body).toContain('PRR-2026-0001')
    const stored = JSON.stringify([
      await t.db.kysely.selectFrom('mail_messages').selectAll().execute(),
      await t.db.kysely.selectFrom('audit_log').selectAll().execute(),
      await t.db.kysely.selectFrom('rate_limits').selectAll().where('bucket_key', 'like', 'portal-%').execute(),
      admin.json(),
    ])
    expect(stored).not.toContain(token)
    expect(stored).not.toContain('198.51.100.10')
    const received = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'records.received')
      .executeTakeFirstOrThrow()
    expect(received.actor_user_id).toBeNull()
  })

  it('shows nothing of the work inside the district: no notes, tasks, drafts, unreleased files or staff names but the signatory', async () => {
    const receipt = await submitted(t)
    const { id, number, token } = receipt
    await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the board minutes',
      task: 'TASK-TEXT look in the board office archive',
    })
    expect((await step(t, coordinator.token, id, 'notes', { text: 'NOTE-TEXT the requester called twice' })).statusCode).toBe(200)
    const released = await upload(t, custodian, id, 'minutes-march-2025.txt', 'RELEASED-CONTENT minutes of the board')
    const kept = await upload(t, custodian, id, 'legal-memo.txt', 'UNRELEASED-CONTENT privileged memo')
    await determine(t, signatory, id)
    await release(t, custodian.token, id, released)
    const issued = await step(t, coordinator.token, id, 'letters', { kind: 'DETERMINATION' })
    const issuedId = issued.json().data.id as number
    expect((await step(t, signatory.token, id, `letters/${issuedId}/issue`, { signatoryTitle: 'Superintendent' })).statusCode).toBe(200)
    const draft = await step(t, coordinator.token, id, 'letters', { kind: 'EXTENSION', body: 'DRAFT-TEXT not yet signed' })
    expect(draft.statusCode).toBe(201)
    const draftId = draft.json().data.id as number
    // Another request's released file is not reachable through this request's link.
    const elsewhere = await submitted(t, { email: 'ben@example.net', description: 'Payroll warrants for June 2025.' })
    await step(t, coordinator.token, elsewhere.id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Payroll',
      task: 'Find it',
    })
    const foreign = await upload(t, custodian, elsewhere.id, 'payroll.txt', 'FOREIGN-CONTENT')
    await determine(t, signatory, elsewhere.id)
    await release(t, custodian.token, elsewhere.id, foreign)

    const opened = await tracking(t, '', number, token)
    expect(opened.statusCode).toBe(200)
    const view = opened.json().data
    expect(view.state).toBe('DETERMINED')
    expect(view.outcomeText).toBe('The district holds records it can disclose.')
    expect(view.estimatedProductionOn).toBe('2026-03-20')
    expect(view.letters).toEqual([
      {
        id: issuedId,
        kind: 'DETERMINATION',
        kindText: 'Determination letter',
        issuedOn: expect.any(String),
        signatoryName: await nameOf(signatory),
        signatoryTitle: 'Superintendent',
      },
    ])
    expect(view.documents.map((document: { fileName: string }) => document.fileName)).toEqual(['minutes-march-2025.txt'])
    for (const hidden of [
      'TASK-TEXT',
      'NOTE-TEXT',
      'DRAFT-TEXT',
      'legal-memo',
      'Keeps the board minutes',
      'payroll',
      'ana@example.net',
      await nameOf(coordinator),
      await nameOf(custodian),
    ]) {
      expect(opened.body, hidden).not.toContain(hidden)
    }

    const letter = await tracking(t, `/letters/${issuedId}`, number, token)
    expect(letter.statusCode).toBe(200)
    expect(letter.headers['content-type']).toBe('application/pdf')
    expect(letter.headers['content-disposition']).toContain(`${number}-determination.pdf`)
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const file = await tracking(t, `/documents/${released}`, number, token)
    expect(file.statusCode).toBe(200)
    expect(file.body).toBe('RELEASED-CONTENT minutes of the board')
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="minutes-march-2025.txt"/)
    for (const [path, code] of [
      [`/letters/${draftId}`, 'letter_not_found'],
      [`/documents/${kept}`, 'document_not_found'],
      [`/documents/${foreign}`, 'document_not_found'],
      ['/letters/999999', 'letter_not_found'],
    ] as const) {
      const refused = await tracking(t, path, number, token)
      expect(refused.statusCode, path).toBe(404)
      expect(refused.json().code, path).toBe(code)
      expect(refused.body, path).not.toContain('CONTENT')
    }
    // A document withdrawn from release is gone from the page and its download.
    expect((await step(t, custodian.token, id, `documents/${released}/release`, { released: false })).statusCode).toBe(200)
    expect((await tracking(t, `/documents/${released}`, number, token)).statusCode).toBe(404)
    expect((await tracking(t, '', number, token)).json().data.documents).toEqual([])
  })

  it('takes the requester’s messages onto the request, audited without their text, and shows both ways without staff names', async () => {
    const { id, number, token } = await submitted(t)
    const sent = await tracking(t, '/messages', number, token, { message: 'Could you include the attachments to the minutes?' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json().data.messages).toEqual([
      {
        id: expect.any(Number),
        from: 'REQUESTER',
        body: 'Could you include the attachments to the minutes?',
        at: '2026-03-02T08:00:00.000Z',
      },
    ])
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'records.requester_message')
      .execute()
    expect(audited).toHaveLength(1)
    expect(audited[0]!.actor_user_id).toBeNull()
    expect(audited[0]!.details).not.toContain('attachments to the minutes')
    expect(JSON.parse(audited[0]!.details!)).toMatchObject({ number, length: 49 })
    await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Minutes',
      task: 'Find them',
    })
    const answered = await step(t, custodian.token, id, 'messages', { message: 'Yes, they are included.' })
    expect(answered.statusCode).toBe(200)
    const view = (await tracking(t, '', number, token)).json()
    expect(view.data.messages.map((message: { from: string; body: string }) => [message.from, message.body])).toEqual([
      ['REQUESTER', 'Could you include the attachments to the minutes?'],
      ['DISTRICT', 'Yes, they are included.'],
    ])
    expect(JSON.stringify(view)).not.toContain(await nameOf(custodian))
    // A message of nothing but spaces, or with a wrong link, is refused and not stored.
    expect((await tracking(t, '/messages', number, token, { message: '   ' })).statusCode).toBe(400)
    expect((await tracking(t, '/messages', number, 'x'.repeat(43), { message: 'Hello' })).statusCode).toBe(404)
    expect(await t.db.kysely.selectFrom('records_messages').select('message_id').execute()).toHaveLength(2)
  })

  it('a new link replaces the old one when the address and number match, and answers the same when they do not', async () => {
    const first = await submitted(t)
    await t.mailQueue.processDue()
    await smtp.waitForMail('ana@example.net')
    const other = await t.request({
      method: 'POST',
      url: '/api/public-records/new-link',
      payload: { email: 'someone@example.net', number: first.number },
    })
    const asked = await t.request({
      method: 'POST',
      url: '/api/public-records/new-link',
      payload: { email: ' ANA@Example.NET ', number: first.number.toLowerCase() },
    })
    for (const answer of [other, asked]) {
      expect(answer.statusCode).toBe(202)
      expect(answer.json()).toEqual({ data: { message: NEW_LINK_SENT } })
    }
    const unknown = await t.request({
      method: 'POST',
      url: '/api/public-records/new-link',
      payload: { email: 'ana@example.net', number: 'PRR-2026-0999' },
    })
    expect(unknown.statusCode).toBe(202)
    expect(unknown.body).toBe(asked.body)

    await t.mailQueue.processDue()
    const mail = await smtp.waitForMail('ana@example.net')
    expect(mail.subject).toBe(`A new tracking link for your public records request ${first.number}`)
    expect(smtp.inbox.filter((message) => message.to.includes('someone@example.net'))).toEqual([])
    const token = tokenOf(mail.text)
    expect(token).not.toBe(first.token)
    expect((await tracking(t, '', first.number, first.token)).json().code).toBe('tracking_link_invalid')
    expect((await tracking(t, '', first.number, token)).statusCode).toBe(200)
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id'])
      .where('action', '=', 'records.tracking_link_reissued')
      .execute()
    expect(audited).toEqual([{ actor_user_id: null }])
    const log = JSON.stringify(await t.db.kysely.selectFrom('mail_messages').selectAll().execute())
    expect(log).toContain('records_tracking_link')
    expect(log).not.toContain(token)
  })

  it('a link works while the request is open and for a year after it closes, then no longer', async () => {
    // A postal-only requester has no e-mail: the link comes with the answer, and messages still work once closed.
    const receipt = await submitted(t, { email: '', postalAddress: '12 Oak Street\nSpringfield, CA 90000' })
    expect(receipt.emailed).toBe(false)
    await t.mailQueue.processDue()
    expect(smtp.inbox).toEqual([])
    await closeRequest(t, { coordinator, signatory }, receipt.id)
    const closed = (await tracking(t, '', receipt.number, receipt.token)).json().data
    expect(closed).toMatchObject({ state: 'CLOSED', closedOn: '2026-03-02', linkValidUntil: '2027-03-02' })
    expect((await tracking(t, '/messages', receipt.number, receipt.token, { message: 'Thank you.' })).statusCode).toBe(201)

    const closedAt = Date.parse('2026-03-02T20:00:00.000Z')
    t.clock.set(new Date(closedAt + 364 * DAY_MS))
    expect((await tracking(t, '', receipt.number, receipt.token)).statusCode).toBe(200)
    t.clock.set(new Date(closedAt + 366 * DAY_MS))
    const expired = await tracking(t, '', receipt.number, receipt.token)
    expect(expired.statusCode).toBe(404)
    expect(expired.json().code).toBe('tracking_link_invalid')
    expect((await tracking(t, `/letters/1`, receipt.number, receipt.token)).statusCode).toBe(404)
  })
})
