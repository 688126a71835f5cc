import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { DAY_MS } from '../../lib/clock.js'

describe.each(testDialects())('User Management calls (%s)', (dialect) => {
  let t: TestApp
  let superToken: string
  let ids: { org: number; roles: Record<string, number>; apps: Record<string, number> }

  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    superToken = await t.signIn('admin@example.org')
    const org = await t.db.kysely.selectFrom('organizations').select('org_id').executeTakeFirstOrThrow()
    const roles = await t.db.kysely.selectFrom('roles').select(['role_id', 'role_code']).execute()
    const apps = await t.db.kysely.selectFrom('applications').select(['app_id', 'app_code']).execute()
    ids = {
      org: org.org_id,
      roles: Object.fromEntries(roles.map((r) => [r.role_code, r.role_id])),
      apps: Object.fromEntries(apps.map((a) => [a.app_code, a.app_id])),
    }
  })
  afterEach(() => t.close())

  const payload = (overrides: Record<string, unknown> = {}) => ({
    email: 'new.person@district.test',
    fullName: 'New Person',
    organizationId: ids.org,
    roleId: ids.roles.STAFF,
    isActive: true,
    permissions: [{ appId: ids.apps.DASHBOARD, permissionLevel: 'read' }],
    sendInvitation: false,
    ...overrides,
  })
  const create = (body: Record<string, unknown>, token = superToken) =>
    t.request({ method: 'POST', url: '/api/createuser', payload: body, token })
  const update = (userId: number, body: Record<string, unknown>, token = superToken) =>
    t.request({ method: 'PUT', url: `/api/updateuser?userId=${userId}`, payload: body, token })

  it('creates a user with grants at level read, lists, filters and details them', async () => {
    const answer = await create(
      payload({
        email: 'Ada.Lovelace@District.test',
        fullName: 'Ada Lovelace',
        permissions: [{ appId: ids.apps.DSA_TRACKER }, { appId: ids.apps.DASHBOARD }],
      }),
    )
    expect(answer.statusCode).toBe(201)
    const { user } = answer.json()
    expect(user).toMatchObject({
      email: 'ada.lovelace@district.test',
      full_name: 'Ada Lovelace',
      role_code: 'STAFF',
      is_active: 1,
      email_verified: 0,
      last_login: null,
      invitation_status: 'none',
    })

    const details = (await t.request({ method: 'GET', url: `/api/userdetails?userId=${user.user_id}`, token: superToken })).json()
    expect(details.permissions.map((p: { app_code: string; permission_level: string }) => `${p.app_code}:${p.permission_level}`)).toEqual(
      ['DSA_TRACKER:read', 'DASHBOARD:read'].sort((a, b) => (a.startsWith('DASH') ? -1 : b.startsWith('DASH') ? 1 : 0)),
    )

    const list = (query: string) => t.request({ method: 'GET', url: `/api/userlist?${query}`, token: superToken }).then((r) => r.json())
    expect((await list('search=lovel')).data.map((u: { email: string }) => u.email)).toEqual(['ada.lovelace@district.test'])
    expect((await list('search=100%25')).data).toEqual([]) // a % typed by a person is literal
    expect((await list(`roleId=${ids.roles.SUPER_ADMIN}`)).pagination.total).toBe(1)
    expect((await list('status=inactive')).pagination.total).toBe(0)
    const paged = await list('limit=1&offset=1&sort=email')
    expect(paged.pagination).toEqual({ total: 2, limit: 1, offset: 1 })
    expect(paged.data).toHaveLength(1)
  })

  it('pages a search in every sort order without gaps or overlaps, past its end too, with invitation states', async () => {
    const names = ['Cara Garcia', 'Abe Garcia', 'Bea Garcia', 'Dan Garcia', 'Eve Garcia', 'Fay Garcia', 'Gus Garcia']
    for (const [index, fullName] of names.entries()) {
      const answer = await create(
        payload({ email: `g${7 - index}.garcia@district.test`, fullName, sendInvitation: index < 2, isActive: index !== 6 }),
      )
      expect(answer.statusCode).toBe(201)
    }
    await create(payload({ email: 'someone.else@district.test', fullName: 'Someone Else' }))
    const list = (query: string) => t.request({ method: 'GET', url: `/api/userlist?${query}`, token: superToken }).then((r) => r.json())
    const emailsOf = (answer: { data: Array<{ email: string }> }) => answer.data.map((user) => user.email)

    for (const sort of ['name', 'email', 'created', 'last_login']) {
      const whole = await list(`search=garc&status=active&sort=${sort}&limit=50`)
      expect(whole.pagination.total, sort).toBe(6)
      const pages = [0, 2, 4].map((offset) => list(`search=garc&status=active&sort=${sort}&limit=2&offset=${offset}`))
      const answers = await Promise.all(pages)
      expect(answers.flatMap(emailsOf), sort).toEqual(emailsOf(whole))
      expect(
        answers.map((answer) => answer.pagination.total),
        sort,
      ).toEqual([6, 6, 6])
    }
    expect(emailsOf(await list('search=garcia&status=active&sort=name'))).toEqual([
      'g6.garcia@district.test',
      'g5.garcia@district.test',
      'g7.garcia@district.test',
      'g4.garcia@district.test',
      'g3.garcia@district.test',
      'g2.garcia@district.test',
    ])
    expect((await list('search=garcia&offset=40')).pagination).toEqual({ total: 7, limit: 50, offset: 40 })
    expect((await list('search=garcia&offset=40')).data).toEqual([])
    expect((await list('search=nobody')).pagination.total).toBe(0)
    await create(payload({ email: 'mark.mason@district.test', fullName: 'Mark Mason' })) // two words start with "ma"
    expect((await list('search=ma')).pagination.total).toBe((await list('search=ma')).data.length)
    expect((await list('search=ma mas')).data.map((user: { full_name: string }) => user.full_name)).toEqual(['Mark Mason'])
    expect((await list('search=ma mas')).pagination.total).toBe(1)
    expect((await list('search=garcia dan')).data.map((user: { full_name: string }) => user.full_name)).toEqual(['Dan Garcia'])

    const states = Object.fromEntries(
      (await list('search=garcia')).data.map((user: { full_name: string; invitation_status: string }) => [
        user.full_name,
        user.invitation_status,
      ]),
    )
    expect(states).toMatchObject({ 'Cara Garcia': 'pending', 'Abe Garcia': 'pending', 'Bea Garcia': 'none' })
    t.clock.advance(8 * DAY_MS)
    const admin = await t.signIn('admin@example.org')
    const later = await t.request({ method: 'GET', url: '/api/userlist?search=cara', token: admin })
    expect(later.json().data[0]).toMatchObject({ full_name: 'Cara Garcia', invitation_status: 'expired' })
  })

  it('a filtered search follows every change to a person: role, organisation, status and name, by form or in the database', async () => {
    const { user } = (await create(payload({ email: 'ruth.garcia@district.test', fullName: 'Ruth Garcia' }))).json()
    const other = await t.db.kysely
      .insertInto('organizations')
      .values({ org_name: 'North High', org_code: 'NORTH' })
      .returning('org_id')
      .executeTakeFirstOrThrow()
    const found = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/userlist?search=garcia&${query}`, token: superToken })).json() as {
        data: Array<{ email: string }>
        pagination: { total: number }
      }
    const finds = async (query: string) => {
      const answer = await found(query)
      expect(answer.pagination.total, query).toBe(answer.data.length)
      return answer.data.some((person) => person.email === 'ruth.garcia@district.test')
    }
    expect(await finds(`roleId=${ids.roles.STAFF}&status=active&orgId=${ids.org}`)).toBe(true)

    const edited = payload({ email: 'ruth.garcia@district.test', fullName: 'Ruth Garcia', roleId: ids.roles.REPORT_WRITER })
    expect((await update(user.user_id, { ...edited, organizationId: other.org_id, isActive: false })).statusCode).toBe(200)
    expect(await finds(`roleId=${ids.roles.STAFF}`)).toBe(false)
    expect(await finds(`orgId=${ids.org}`)).toBe(false)
    expect(await finds('status=active')).toBe(false)
    expect(await finds(`roleId=${ids.roles.REPORT_WRITER}&orgId=${other.org_id}&status=inactive`)).toBe(true)

    await t.db.kysely.updateTable('users').set({ is_active: 1, role_id: ids.roles.STAFF }).where('user_id', '=', user.user_id).execute()
    expect(await finds(`roleId=${ids.roles.STAFF}&status=active&orgId=${other.org_id}`)).toBe(true)
    expect(await finds('status=inactive')).toBe(false)

    const renamed = payload({ email: 'ruth.garcia@district.test', fullName: 'Ruth Gardner', organizationId: other.org_id })
    expect((await update(user.user_id, renamed)).statusCode).toBe(200)
    expect(await finds(`roleId=${ids.roles.STAFF}&status=active&orgId=${other.org_id}`)).toBe(true) // the address says garcia
    const byName = await t.request({ method: 'GET', url: `/api/userlist?search=gardner&orgId=${other.org_id}`, token: superToken })
    expect(byName.json().pagination.total).toBe(1)

    // A searched page in name order is picked by the name its words carry: renamed, the person moves to the front.
    expect((await create(payload({ email: 'mia.garcia@district.test', fullName: 'Mia Garcia' }))).statusCode).toBe(201)
    const firstByName = async () => (await found('sort=name&limit=1')).data[0]
    expect(await firstByName()).toMatchObject({ email: 'mia.garcia@district.test' })
    const renamedFirst = payload({ email: 'ruth.garcia@district.test', fullName: 'Aaron Garcia', organizationId: other.org_id })
    expect((await update(user.user_id, renamedFirst)).statusCode).toBe(200)
    expect(await firstByName()).toMatchObject({ email: 'ruth.garcia@district.test', full_name: 'Aaron Garcia' })
  })

  it('answers bad input with clear errors and saves nothing half-way', async () => {
    expect((await create(payload())).statusCode).toBe(201)
    const duplicate = await create(payload({ email: 'NEW.person@district.test' }))
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({ error: 'A user with this email address already exists.', code: 'duplicate_email' })

    for (const [body, code] of [
      [payload({ email: 'x@district.test', organizationId: 999 }), 'unknown_organization'],
      [payload({ email: 'x@district.test', roleId: 999 }), 'unknown_role'],
      [payload({ email: 'x@district.test', permissions: [{ appId: 999 }] }), 'unknown_application'],
      [payload({ email: 'x@district.test', permissions: [{ appId: ids.apps.USER_MANAGEMENT }] }), 'admin_only_application'],
    ] as const) {
      const answer = await create(body)
      expect(answer.json().code).toBe(code)
      expect([400, 422]).toContain(answer.statusCode)
    }
    const missing = await create({ email: 'y@district.test' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toContain('fullName')
    for (const url of ['/api/userdetails?userId=abc', '/api/userdetails', '/api/userdetails?userId=-1']) {
      expect((await t.request({ method: 'GET', url, token: superToken })).statusCode).toBe(400)
    }
    expect((await t.request({ method: 'GET', url: '/api/userdetails?userId=99999', token: superToken })).statusCode).toBe(404)
    const users = await t.db.kysely.selectFrom('users').select('email').execute()
    expect(users.map((u) => u.email).sort()).toEqual(['admin@example.org', 'new.person@district.test'])
    const grants = await t.db.kysely.selectFrom('user_permissions').select('user_id').execute()
    expect(grants).toHaveLength(1)
  })

  it('keeps the e-mail read-only and replaces grants when editing', async () => {
    const { user } = (await create(payload())).json()
    const renamed = await update(user.user_id, payload({ email: 'other@district.test' }))
    expect(renamed.statusCode).toBe(422)
    expect(renamed.json().code).toBe('email_immutable')
    const saved = await update(user.user_id, payload({ fullName: 'Renamed Person', permissions: [{ appId: ids.apps.ACCRUALS }] }))
    expect(saved.statusCode).toBe(200)
    expect(saved.json().user.full_name).toBe('Renamed Person')
    const details = (await t.request({ method: 'GET', url: `/api/userdetails?userId=${user.user_id}`, token: superToken })).json()
    expect(details.permissions.map((p: { app_code: string }) => p.app_code)).toEqual(['ACCRUALS'])
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'user.updated').execute()
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      before: { full_name: 'New Person', applications: ['DASHBOARD'] },
      after: { full_name: 'Renamed Person', applications: ['ACCRUALS'] },
    })
  })

  it('deactivation signs the person out, voids their links, hides nothing else; editing reactivates', async () => {
    const { email, userId } = await t.createUser({ applications: ['DASHBOARD'] })
    const session = await t.signIn(email)
    await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
    const { token } = await t.lastSignInMail(email)
    const answer = await t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${userId}`, token: superToken })
    expect(answer.json()).toMatchObject({ success: true })
    expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token: session })).statusCode).toBe(401)
    expect((await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })).statusCode).toBe(400)
    const row = await t.db.kysely.selectFrom('users').select('is_active').where('user_id', '=', userId).executeTakeFirstOrThrow()
    expect(row.is_active).toBe(0)
    const reactivated = await update(userId, payload({ email, isActive: true }))
    expect(reactivated.json().user.is_active).toBe(1)
    expect(await t.signIn(email)).toBeTruthy()
  })

  it('enforces the rules on who may change whom', async () => {
    const adminUser = await t.createUser({ roleCode: 'ADMIN' })
    const adminToken = await t.signIn(adminUser.email)
    const me = await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'admin@example.org').executeTakeFirstOrThrow()

    // An ADMIN cannot create, promote or edit a SUPER_ADMIN.
    expect((await create(payload({ roleId: ids.roles.SUPER_ADMIN }), adminToken)).json().code).toBe('super_admin_only')
    const { user } = (await create(payload(), adminToken)).json()
    expect((await update(user.user_id, payload({ roleId: ids.roles.SUPER_ADMIN }), adminToken)).statusCode).toBe(403)
    expect((await update(me.user_id, payload({ email: 'admin@example.org', fullName: 'X' }), adminToken)).statusCode).toBe(403)
    expect((await t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${me.user_id}`, token: adminToken })).statusCode).toBe(403)

    // Nobody changes their own role or permissions, or deactivates themselves.
    const own = { email: adminUser.email, roleId: ids.roles.ADMIN, permissions: [] }
    expect((await update(adminUser.userId, payload({ ...own, roleId: ids.roles.STAFF }), adminToken)).json().code).toBe('own_access')
    expect((await update(adminUser.userId, payload({ ...own, permissions: [{ appId: ids.apps.ACCRUALS }] }), adminToken)).json().code).toBe(
      'own_access',
    )
    expect((await update(adminUser.userId, payload({ ...own, isActive: false }), adminToken)).json().code).toBe('self_deactivation')
    expect((await t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${adminUser.userId}`, token: adminToken })).json().code).toBe(
      'self_deactivation',
    )
    expect((await update(adminUser.userId, payload({ ...own, fullName: 'Still Me' }), adminToken)).statusCode).toBe(200)

    // There is always one active SUPER_ADMIN.
    const second = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const secondToken = await t.signIn(second.email)
    expect((await t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${me.user_id}`, token: secondToken })).statusCode).toBe(200)
    const last = await update(second.userId, payload({ email: second.email, roleId: ids.roles.ADMIN, permissions: [] }), superToken)
    expect(last.statusCode).toBe(401) // the first super admin was just deactivated and signed out
    const demoteSelf = await update(second.userId, payload({ email: second.email, roleId: ids.roles.ADMIN, permissions: [] }), secondToken)
    expect(demoteSelf.json().code).toBe('own_access')
    expect(
      await t.db.kysely
        .selectFrom('users')
        .innerJoin('roles', 'roles.role_id', 'users.role_id')
        .select('users.user_id')
        .where('role_code', '=', 'SUPER_ADMIN')
        .where('is_active', '=', 1)
        .execute(),
    ).toHaveLength(1)
  })

  it('keeps one active SUPER_ADMIN when two remove each other at the same moment', async () => {
    const other = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const otherToken = await t.signIn(other.email)
    const me = await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'admin@example.org').executeTakeFirstOrThrow()
    const answers = await Promise.all([
      t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${other.userId}`, token: superToken }),
      t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${me.user_id}`, token: otherToken }),
    ])
    // One wins; the other is refused, either by the rule (422) or because its own session just ended (401).
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses[0]).toBe(200)
    expect([401, 422]).toContain(statuses[1])
    const loser = answers.find((a) => a.statusCode !== 200)!.json()
    if (loser.code === 'last_super_admin') expect(loser.error).toBe('There must always be at least one active super administrator.')
    const supers = await t.db.kysely
      .selectFrom('users')
      .innerJoin('roles', 'roles.role_id', 'users.role_id')
      .select('users.user_id')
      .where('role_code', '=', 'SUPER_ADMIN')
      .where('is_active', '=', 1)
      .execute()
    expect(supers).toHaveLength(1)
  })

  it('sends a 7-day invitation that signs the person in, and a resend replaces it', async () => {
    const answer = await create(payload({ email: 'invitee@district.test', sendInvitation: true }))
    expect(answer.json()).toMatchObject({ invitationSent: true, user: { invitation_status: 'pending' } })
    const mail = t.outbox.find((text) => text.includes('To: invitee@district.test'))!
    expect(mail).toContain('valid for 7 days')
    const first = new URL(/(http\S+invite=1)/.exec(mail)![1]!).searchParams.get('token')!

    const userId = answer.json().user.user_id as number
    expect((await t.request({ method: 'POST', url: `/api/resendinvite?userId=${userId}`, token: superToken })).json()).toMatchObject({
      success: true,
    })
    const second = new URL(
      /(http\S+invite=1)/.exec(t.outbox.filter((text) => text.includes('To: invitee@district.test')).at(-1)!)![1]!,
    ).searchParams.get('token')!
    const verify = (token: string) =>
      t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email: 'invitee@district.test', token } })
    expect((await verify(first)).json().error).toContain('replaced by a newer one')

    t.clock.advance(7 * DAY_MS - 60_000)
    const signedIn = await verify(second)
    expect(signedIn.statusCode).toBe(200)
    const freshAdmin = await t.signIn('admin@example.org') // the earlier session ended while the clock moved a week
    const listed = (await t.request({ method: 'GET', url: '/api/userlist?search=invitee', token: freshAdmin })).json().data[0]
    expect(listed).toMatchObject({ email_verified: 1, invitation_status: 'none', last_login: t.clock.now().toISOString() })
  })

  it('an expired invitation strands nobody: it says so, and ordinary sign-in works', async () => {
    const answer = await create(payload({ email: 'late@district.test', sendInvitation: true }))
    const mail = t.outbox.find((text) => text.includes('To: late@district.test'))!
    const token = new URL(/(http\S+invite=1)/.exec(mail)![1]!).searchParams.get('token')!
    t.clock.advance(7 * DAY_MS + 1000)
    const freshAdmin = await t.signIn('admin@example.org')
    const listed = (
      await t.request({ method: 'GET', url: `/api/userdetails?userId=${answer.json().user.user_id}`, token: freshAdmin })
    ).json()
    expect(listed.user.invitation_status).toBe('expired')
    const expired = await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email: 'late@district.test', token } })
    expect(expired.json()).toMatchObject({ code: 'invite_expired', error: expect.stringContaining('You can still sign in') })
    const fresh = await t.signIn('late@district.test')
    expect(fresh).toBeTruthy()
  })

  it('resends an invitation to someone who has already signed in, and its link signs them in', async () => {
    const person = await t.createUser({ email: 'returning@district.test' })
    await t.signInByEmail('returning@district.test')
    const signedInRow = await t.db.kysely
      .selectFrom('users')
      .select(['email_verified', 'last_login'])
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow()
    expect(signedInRow.last_login).not.toBeNull()

    const resent = await t.request({ method: 'POST', url: `/api/resendinvite?userId=${person.userId}`, token: superToken })
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({ success: true })
    const mail = t.outbox.filter((text) => text.includes('To: returning@district.test')).at(-1)!
    const token = new URL(/(http\S+invite=1)/.exec(mail)![1]!).searchParams.get('token')!
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email: 'returning@district.test', token },
    })
    expect(signedIn.statusCode).toBe(200)
  })

  it('refuses an invitation to an inactive user and limits resends', async () => {
    const inactive = await t.createUser({ isActive: false })
    const refused = await t.request({ method: 'POST', url: `/api/resendinvite?userId=${inactive.userId}`, token: superToken })
    expect(refused.json().code).toBe('user_inactive')
    const active = await t.createUser()
    for (let i = 0; i < 5; i++)
      expect((await t.request({ method: 'POST', url: `/api/resendinvite?userId=${active.userId}`, token: superToken })).statusCode).toBe(
        200,
      )
    expect((await t.request({ method: 'POST', url: `/api/resendinvite?userId=${active.userId}`, token: superToken })).statusCode).toBe(429)
  })

  it('serves the reference lists', async () => {
    const orgs = (await t.request({ method: 'GET', url: '/api/metaorgs', token: superToken })).json()
    expect(orgs.data).toEqual([{ org_id: ids.org, org_name: 'District Office', org_code: 'DISTRICT' }])
    const roles = (await t.request({ method: 'GET', url: '/api/metaroles', token: superToken })).json()
    expect(roles.data.map((r: { role_code: string }) => r.role_code)).toEqual(['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER', 'STAFF'])
    const apps = (await t.request({ method: 'GET', url: '/api/metaapps', token: superToken })).json()
    expect(apps.data).toHaveLength(9)
    expect(apps.data[0]).toEqual(expect.objectContaining({ app_code: 'DASHBOARD', admin_only: 0, is_active: 1 }))
  })
})
