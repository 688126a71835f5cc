import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Instance, createInstanceSchema, withClient } from './instances.js'
import { type SmtpPeer, readSignInMail, startSmtpPeer } from './smtp-peer.js'

// Two real platform processes on one PostgreSQL schema, as behind a load balancer. PostgreSQL only: several SQLite
// processes on one file are not a supported deployment.
const SERVER_URL = process.env.TEST_DATABASE_URL
const ADMIN = 'admin@example.org'
const LEASE_SECONDS = 2
const SLOW_TEST_MS = 240_000

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.skipIf(!SERVER_URL)('several instances on one PostgreSQL database', () => {
  // Each run of this file names its instances with its own prefix: only their connections are ever terminated.
  const prefix = `mi-${randomBytes(3).toString('hex')}`
  let smtp: SmtpPeer

  const environment = (databaseUrl: string, name: string): Record<string, string> => ({
    DATABASE_URL: databaseUrl,
    INSTANCE_ID: `${prefix}-${name}`,
    APP_URL: 'http://platform.test',
    ADMIN_EMAIL: ADMIN,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    MAIL_QUEUE_POLL_SECONDS: '1',
    DSA_DEMO_TRACKER: 'true',
    // 24 demo projects, 49 pages: a run takes about 25 s, long enough for a restart or a kill in the middle of it.
    DSA_REQUEST_DELAY_MS: '500',
  })

  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp?.close())

  it('instances starting together on an empty database all come up, and the seed runs once', { timeout: SLOW_TEST_MS }, async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { databaseUrl, drop } = await createInstanceSchema(SERVER_URL!)
      const instances = await Promise.all(
        ['x', 'y'].map((name) => Instance.create(`${name}${attempt}`, environment(databaseUrl, `start${attempt}${name}`))),
      )
      try {
        await Promise.all(instances.map((instance) => instance.start()))
        for (const instance of instances) expect((await instance.call('GET', '/api/ready')).status).toBe(200)
        const counts = await withClient(databaseUrl, async (client) => {
          const count = async (table: string) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n)
          return {
            users: await count('users'),
            roles: await count('roles'),
            applications: await count('applications'),
            organizations: await count('organizations'),
          }
        })
        expect(counts).toEqual({ users: 1, roles: 4, applications: 9, organizations: 1 })
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()))
        await drop()
      }
    }
  })

  describe('two instances behind one load balancer', () => {
    let database: Awaited<ReturnType<typeof createInstanceSchema>>
    let a: Instance
    let b: Instance
    let admin: string
    let org: number
    let staffRole: number

    const query = <T>(text: string, values: unknown[] = []) =>
      withClient(database.databaseUrl, async (client) => (await client.query(text, values)).rows as T[])
    const messageTo = async (email: string) =>
      (
        await query<{ status: string; last_error: string | null }>(
          'select status, last_error from mail_messages where recipient = $1 order by message_id desc limit 1',
          [email],
        )
      )[0]

    /** Asks one instance for a sign-in e-mail and completes the sign-in on the other. */
    async function signIn(email: string, asking: Instance, verifying: Instance): Promise<string> {
      const before = smtp.inbox.length
      const sent = await asking.call('POST', '/api/send-magic-link', { body: { email } })
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      const mail = await waitFor(
        'the sign-in e-mail',
        async () => smtp.inbox.slice(before).find((m) => m.to.includes(email)),
        Boolean,
        10_000,
      )
      const verified = await verifying.call('POST', '/api/verify-magic-link', { body: { email, token: readSignInMail(mail!.text).token } })
      expect(verified.status, JSON.stringify(verified.body)).toBe(200)
      return verified.body.token as string
    }

    async function createStaff(email: string): Promise<number> {
      const created = await a.call('POST', '/api/createuser', {
        token: admin,
        body: { email, fullName: 'Staff Person', organizationId: org, roleId: staffRole, sendInvitation: false },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return (await query<{ user_id: number }>('select user_id from users where email = $1', [email]))[0]!.user_id
    }

    const runOf = (instance: Instance, runId: number) =>
      instance
        .call('GET', `/api/dsa-scrape-runs/${runId}`, { token: admin })
        .then((answer) => answer.body as { status: string; error: string | null })

    beforeAll(async () => {
      database = await createInstanceSchema(SERVER_URL!)
      a = await Instance.create('a', environment(database.databaseUrl, 'a'))
      b = await Instance.create('b', environment(database.databaseUrl, 'b'))
      await Promise.all([a.start(), b.start()])
      admin = await signIn(ADMIN, a, b)
      org = (await query<{ org_id: number }>('select org_id from organizations'))[0]!.org_id
      staffRole = (await query<{ role_id: number }>(`select role_id from roles where role_code = 'STAFF'`))[0]!.role_id
    }, SLOW_TEST_MS)
    afterAll(async () => {
      smtp?.setAcceptDelay(0)
      await Promise.all([a?.stop(), b?.stop()])
      await database?.drop()
    }, SLOW_TEST_MS)

    it('a sign-out on one instance is refused on the other', async () => {
      await createStaff('leaving@district.test')
      const token = await signIn('leaving@district.test', b, a)
      expect((await b.call('GET', '/api/get-user-profile', { token })).status).toBe(200)
      expect((await a.call('POST', '/api/logout', { token })).status).toBe(200)
      const refused = await b.call('GET', '/api/get-user-profile', { token })
      expect(refused.status).toBe(401)
    })

    it('a person deactivated through one instance is refused on the other', async () => {
      const userId = await createStaff('deactivated@district.test')
      const token = await signIn('deactivated@district.test', a, b)
      expect((await b.call('GET', '/api/get-user-profile', { token })).status).toBe(200)
      expect((await a.call('DELETE', `/api/deleteuser?userId=${userId}`, { token: admin })).status).toBe(200)
      expect((await b.call('GET', '/api/get-user-profile', { token })).status).toBe(401)
    })

    it(
      'a scrape survives the other instance restarting, and is failed and its client freed after its instance is killed',
      { timeout: SLOW_TEST_MS },
      async () => {
        const started = await a.call('POST', '/api/dsa-scrape', { token: admin, body: { clientId: '37-H9' } })
        expect(started.status, JSON.stringify(started.body)).toBe(202)
        const runId = started.body.run.id as number
        await b.restart()
        // Its lease has been renewed many times over by now; the restarted instance swept at start and leaves it alone.
        expect((await runOf(b, runId)).status).toBe('RUNNING')
        expect(
          await waitFor(
            'the scrape',
            () => runOf(b, runId),
            (run) => run.status !== 'RUNNING',
            120_000,
          ),
        ).toMatchObject({ status: 'SUCCESS', error: null })

        const second = await a.call('POST', '/api/dsa-scrape', { token: admin, body: { clientId: '37-58' } })
        expect(second.status).toBe(202)
        const secondId = second.body.run.id as number
        await waitFor(
          'the first pages',
          () => runOf(b, secondId),
          (run) => run.status === 'RUNNING',
        )
        await a.kill()
        // Taken over once the lease (2 s) has expired: failed, and the client may be scraped again at once.
        const failed = await waitFor(
          'the killed run',
          () => runOf(b, secondId),
          (run) => run.status !== 'RUNNING',
          20_000,
        )
        expect(failed).toMatchObject({ status: 'FAILED', error: expect.stringContaining('Interrupted') })
        const again = await b.call('POST', '/api/dsa-scrape', { token: admin, body: { clientId: '37-58' } })
        expect(again.status, JSON.stringify(again.body)).toBe(202)
        await a.start()
      },
    )

    it(
      'a message being sent survives the other instance restarting, and is marked failed (never resent) after its instance is killed',
      { timeout: SLOW_TEST_MS },
      async () => {
        await createStaff('slow.mail@district.test')
        await createStaff('killed.mail@district.test')
        // A mail server that takes longer than a lease to acknowledge: only renewal keeps the message its sender's.
        smtp.setAcceptDelay((LEASE_SECONDS + 4) * 1000)
        const sending = a.call('POST', '/api/send-magic-link', { body: { email: 'slow.mail@district.test' } })
        await waitFor(
          'the message being sent',
          () => messageTo('slow.mail@district.test'),
          (row) => row?.status === 'sending',
        )
        await b.restart()
        expect((await sending).status).toBe(200)
        expect(await messageTo('slow.mail@district.test')).toMatchObject({ status: 'sent' })

        smtp.setAcceptDelay(60_000)
        const interrupted = a
          .call('POST', '/api/send-magic-link', { body: { email: 'killed.mail@district.test' } })
          .catch((error: unknown) => error)
        await waitFor(
          'the message being sent',
          () => messageTo('killed.mail@district.test'),
          (row) => row?.status === 'sending',
        )
        await a.kill()
        await interrupted
        const settled = await waitFor(
          'the interrupted message',
          () => messageTo('killed.mail@district.test'),
          (row) => row?.status !== 'sending',
          20_000,
        )
        expect(settled).toMatchObject({ status: 'failed', last_error: expect.stringContaining('Interrupted') })
        smtp.setAcceptDelay(0)
        // Several queue rounds later it is still failed, for an administrator to check and resend.
        await new Promise((resolve) => setTimeout(resolve, 3000))
        expect(await messageTo('killed.mail@district.test')).toMatchObject({ status: 'failed' })
        expect(smtp.inbox.filter((mail) => mail.to.includes('killed.mail@district.test')).length).toBeLessThanOrEqual(1)
        await a.start()
      },
    )

    it(
      'a stopping instance first drains: not ready for SHUTDOWN_DRAIN_SECONDS while it still serves calls',
      { timeout: SLOW_TEST_MS },
      async () => {
        const c = await Instance.create('c', { ...environment(database.databaseUrl, 'c'), SHUTDOWN_DRAIN_SECONDS: '3' })
        await c.start()
        try {
          const stopping = c.stop() // SIGTERM now
          await waitFor(
            'not ready',
            () => c.call('GET', '/api/ready'),
            (answer) => answer.status === 503,
            5000,
          )
          const served = await c.call('GET', '/api/get-user-profile', { token: admin })
          expect(served.status).toBe(200)
          await stopping
          expect(c.alive).toBe(false)
        } finally {
          await c.kill()
        }
      },
    )

    it('terminated database connections stop neither instance, and the next calls succeed', { timeout: SLOW_TEST_MS }, async () => {
      // Calls on both, so each holds open connections to cut.
      for (const instance of [a, b]) expect((await instance.call('GET', '/api/userlist', { token: admin })).status).toBe(200)
      const terminated = await withClient(
        SERVER_URL!,
        async (client) =>
          (
            await client.query(
              `select application_name, pg_terminate_backend(pid) as ended from pg_stat_activity where application_name like $1`,
              [`platform-${prefix}-%`],
            )
          ).rows as { application_name: string; ended: boolean }[],
      )
      expect(new Set(terminated.filter((row) => row.ended).map((row) => row.application_name))).toEqual(
        new Set([`platform-${prefix}-a`, `platform-${prefix}-b`]),
      )
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect([a.alive, b.alive]).toEqual([true, true])
      for (const instance of [a, b]) {
        const listed = await instance.call('GET', '/api/userlist', { token: admin })
        expect(listed.status, JSON.stringify(listed.body)).toBe(200)
      }
      // Background work goes on: a sign-in e-mail is sent and a scrape starts.
      await createStaff('after.cut@district.test')
      await signIn('after.cut@district.test', b, a)
      const scrape = await b.call('POST', '/api/dsa-scrape', { token: admin, body: { clientId: '37-H10' } })
      expect(scrape.status, JSON.stringify(scrape.body)).toBe(202)
      await waitFor(
        'the scrape after the cut',
        () => runOf(a, scrape.body.run.id as number),
        (run) => run.status === 'RUNNING' || run.status === 'SUCCESS',
      )
      expect([a.alive, b.alive]).toEqual([true, true])
    })
  })
})
