import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { DAY_MS } from '../../lib/clock.js'

describe.each(testDialects())('the Activity log (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  it('lists who did what to whom, newest first, filtered by person, action and date', async () => {
    const org = await t.db.kysely.selectFrom('organizations').select('org_id').executeTakeFirstOrThrow()
    const role = await t.db.kysely.selectFrom('roles').select('role_id').where('role_code', '=', 'STAFF').executeTakeFirstOrThrow()
    t.clock.advance(DAY_MS)
    token = await t.signIn('admin@example.org')
    await t.request({
      method: 'POST',
      url: '/api/createuser',
      token,
      payload: {
        email: 'grace@district.test',
        fullName: 'Grace Hopper',
        organizationId: org.org_id,
        roleId: role.role_id,
        permissions: [],
      },
    })
    const page = (query: string) => t.request({ method: 'GET', url: `/api/audit?${query}`, token }).then((r) => r.json())

    const created = await page('action=user.created')
    expect(created.data).toHaveLength(1)
    expect(created.data[0]).toMatchObject({
      actor_email: 'admin@example.org',
      actor_name: 'District Administrator',
      email: 'grace@district.test',
      target_type: 'user',
    })
    expect(JSON.parse(created.data[0].details).after).toMatchObject({ full_name: 'Grace Hopper', role: 'STAFF' })

    expect((await page('person=grace')).data.map((e: { action: string }) => e.action)).toEqual(['user.created'])
    const today = t.clock.now().toISOString().slice(0, 10)
    const all = await page('limit=200')
    expect((await page(`from=${today}&to=${today}`)).pagination.total).toBeLessThan(all.pagination.total)
    expect(all.data[0].occurred_at >= all.data.at(-1).occurred_at).toBe(true)
    expect((await t.request({ method: 'GET', url: '/api/audit?from=21-11-2026', token })).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/audit/actions', token })).json().data).toEqual(
      expect.arrayContaining(['sign_in.success', 'user.created']),
    )
  })

  it("filters by the district's days: an evening in Pacific time belongs to that day, not to the next one in UTC", async () => {
    // The first sign-in was at midnight Pacific starting Mar 2 (08:00 UTC); 9:30 PM Pacific on Mar 2 is 05:30 UTC on Mar 3.
    t.clock.set(new Date('2026-03-03T05:30:00.000Z'))
    token = await t.signIn('admin@example.org')
    const signIns = (query: string) =>
      t.request({ method: 'GET', url: `/api/audit?action=sign_in.success&${query}`, token }).then((r) => r.json().pagination.total)
    expect(await signIns('from=2026-03-02&to=2026-03-02')).toBe(2)
    expect(await signIns('from=2026-03-03')).toBe(0)
    expect(await signIns('to=2026-03-01')).toBe(0)
  })

  it('exports the filtered log as CSV with formula-looking cells made harmless', async () => {
    // 9:30 PM Pacific on Mar 2: already Mar 3 in UTC.
    t.clock.set(new Date('2026-03-03T05:30:00.000Z'))
    token = await t.signIn('admin@example.org')
    await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email: '+cmd@district.test' } })
    const answer = await t.request({ method: 'GET', url: '/api/audit/export?action=sign_in.link_requested', token })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/csv')
    expect(answer.headers['content-disposition']).toContain('attachment; filename="audit_log_2026-03-02.csv"')
    const lines = answer.body.trim().split('\n')
    expect(lines[0]).toBe('audit_id,occurred_at,actor_email,actor_name,action,outcome,target_type,target_id,email,ip,user_agent,details')
    // The header and the one link asked for above (the administrator's session was made without a link).
    expect(lines).toHaveLength(2)
    expect(answer.body).toContain("'+cmd@district.test")
    // The time on the district's clock, with its offset.
    expect(lines[1]).toMatch(/^\d+,2026-03-02T21:30:00-08:00,/)
    expect((await t.request({ method: 'GET', url: '/api/audit?action=audit.exported', token })).json().pagination.total).toBe(1)
  })

  it('is for administrators only', async () => {
    const staff = await t.createUser()
    const staffToken = await t.signIn(staff.email)
    for (const url of ['/api/audit', '/api/audit/actions', '/api/audit/export']) {
      expect((await t.request({ method: 'GET', url, token: staffToken })).statusCode).toBe(403)
    }
  })
})
