import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'
import { MINUTE_MS } from '../../lib/clock.js'

describe.each(testDialects())('the mail queue and Email Administration (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let token: string
  let org: number
  let staffRole: number
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.setBehaviour('accept')
    t = await buildTestApp({ dialect, smtp })
    token = await t.signInByEmail('admin@example.org')
    org = (await t.db.kysely.selectFrom('organizations').select('org_id').executeTakeFirstOrThrow()).org_id
    staffRole = (await t.db.kysely.selectFrom('roles').select('role_id').where('role_code', '=', 'STAFF').executeTakeFirstOrThrow()).role_id
  })
  afterEach(() => t.close())

  const invite = (email: string) =>
    t.request({
      method: 'POST',
      url: '/api/createuser',
      token,
      payload: { email, fullName: 'Queued Person', organizationId: org, roleId: staffRole, sendInvitation: true },
    })
  const messages = (query = '') => t.request({ method: 'GET', url: `/api/email/messages?${query}`, token }).then((r) => r.json())
  const inboxFor = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email))

  it('retries a message the mail server refused, with backoff, until it is accepted', async () => {
    smtp.setBehaviour('fail')
    const created = (await invite('retry.me@district.test')).json()
    expect(created.invitationSent).toBe(false)
    expect(created.message).toContain('retried automatically')
    let [row] = (await messages('recipient=retry.me')).data
    expect(row).toMatchObject({ kind: 'invitation', status: 'retrying', attempts: 1, last_error: expect.stringContaining('451') })

    expect(await t.mailQueue.processDue()).toBe(0) // not due yet
    t.clock.advance(MINUTE_MS)
    smtp.setBehaviour('accept')
    expect(await t.mailQueue.processDue()).toBe(1)
    ;[row] = (await messages('recipient=retry.me')).data
    expect(row).toMatchObject({ status: 'sent', attempts: 2, smtp_response: expect.stringContaining('250') })
    expect(inboxFor('retry.me@district.test')).toHaveLength(1)
    // The invitation that finally arrived works.
    const link = /(http\S+invite=1)/.exec(inboxFor('retry.me@district.test')[0]!.text)![1]!
    const answer = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email: 'retry.me@district.test', token: new URL(link).searchParams.get('token') },
    })
    expect(answer.statusCode).toBe(200)
  })

  it('gives up after the retry window and marks the message failed', async () => {
    smtp.setBehaviour('fail')
    await invite('never@district.test')
    for (let i = 0; i < 12; i++) {
      t.clock.advance(15 * MINUTE_MS)
      await t.mailQueue.processDue()
    }
    const [row] = (await messages('recipient=never')).data
    expect(row.status).toBe('failed')
    expect(row.attempts).toBeGreaterThan(2)
    const stored = await t.db.kysely
      .selectFrom('mail_messages')
      .select('payload')
      .where('message_id', '=', row.message_id)
      .executeTakeFirstOrThrow()
    expect(stored.payload).toBeNull()
  })

  it('loses nothing queued across a restart, and never sends an interrupted message twice', async () => {
    smtp.setBehaviour('fail')
    await invite('after.restart@district.test')
    // A message another instance was sending when it died: its lease is no longer renewed.
    const interrupted = await t.db.kysely
      .insertInto('mail_messages')
      .values({
        created_at: t.clock.now().toISOString(),
        kind: 'test',
        recipient: 'interrupted@district.test',
        subject: 's',
        body_text: 'b',
        status: 'sending',
        attempts: 0,
      })
      .returning('message_id')
      .executeTakeFirstOrThrow()
    const leaseEnds = new Date(t.clock.now().getTime() + MINUTE_MS).toISOString()
    await t.db.kysely
      .insertInto('job_leases')
      .values({
        kind: 'mail_send',
        job_key: String(interrupted.message_id),
        owner: 'stopped-instance',
        acquired_at: t.clock.now().toISOString(),
        expires_at: leaseEnds,
      })
      .execute()
    await t.app.close()

    const { buildApp } = await import('../../app.js')
    const { createSmtpTransport } = await import('../../lib/mail-transport.js')
    smtp.setBehaviour('accept')
    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      transport: createSmtpTransport(smtp.url, 'x@y.z', { connectMs: 1500, socketMs: 1500 }),
      clock: t.clock,
    })
    try {
      // While its lease lasts the message is the other instance's: a restart leaves it alone.
      expect(await restarted.jobLeases.sweep()).toBe(0)
      t.clock.advance(5 * MINUTE_MS)
      expect(await restarted.jobLeases.sweep()).toBe(1)
      expect(await restarted.mailQueue.processDue()).toBe(1)
      expect(await restarted.mailQueue.processDue()).toBe(0)
      expect(inboxFor('after.restart@district.test')).toHaveLength(1)
      expect(inboxFor('interrupted@district.test')).toHaveLength(0)
      const row = await t.db.kysely
        .selectFrom('mail_messages')
        .select(['status', 'last_error'])
        .where('message_id', '=', interrupted.message_id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({
        status: 'failed',
        last_error: expect.stringContaining('Interrupted: the platform instance sending it stopped'),
      })
      expect(await t.db.kysely.selectFrom('job_leases').selectAll().execute()).toEqual([])
    } finally {
      await restarted.app.close()
    }
    t.app = restarted.app // closed above; keeps afterEach's close harmless
  })

  it('never stores a raw token, code or link: a scan of every stored body finds none', async () => {
    const { email } = await t.createUser()
    await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
    smtp.setBehaviour('fail')
    await invite('masked@district.test')
    smtp.setBehaviour('accept')
    const signIn = await t.lastSignInMail(email)
    t.clock.advance(MINUTE_MS)
    await t.mailQueue.processDue()
    const invitationLink = /(http\S+invite=1)/.exec(inboxFor('masked@district.test')[0]!.text)![1]!
    const inviteToken = new URL(invitationLink).searchParams.get('token')!
    const dump = JSON.stringify(await t.db.kysely.selectFrom('mail_messages').selectAll().execute())
    for (const secret of [signIn.token, signIn.code, signIn.link, inviteToken, invitationLink]) expect(dump).not.toContain(secret)
    const detail = (
      await t.request({ method: 'GET', url: `/api/email/messages/${(await messages('kind=sign_in')).data[0].message_id}`, token })
    ).json()
    expect(detail.body_text).toContain('[hidden]')
    expect(detail.body_html).toContain('[hidden]')
    expect(detail.body_html).not.toContain('/auth/verify')
  })

  it('tells the person at once when a sign-in e-mail is refused; the administrator resends a fresh link', async () => {
    const { email } = await t.createUser()
    smtp.setBehaviour('reject-recipient')
    const refused = await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
    expect(refused.statusCode).toBe(503)
    const [failed] = (await messages(`recipient=${encodeURIComponent(email)}&status=failed`)).data
    expect(failed).toMatchObject({ kind: 'sign_in', status: 'failed', last_error: expect.stringContaining('550') })

    smtp.setBehaviour('accept')
    const resent = await t.request({ method: 'POST', url: `/api/email/messages/${failed.message_id}/resend`, token })
    expect(resent.json()).toMatchObject({ success: true, message: expect.stringContaining('fresh sign-in e-mail') })
    const fresh = await t.lastSignInMail(email)
    expect((await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token: fresh.token } })).statusCode).toBe(
      200,
    )
    expect((await t.request({ method: 'POST', url: `/api/email/messages/${failed.message_id}/cancel`, token })).json().code).toBe(
      'not_cancellable',
    )
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'email.resent').execute()
    expect(audit).toHaveLength(1)
  })

  it('cancels a queued message so the worker never sends it', async () => {
    smtp.setBehaviour('fail')
    await invite('cancel.me@district.test')
    const [row] = (await messages('recipient=cancel.me')).data
    expect((await t.request({ method: 'POST', url: `/api/email/messages/${row.message_id}/cancel`, token })).json()).toMatchObject({
      success: true,
    })
    smtp.setBehaviour('accept')
    t.clock.advance(MINUTE_MS)
    expect(await t.mailQueue.processDue()).toBe(0)
    expect(inboxFor('cancel.me@district.test')).toHaveLength(0)
    expect((await messages('recipient=cancel.me')).data[0].status).toBe('cancelled')
  })

  it('keeps templates valid, uses the edited one, previews it and resets it', async () => {
    const put = (kind: string, subject: string, body_text: string) =>
      t.request({ method: 'PUT', url: `/api/email/templates/${kind}`, token, payload: { subject, body_text } })
    const noLink = await put('sign_in', 'Sign in', 'Your code is {{code}}')
    expect(noLink.statusCode).toBe(422)
    expect(noLink.json().error).toContain('{{link}}')
    expect((await put('invitation', 'Hi', '{{link}} {{secret_stuff}}')).json().error).toContain('{{secret_stuff}} is not available')
    expect((await put('invitation', 'Hi', '{{link}} {{broken')).statusCode).toBe(422)

    const saved = await put('invitation', 'Welcome aboard, {{full_name}}', 'Dear {{full_name}}, start here: {{link}}')
    expect(saved.json()).toMatchObject({ is_default: false, subject: 'Welcome aboard, {{full_name}}' })
    await invite('templated@district.test')
    const mail = inboxFor('templated@district.test')[0]!
    expect(mail.subject).toBe('Welcome aboard, Queued Person')
    expect(mail.text).toMatch(/^Dear Queued Person, start here: http/)

    const preview = (
      await t.request({
        method: 'POST',
        url: '/api/email/templates/invitation/preview',
        token,
        payload: { subject: 'Hello {{full_name}}', body_text: '<b>{{link}}</b>' },
      })
    ).json()
    expect(preview.subject).toBe('Hello Jane Doe')
    expect(preview.html).toContain('&lt;b&gt;')
    expect(preview.html).toContain('<a href="http://platform.test/auth/verify')
    const reset = (await t.request({ method: 'DELETE', url: '/api/email/templates/invitation', token })).json()
    expect(reset.is_default).toBe(true)
  })

  it('reports mail health without the password, tests the connection and sends a test message', async () => {
    const health = (await t.request({ method: 'GET', url: '/api/email/health', token })).json()
    expect(health).toMatchObject({
      mode: 'smtp',
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, passwordSet: false },
      last24h: { sent: 1, failed: 0 },
    })
    expect(JSON.stringify(health)).not.toContain('password":')
    expect((await t.request({ method: 'POST', url: '/api/email/health/test-connection', token })).json()).toMatchObject({ success: true })
    expect((await t.request({ method: 'POST', url: '/api/email/health/test-message', token })).json()).toMatchObject({ success: true })
    expect(inboxFor('admin@example.org').at(-1)!.subject).toBe('Test message from the District staff platform')
    smtp.setBehaviour('fail')
    expect((await t.request({ method: 'POST', url: '/api/email/health/test-message', token })).json()).toMatchObject({ success: false })
    const after = (await t.request({ method: 'GET', url: '/api/email/health', token })).json()
    expect(after.recentFailures).toHaveLength(1)
    expect(after.last24h.deliveryRate).toBeCloseTo(2 / 3)
  })

  it('delivers to addresses with unusual but valid characters, and refuses non-ASCII ones clearly', async () => {
    const odd = "o'brien+reports@district.test"
    const created = await invite(odd)
    expect(created.statusCode).toBe(201)
    expect(inboxFor(odd)).toHaveLength(1)
    expect((await messages(`recipient=${encodeURIComponent(odd)}`)).data[0]).toMatchObject({ recipient: odd, status: 'sent' })
    // Mail servers need SMTPUTF8 for these; the form says so before anything is queued.
    const accented = await invite('jos\u00e9@district.test')
    expect(accented.statusCode).toBe(400)
    expect(accented.json().error).toBe('Invalid body: Enter a valid email address (email)')
  })

  it("filters the log by the district's days: a message at 9:30 PM Pacific is that day's, not the next UTC day's", async () => {
    t.clock.set(new Date('2026-03-03T05:30:00.000Z'))
    token = await t.signIn('admin@example.org')
    expect((await invite('evening@district.test')).statusCode).toBe(201)
    const total = async (query: string) => (await messages(`recipient=evening@district.test&${query}`)).pagination.total
    expect(await total('from=2026-03-02&to=2026-03-02')).toBe(1)
    expect(await total('from=2026-03-03')).toBe(0)
    expect(await total('to=2026-03-01')).toBe(0)
  })

  it('exports the log as CSV and is for administrators only', async () => {
    const csv = await t.request({ method: 'GET', url: '/api/email/messages/export?kind=sign_in', token })
    expect(csv.headers['content-disposition']).toMatch(/mail_log_\d{4}-\d{2}-\d{2}\.csv/)
    const [header, first] = csv.body.split('\n')
    expect(header).toBe('Message number,Time,Kind,Recipient,Subject,Status,Attempts,Error,Server answer,Sent')
    // Kinds and statuses in words, times on the district's clock with the zone named.
    expect(first).toMatch(/^\d+,"?[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M P[SD]T"?,Sign-in link and code,/)
    const staff = await t.createUser()
    const staffToken = await t.signIn(staff.email)
    for (const url of ['/api/email/messages', '/api/email/templates', '/api/email/health']) {
      expect((await t.request({ method: 'GET', url, token: staffToken })).statusCode).toBe(403)
    }
  })
})

describe.each(testDialects())('the mail log without a mail server (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('says in words that a message was only recorded, in the log, its details and its export', async () => {
    const token = await t.signInByEmail('admin@example.org')
    const listed = (await t.request({ method: 'GET', url: '/api/email/messages?kind=sign_in', token })).json().data[0]
    expect(listed.status).toBe('outbox')
    expect(listed.smtp_response).toMatch(/^Not sent: no mail server is configured/)
    const details = (await t.request({ method: 'GET', url: `/api/email/messages/${listed.message_id}`, token })).json()
    expect(details.smtp_response).toBe(listed.smtp_response)
    const csv = (await t.request({ method: 'GET', url: '/api/email/messages/export?kind=sign_in', token })).body
    expect(csv).toContain(',"Recorded, not sent",')
    expect(csv).toContain('Not sent: no mail server is configured')
    expect(csv).not.toMatch(/,outbox\b/)
  })
})
