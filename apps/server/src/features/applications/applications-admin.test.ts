import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('Application Management (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const body = (overrides: Record<string, unknown> = {}) => ({
    app_name: 'Budget Planner',
    app_code: 'budget_planner',
    app_url: '/apps/budget-planner',
    app_icon: 'DollarSign',
    app_description: 'Plan next year',
    category: 'FINANCIAL',
    app_color: '#2f9e44',
    admin_only: false,
    is_active: true,
    ...overrides,
  })
  const list = async () =>
    (await t.request({ method: 'GET', url: '/api/admin/metadata/applications', token })).json().data as Array<Record<string, unknown>>

  it('adds an application with an upper-cased, unique code and the default display order', async () => {
    const created = await t.request({ method: 'POST', url: '/api/admin/applications', payload: body(), token })
    expect(created.statusCode).toBe(201)
    expect(created.json().data).toMatchObject({
      app_code: 'BUDGET_PLANNER',
      display_order: 999,
      is_active: 1,
      admin_only: 0,
      user_count: 0,
    })
    const again = await t.request({ method: 'POST', url: '/api/admin/applications', payload: body({ app_code: 'Budget_Planner' }), token })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('duplicate_app_code')
    // It is now in the administrator's menu, last (display order 999).
    const { user } = (await t.request({ method: 'GET', url: '/api/get-user-profile', token })).json()
    expect(user.permissions.at(-1)).toBe('budget-planner')
  })

  it('refuses a changed code, bad icons, categories, colours and URLs with messages naming the field', async () => {
    const { data } = (await t.request({ method: 'POST', url: '/api/admin/applications', payload: body(), token })).json()
    const put = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/admin/applications/${data.app_id}`, payload, token })
    expect((await put(body({ app_code: 'OTHER' }))).json().code).toBe('app_code_immutable')
    for (const [field, value] of [
      ['app_icon', 'Rocket'],
      ['category', 'SPORTS'],
      ['app_color', 'green'],
      ['app_url', 'javascript:alert(1)'],
      ['app_name', ''],
    ] as const) {
      const answer = await put(body({ [field]: value }))
      expect(answer.statusCode, field).toBe(400)
      expect(answer.json().error, field).toContain(field)
    }
    expect((await t.request({ method: 'PUT', url: '/api/admin/applications/abc', payload: body(), token })).statusCode).toBe(400)
    expect((await t.request({ method: 'PUT', url: '/api/admin/applications/9999', payload: body(), token })).statusCode).toBe(404)
    const saved = await put(body({ app_name: 'Budget', display_order: 5 }))
    expect(saved.json().data).toMatchObject({ app_name: 'Budget', app_code: 'BUDGET_PLANNER', display_order: 5 })
  })

  it('an inactive application vanishes from menus at once; admin-only ones show to administrators only', async () => {
    const staff = await t.createUser({ applications: ['DASHBOARD', 'ACCRUALS'] })
    const staffToken = await t.signIn(staff.email)
    const apps = await list()
    const accruals = apps.find((app) => app.app_code === 'ACCRUALS')!
    const put = (changes: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/admin/applications/${accruals.app_id}`, payload: { ...accruals, ...changes }, token })
    const perms = async (who: string) =>
      (await t.request({ method: 'GET', url: '/api/get-user-profile', token: who })).json().user.permissions
    expect(await perms(staffToken)).toEqual(['dashboard', 'accruals'])
    expect((await put({ is_active: 0 })).statusCode).toBe(200)
    expect(await perms(staffToken)).toEqual(['dashboard'])
    expect(await perms(token)).not.toContain('accruals')
    await put({ is_active: 1, admin_only: 1 })
    expect(await perms(staffToken)).toEqual(['dashboard'])
    expect(await perms(token)).toContain('accruals')
    await put({ admin_only: 0, display_order: 1 })
    expect(await perms(staffToken)).toEqual(['accruals', 'dashboard'])
  })

  it('deleting removes the grants and records what was removed', async () => {
    const { data } = (await t.request({ method: 'POST', url: '/api/admin/applications', payload: body(), token })).json()
    const holder = await t.createUser({ applications: ['BUDGET_PLANNER'] })
    expect((await list()).find((app) => app.app_id === data.app_id)!.user_count).toBe(1)
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/applications/${data.app_id}`, token })
    expect(deleted.json()).toMatchObject({ success: true, removedGrants: 1 })
    expect(await t.db.kysely.selectFrom('user_permissions').select('user_id').where('app_id', '=', data.app_id).execute()).toEqual([])
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'application.deleted')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details!)).toMatchObject({ before: { app_code: 'BUDGET_PLANNER' }, removedGrantsFromUserIds: [holder.userId] })
    expect((await t.request({ method: 'DELETE', url: `/api/admin/applications/${data.app_id}`, token })).statusCode).toBe(404)
  })
})
