import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'

const HEADER = 'email,full_name,organization_code,role_code,applications'

describe.each(testDialects())('importing users from CSV (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const send = (step: 'preview' | 'apply', csv: string | Buffer, as = token) =>
    t.request({ method: 'POST', url: `/api/users/import/${step}`, payload: csv, headers: { 'content-type': 'text/csv' }, token: as })

  it('previews what will be created, changed or refused, applies it, and changes nothing the second time', async () => {
    await t.createUser({ email: 'existing@district.test', fullName: 'Existing Person', applications: ['DASHBOARD'] })
    const csv = [
      HEADER,
      'new.one@district.test,New One,DISTRICT,STAFF,DASHBOARD;DSA_TRACKER',
      'existing@district.test,Existing Person,district,report_writer,DASHBOARD',
      'bad-address,No Mail,DISTRICT,STAFF,',
      'x@district.test,X,NOWHERE,STAFF,',
      'y@district.test,Y,DISTRICT,STAFF,USER_MANAGEMENT',
      'new.one@district.test,Twice,DISTRICT,STAFF,',
      '"quoted, name@district.test",Q,DISTRICT,STAFF,',
    ].join('\r\n')
    const preview = (await send('preview', csv)).json()
    expect(preview.applied).toBe(false)
    expect(preview.rows.map((row: { line: number; action: string }) => `${row.line}:${row.action}`)).toEqual([
      '2:create',
      '3:update',
      '4:reject',
      '5:reject',
      '6:reject',
      '7:reject',
      '8:reject',
    ])
    expect(preview.rows[1].reasons).toEqual(['Role: Staff → Report Writer'])
    expect(preview.rows[3].reasons).toEqual(["Unknown organization code 'NOWHERE'."])
    expect(preview.rows[4].reasons).toEqual(['User Management is for administrators only and cannot be granted.'])
    expect(preview.rows[5].reasons).toEqual(['This email address appears earlier in the file.'])
    expect(preview.summary).toEqual({ create: 1, update: 1, unchanged: 0, reject: 5 })
    expect(await t.db.kysely.selectFrom('users').select('email').where('email', '=', 'new.one@district.test').execute()).toEqual([])

    const applied = (await send('apply', csv)).json()
    expect(applied).toMatchObject({ applied: true, summary: { create: 1, update: 1, reject: 5 } })
    const created = await t.db.kysely
      .selectFrom('users')
      .innerJoin('roles', 'roles.role_id', 'users.role_id')
      .select(['full_name', 'role_code'])
      .where('email', '=', 'new.one@district.test')
      .executeTakeFirstOrThrow()
    expect(created).toEqual({ full_name: 'New One', role_code: 'STAFF' })

    const again = (await send('apply', csv)).json()
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 2, reject: 5 })
    const actions = await t.db.kysely.selectFrom('audit_log').select('action').where('action', 'like', 'user.%').execute()
    expect(actions.filter((a) => a.action === 'user.import')).toHaveLength(2)
  })

  it('refuses wrong columns, bad encodings, empty files and too many rows with a clear message', async () => {
    const wrong = await send('preview', 'mail,name\na@b.org,A')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toBe(
      'The columns must be: email, full_name, organization_code, role_code, applications. Missing: email, full_name, organization_code, role_code, applications. Not expected: mail, name.',
    )
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nrene@district.test,Ren`), Buffer.from([0xe9]), Buffer.from(',DISTRICT,STAFF,\n')])
    expect((await send('preview', latin1)).json().code).toBe('bad_encoding')
    expect((await send('preview', `${HEADER}\n`)).json().error).toBe('The file has no rows below its header.')
    expect((await send('preview', `${HEADER}\n"unterminated,x,y,z,w\n`)).json().code).toBe('bad_csv')
    const many = [HEADER, ...Array.from({ length: 50_000 }, (_, i) => `p${i}@district.test,P ${i},DISTRICT,STAFF,`)].join('\n')
    const tooMany = await send('preview', many)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error).toContain('50,000 rows; at most 10,000')
    const withBom = await send('preview', `\uFEFF${HEADER}\nbom@district.test,Bom,DISTRICT,STAFF,`)
    expect(withBom.json().summary.create).toBe(1)
    const json = await t.request({ method: 'POST', url: '/api/users/import/preview', payload: { csv: 'x' }, token })
    expect(json.json().code).toBe('csv_required')
  })

  it('holds an ADMIN to the same rules as the form', async () => {
    const admin = await t.createUser({ roleCode: 'ADMIN', email: 'office.admin@district.test' })
    const adminToken = await t.signIn(admin.email)
    const csv = [
      HEADER,
      'boss@district.test,Boss,DISTRICT,SUPER_ADMIN,',
      'admin@example.org,District Administrator,DISTRICT,STAFF,',
      'office.admin@district.test,Office Admin,DISTRICT,STAFF,',
    ].join('\n')
    const preview = (await send('preview', csv, adminToken)).json()
    expect(preview.rows.map((row: { action: string }) => row.action)).toEqual(['reject', 'reject', 'reject'])
    expect(preview.rows[2].reasons).toEqual(['You cannot change your own role or application access.'])
  })

  it('is refused to anyone but administrators', async () => {
    const staff = await t.createUser()
    const answer = await send('preview', `${HEADER}\n`, await t.signIn(staff.email))
    expect(answer.statusCode).toBe(403)
  })
})

