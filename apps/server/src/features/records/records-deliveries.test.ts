import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, issueLetter, setUpRecords, step } from '../../../test/records.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'
import { MINUTE_MS } from '../../lib/clock.js'
import { type DeliveryRow, deliveryOf, deliveryTimeline, letterMail, mailDelivery } from './records-deliveries.js'
import { createRecordsDeliveriesRepository } from './records-deliveries.repository.js'

const DANA = 'dana@news.example'

describe.each(testDialects())('records letters reach their requesters by e-mail (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let requestId: number
  let number: string
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.setBehaviour('accept')
    smtp.inbox.length = 0
    t = await buildTestApp({ dialect, smtp, env: { MAIL_RETRY_MINUTES: '30' } })
    const setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    ;({ id: requestId, number } = await intake(t, coordinator.token, { requesterContact: DANA }))
  })
  afterEach(() => t.close())

  const deliveries = () => createRecordsDeliveriesRepository(t.db).ofRequest(requestId)
  const onlyDelivery = async () => {
    const rows = await deliveries()
    expect(rows).toHaveLength(1)
    return rows[0]!
  }
  const letterPdf = async (letterId: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${requestId}/letters/${letterId}/pdf`, token: coordinator.token }))
      .rawPayload
  const resend = (token: string, letterId: number) => step(t, token, requestId, `letters/${letterId}/resend`)

  it('e-mails the issued letter with its PDF attached and records the delivery from queued to sent', async () => {
    const letterId = await issueLetter(t, coordinator.token, signatory.token, requestId, 'ACKNOWLEDGMENT')
    const queued = await onlyDelivery()
    expect(queued).toMatchObject({ letter_id: letterId, channel: 'EMAIL', recipient: DANA })
    expect(deliveryOf(queued)).toMatchObject({ channel: 'EMAIL', recipient: DANA, state: 'QUEUED', attempts: 0, sentAt: null })

    expect(await t.mailQueue.processDue()).toBe(1)
    const mail = await smtp.waitForMail(DANA)
    expect(mail.subject).toBe(`Public records request ${number}: acknowledgment letter`)
    expect(mail.text).toContain(`acknowledgment letter on your public records request ${number}. It is attached to this message as a PDF.`)
    // The letter's e-mail carries no tracking secret: it points to the page, not through it.
    expect(mail.text).not.toMatch(/public-records\/track\//)
    // Filed by staff, the request had no tracking link yet: the letter says where to ask for one.
    expect(mail.text).toContain(`ask for a tracking link at ${t.config.appUrl}/public-records/new-link`)
    expect(mail.attachments).toHaveLength(1)
    const [attachment] = mail.attachments
    expect(attachment).toMatchObject({ filename: `${number}-acknowledgment.pdf`, contentType: 'application/pdf' })
    const issued = await letterPdf(letterId)
    expect(issued.subarray(0, 5).toString()).toBe('%PDF-')
    expect(attachment!.bytes.equals(issued)).toBe(true)

    const sent = await onlyDelivery()
    expect(deliveryOf(sent)).toMatchObject({ state: 'SENT', attempts: 1, lastError: null, sentAt: expect.any(String) })
    const timeline = deliveryTimeline([sent], new Map([[letterId, 'ACKNOWLEDGMENT']]))
    expect(timeline.map((entry) => [entry.event, entry.text])).toEqual([
      ['Queued for e-mail', `The acknowledgment letter was queued for e-mail to ${DANA}`],
      ['E-mailed', `The acknowledgment letter was e-mailed to ${DANA}`],
    ])
    expect(timeline.every((entry) => entry.actorName === null)).toBe(true)

    // The request page shows the same: the letter's delivery and the mail server's part on the timeline.
    const detail = (await t.request({ method: 'GET', url: `/api/records-requests/${requestId}`, token: coordinator.token })).json().data
    expect(detail.letters.find((one: { id: number }) => one.id === letterId).delivery).toMatchObject({ state: 'SENT', recipient: DANA })
    const events = detail.timeline.map((entry: { event: string }) => entry.event)
    expect(events).toEqual(expect.arrayContaining(['Letter issued', 'Queued for e-mail', 'E-mailed']))
  })

  it('shows a refusal with the server’s answer while retrying, fails after the retry window, and is sent again', async () => {
    smtp.setBehaviour('fail')
    const letterId = await issueLetter(t, coordinator.token, signatory.token, requestId, 'ACKNOWLEDGMENT')
    // Sending again is only for a failed e-mail.
    const early = await resend(coordinator.token, letterId)
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toBe('The acknowledgment letter is sent again only when its e-mail failed; it is queued for e-mail.')

    await t.mailQueue.processDue()
    const retrying = deliveryOf(await onlyDelivery())
    expect(retrying).toMatchObject({ state: 'RETRYING', attempts: 1, lastError: expect.stringContaining('451') })
    const [, retried] = deliveryTimeline([await onlyDelivery()], new Map([[letterId, 'ACKNOWLEDGMENT']]))
    expect(retried).toMatchObject({ event: 'Not yet accepted; being retried' })
    expect(retried!.text).toMatch(/^The acknowledgment letter was not yet accepted after 1 try: .*451.*; it is being tried again$/)

    for (let i = 0; i < 6; i++) {
      t.clock.advance(15 * MINUTE_MS)
      await t.mailQueue.processDue()
    }
    const failedRow = await onlyDelivery()
    const failed = deliveryOf(failedRow)
    expect(failed.state).toBe('FAILED')
    expect(failed.attempts).toBeGreaterThan(1)
    expect(failed.lastError).toContain('451')
    const failedEntry = deliveryTimeline([failedRow], new Map([[letterId, 'ACKNOWLEDGMENT']])).at(-1)!
    expect(failedEntry.event).toBe('E-mail failed')
    expect(failedEntry.text).toMatch(new RegExp(`^The acknowledgment letter's e-mail to ${DANA} failed after \\d+ tries: .*451`))
    expect(smtp.inbox).toHaveLength(0)

    // Someone without the mailing duty is refused in words.
    const refused = await resend(signatory.token, letterId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatch(/mail letters/)

    smtp.setBehaviour('accept')
    const again = await resend(coordinator.token, letterId)
    expect(again.statusCode).toBe(200)
    expect(again.json().data).toMatchObject({ id: letterId, state: 'ISSUED' })
    const resent = await onlyDelivery()
    expect(resent.mail_message_id).not.toBe(failedRow.mail_message_id)
    expect(deliveryOf(resent)).toMatchObject({ state: 'QUEUED', attempts: 0, lastError: null })
    // Once resent, the same failure cannot be sent a second time.
    expect((await resend(coordinator.token, letterId)).statusCode).toBe(409)

    expect(await t.mailQueue.processDue()).toBe(1)
    expect(deliveryOf(await onlyDelivery())).toMatchObject({ state: 'SENT', attempts: 1 })
    const mail = await smtp.waitForMail(DANA)
    expect(mail.attachments.map((file) => file.filename)).toEqual([`${number}-acknowledgment.pdf`])
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'records.letter_delivery')
      .where('target_id', '=', String(requestId))
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(String(audit[0]!.details))).toMatchObject({ number, letterId, resent: true })
  })

  it('does not issue a letter whose e-mail could not be queued', async () => {
    const drafted = await step(t, coordinator.token, requestId, 'letters', { kind: 'ACKNOWLEDGMENT' })
    const letterId = drafted.json().data.id as number
    await refuseMailInserts(t)
    const issued = await step(t, signatory.token, requestId, `letters/${letterId}/issue`, { signatoryTitle: 'Superintendent' })
    expect(issued.statusCode).toBe(500)
    const letter = await t.db.kysely
      .selectFrom('records_letters')
      .select(['state', 'pdf'])
      .where('letter_id', '=', letterId)
      .executeTakeFirstOrThrow()
    expect(letter).toMatchObject({ state: 'DRAFT', pdf: null })
    expect(await deliveries()).toEqual([])
    const issuedRows = await t.db.kysely
      .selectFrom('audit_log')
      .select('audit_id')
      .where('action', '=', 'records.letter_issued')
      .where('target_id', '=', String(requestId))
      .execute()
    expect(issuedRows).toEqual([])
  })
})

