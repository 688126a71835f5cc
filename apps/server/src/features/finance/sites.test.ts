import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite, site } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('finance sites (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  it('administrators add and change sites; the code is upper-cased and unique; every change is audited', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/finance/sites',
      payload: site({ code: 'lhs', depositThresholdCents: 50000 }),
      token: admin,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json().data).toMatchObject({
      code: 'LHS',
      name: 'Lincoln High School',
      kind: 'SCHOOL',
      active: true,
      depositFrequencyDays: 7,
      depositThresholdCents: 50000,
    })
    const id = created.json().data.id
    expect(
      (await t.request({ method: 'POST', url: '/api/finance/sites', payload: site({ name: 'Other' }), token: admin })).json().code,
    ).toBe('duplicate_site_code')
    const otherId = await addSite(t, admin, { code: 'MMS', name: 'Madison Middle School' })
    const clash = await t.request({ method: 'PUT', url: `/api/finance/sites/${otherId}`, payload: site({ code: 'LHS' }), token: admin })
    expect(clash.statusCode).toBe(409)
    const changed = await t.request({
      method: 'PUT',
      url: `/api/finance/sites/${id}`,
      payload: site({ name: 'Lincoln HS', active: false, depositFrequencyDays: 1 }),
      token: admin,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data).toMatchObject({
      id,
      name: 'Lincoln HS',
      active: false,
      depositFrequencyDays: 1,
      depositThresholdCents: null,
    })
    const listed = (await t.request({ method: 'GET', url: '/api/finance/sites', token: admin })).json().data
    expect(listed.map((row: { code: string }) => row.code)).toEqual(['LHS', 'MMS'])
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'finance.site_%')
      .orderBy('audit_id')
      .execute()
    expect(audit.map((row) => row.action)).toEqual(['finance.site_created', 'finance.site_created', 'finance.site_updated'])
    expect(
      (await t.request({ method: 'PUT', url: '/api/finance/sites/9999', payload: site({ code: 'ZZ' }), token: admin })).statusCode,
    ).toBe(404)
  })

  it('refuses bad input with 400 naming the field: money that is not whole cents, frequencies outside 1..30, bad codes', async () => {
    const bad = [
      [{ depositThresholdCents: 100.5 }, 'depositThresholdCents'],
      [{ depositThresholdCents: '500' }, 'depositThresholdCents'],
      [{ depositThresholdCents: 0.1 + 0.2 }, 'depositThresholdCents'],
      [{ depositThresholdCents: -100 }, 'depositThresholdCents'],
      [{ depositFrequencyDays: 0 }, 'depositFrequencyDays'],
      [{ depositFrequencyDays: 31 }, 'depositFrequencyDays'],
      [{ depositFrequencyDays: 7.5 }, 'depositFrequencyDays'],
      [{ code: 'L H S' }, 'code'],
      [{ kind: 'CASTLE' }, 'kind'],
      [{ name: '' }, 'name'],
    ] as const
    for (const [overrides, field] of bad) {
      const answer = await t.request({ method: 'POST', url: '/api/finance/sites', payload: site(overrides), token: admin })
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(answer.json().error, JSON.stringify(overrides)).toContain(field)
    }
    expect((await t.request({ method: 'PUT', url: '/api/finance/sites/abc', payload: site(), token: admin })).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/finance/sites', token: admin })).json().data).toEqual([])
  })

  it('everyone signed in reads the sites; only administrators change them', async () => {
    const id = await addSite(t, admin)
    const staff = await t.signIn((await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })).email)
    expect((await t.request({ method: 'GET', url: '/api/finance/sites', token: staff })).json().data).toHaveLength(1)
    expect((await t.request({ method: 'POST', url: '/api/finance/sites', payload: site({ code: 'NEW' }), token: staff })).statusCode).toBe(
      403,
    )
    expect((await t.request({ method: 'PUT', url: `/api/finance/sites/${id}`, payload: site(), token: staff })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/finance/sites' })).statusCode).toBe(401)
  })
})