describe.each(testDialects())('the planner after a CSV import (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('knows how many people the import gave a role, so a filtered list does not read every search term per person', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `writer.${i}@district.test,Writer ${i},DISTRICT,REPORT_WRITER,DASHBOARD`)
    const applied = await t.request({
      method: 'POST',
      url: '/api/users/import/apply',
      payload: [HEADER, ...lines].join('\n'),
      headers: { 'content-type': 'text/csv' },
      token: await t.signIn('admin@example.org'),
    })
    expect(applied.json().summary.create).toBe(400)
    if (dialect === 'sqlite') {
      // SQLite's statistics: how many people in all (the 400 and the first administrator), and how many share a role.
      const stat = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'users_role_idx'`.execute(t.db.kysely)
      expect(stat.rows[0]?.stat).toMatch(/^401 /)
      return
    }
    const { role_id: roleId } = await t.db.kysely
      .selectFrom('roles')
      .select('role_id')
      .where('role_code', '=', 'REPORT_WRITER')
      .executeTakeFirstOrThrow()
    const plan = await sql<{
      'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>
    }>`explain (format json) select user_id from users where role_id = ${roleId}`.execute(t.db.kysely)
    // Never analysed, PostgreSQL guesses from the table's pages (a few rows); analysed, it knows the 400.
    expect(plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']).toBeGreaterThan(200)
  })
})

describe.each(testDialects())('invitations of a CSV import while the mail server is down (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    t = await buildTestApp({ dialect, smtp })
  })
  afterEach(async () => {
    smtp.failConnections([])
    smtp.setBehaviour('accept')
    await t.close()
  })

  it('queues every invitation with its person and answers at once; they go out when the server is back', async () => {
    const token = await t.signIn('admin@example.org')
    // Down: new connections refused, and the one still open from the sign-in fails every message.
    smtp.failConnections(Array.from({ length: 1000 }, () => 'refuse' as const))
    smtp.setBehaviour('fail')
    const people = Array.from({ length: 40 }, (_, i) => ({ email: `imported.${i}@district.test`, name: `Imported ${i}` }))
    const csv = [HEADER, ...people.map((p) => `${p.email},${p.name},DISTRICT,STAFF,DASHBOARD`)].join('\n')
    const started = Date.now()
    const answer = await t.request({
      method: 'POST',
      url: '/api/users/import/apply?sendInvitations=true',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
      token,
    })
    expect(answer.statusCode).toBe(200)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(answer.json().summary).toEqual({ create: 40, update: 0, unchanged: 0, reject: 0 })
    expect(smtp.connectionFaults().failed).toBe(0)

    const queued = await t.db.kysely
      .selectFrom('mail_messages')
      .select(['recipient', 'status'])
      .where('kind', '=', 'invitation')
      .orderBy('message_id')
      .execute()
    expect(queued).toEqual(people.map((p) => ({ recipient: p.email, status: 'queued' })))
    const links = await t.db.kysely.selectFrom('login_challenges').select('email').where('kind', '=', 'invite').execute()
    expect(links.map((row) => row.email).sort()).toEqual(people.map((p) => p.email).sort())
    // The users list shows each invitation as pending.
    const list = (await t.request({ method: 'GET', url: '/api/userlist?search=imported&limit=100', token })).json()
    expect(list.data.map((row: { invitation_status: string }) => row.invitation_status)).toEqual(people.map(() => 'pending'))

    // The queue tries while the server is down: nothing is lost, each waits for its next try.
    await t.mailQueue.processDue()
    expect(await statusCounts()).toEqual({ retrying: 40 })

    smtp.failConnections([])
    smtp.setBehaviour('accept')
    t.clock.advance(60_000)
    await t.mailQueue.processDue()
    expect(await statusCounts()).toEqual({ sent: 40 })
    for (const person of people) expect((await smtp.waitForMail(person.email)).subject).toMatch(/invit/i)

    // An invitation link from the e-mail signs the person in.
    const text = (await smtp.waitForMail(people[7]!.email)).text
    const link = new URL(/(https?:\/\/\S+\/auth\/verify\?\S+)/.exec(text)![1]!)
    const verified = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email: people[7]!.email, token: link.searchParams.get('token') },
    })
    expect(verified.statusCode).toBe(200)
  })

  async function statusCounts() {
    const rows = await t.db.kysely.selectFrom('mail_messages').select('status').where('kind', '=', 'invitation').execute()
    const counts: Record<string, number> = {}
    for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1
    return counts
  }
})