/** Makes the mail log refuse every new message, as a failing database would: the step that queues one must roll back. */
async function refuseMailInserts(t: TestApp) {
  if (t.db.dialect === 'sqlite') {
    await sql`create trigger refuse_mail before insert on mail_messages begin select raise(abort, 'mail log refused'); end`.execute(
      t.db.kysely,
    )
    return
  }
  await sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail log refused'; end $$`.execute(
    t.db.kysely,
  )
  await sql`create trigger refuse_mail before insert on mail_messages for each row execute function refuse_mail()`.execute(t.db.kysely)
}

describe('a delivery in words', () => {
  const post = (mailed: Partial<DeliveryRow> = {}): DeliveryRow => ({
    delivery_id: 1,
    request_id: 1,
    letter_id: 7,
    channel: 'POST',
    recipient: '12 Oak Street\nSpringfield, CA 95000',
    mail_message_id: null,
    created_at: '2026-03-02T17:00:00.000Z',
    mailed_on: null,
    mailed_by: null,
    mailed_at: null,
    mailed_by_name: null,
    mail: null,
    ...mailed,
  })
  const mail = (status: string, attempts: number, lastError: string | null = null) => ({
    message_id: 3,
    status,
    attempts,
    last_error: lastError,
    smtp_response: status === 'sent' ? '250 OK' : null,
    sent_at: status === 'sent' ? '2026-03-02T17:01:00.000Z' : null,
    created_at: '2026-03-02T17:00:00.000Z',
    updated_at: '2026-03-02T17:01:00.000Z',
  })

  it('reads the mail log’s states as a requester’s delivery', () => {
    expect(mailDelivery('a@b.example', mail('queued', 0)).state).toBe('QUEUED')
    expect(mailDelivery('a@b.example', mail('queued', 2, '451 busy'))).toMatchObject({ state: 'RETRYING', lastError: '451 busy' })
    expect(mailDelivery('a@b.example', mail('retrying', 1, '451 busy')).state).toBe('RETRYING')
    expect(mailDelivery('a@b.example', mail('sending', 0)).state).toBe('QUEUED')
    expect(mailDelivery('a@b.example', mail('sent', 1))).toMatchObject({ state: 'SENT', sentAt: '2026-03-02T17:01:00.000Z' })
    expect(mailDelivery('a@b.example', mail('outbox', 1)).state).toBe('SENT')
    expect(mailDelivery('a@b.example', mail('failed', 5, '550 no such mailbox'))).toMatchObject({
      state: 'FAILED',
      attempts: 5,
      lastError: '550 no such mailbox',
    })
    expect(mailDelivery('a@b.example', mail('cancelled', 1)).state).toBe('FAILED')
  })

  it('sends a letter with its PDF and no tracking secret, pointing a portal filer to their acknowledgment’s link', () => {
    const pdf = Buffer.from('%PDF-1.3 bytes \u00ff')
    const mail = letterMail({
      to: 'a@b.example',
      number: 'PRR-2026-0007',
      kind: 'EXTENSION',
      pdf,
      appUrl: 'https://x.example',
      viaPortal: true,
    })
    expect(mail).toMatchObject({ kind: 'records_letter', to: 'a@b.example', secrets: [] })
    expect(mail.values).toMatchObject({ number: 'PRR-2026-0007', letter: 'extension letter' })
    expect(mail.values.tracking_url_note).toContain('open the link in the e-mail that acknowledged your request')
    expect(mail.values.tracking_url_note).toContain('https://x.example/public-records/new-link')
    expect(mail.attachments).toEqual([
      { filename: 'PRR-2026-0007-extension.pdf', content: pdf.toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
    ])
  })

  it('tells a posted letter on the timeline: to mail, then mailed on a day by a person', () => {
    expect(deliveryOf(post())).toMatchObject({ channel: 'POST', state: 'TO_MAIL', mailedOn: null })
    const mailed = post({ mailed_on: '2026-03-04', mailed_by: 9, mailed_at: '2026-03-04T18:00:00.000Z', mailed_by_name: 'Pat Clerk' })
    expect(deliveryOf(mailed)).toMatchObject({ state: 'MAILED', mailedOn: '2026-03-04' })
    expect(deliveryTimeline([mailed], new Map([[7, 'DETERMINATION']]))).toEqual([
      {
        at: '2026-03-02T17:00:00.000Z',
        action: 'records.delivery_to_mail',
        actorName: null,
        event: 'To mail',
        text: 'The determination letter is to be mailed to 12 Oak Street, Springfield, CA 95000 (no e-mail address)',
      },
      {
        at: '2026-03-04T18:00:00.000Z',
        action: 'records.delivery_mailed',
        actorName: 'Pat Clerk',
        event: 'Mailed',
        text: 'The determination letter was mailed on Wed Mar 4, 2026',
      },
    ])
  })
})
