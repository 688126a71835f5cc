import { DEFAULT_ERP_LAYOUT, ERP_LAYOUT_SETTING_KEY } from '@platform/contracts/finance-erp-layout'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_AUDIT_CHAIN_KEY } from '../../../test/audit-keys.js'
import { type TestApp, TEST_ADMIN_EMAIL, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { createSettingsRepository } from '../../db/settings.repository.js'
import type { AuthUser } from '../../plugins/access.js'
import { chainKey } from '../audit/audit-chain.js'
import { createAuditRepository } from '../audit/audit.repository.js'
import { createAuditService } from '../audit/audit.service.js'
import { createErpLayoutRepository, createErpLayoutService } from './erp-layout.js'

describe.each(testDialects())('finance: the ERP layout setting (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const service = () =>
    createErpLayoutService({
      layouts: createErpLayoutRepository(t.db),
      audit: createAuditService({ audit: createAuditRepository(t.db, chainKey(TEST_AUDIT_CHAIN_KEY)), clock: t.clock }),
    })

  it("is the platform's CSV until chosen; a choice is kept and audited with what it replaced", async () => {
    expect(await service().get()).toEqual(DEFAULT_ERP_LAYOUT)
    const admin = await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', TEST_ADMIN_EMAIL).executeTakeFirstOrThrow()
    const actor = { id: admin.user_id } as AuthUser
    const escape = { layout: 'ESCAPE_ONLINE' as const, orgId: '60', deptId: 'Business', fiscalYear: 'STARTING' as const }
    expect(await service().save(escape, actor, { ip: '127.0.0.1', userAgent: undefined })).toEqual(escape)
    expect(await createErpLayoutRepository(t.db).read()).toEqual(escape)
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('action', '=', 'finance.erp_layout_saved')
      .execute()
    expect(audited).toHaveLength(1)
    expect(audited[0]!.actor_user_id).toBe(admin.user_id)
    const details = audited[0]!.details
    expect(typeof details === 'string' ? JSON.parse(details) : details).toEqual({ before: DEFAULT_ERP_LAYOUT, after: escape })
  })

  it("reads a stored value it cannot use as the platform's CSV, never failing a journal on it", async () => {
    await createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, '{"layout":"ESCAPE_ONLINE","orgId":"","deptId":"Business"}')
    expect(await service().get()).toEqual(DEFAULT_ERP_LAYOUT)
    await createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, 'not json')
    expect(await service().get()).toEqual(DEFAULT_ERP_LAYOUT)
  })

  it('reads a layout saved before the fiscal year numbering was a choice as numbered by the ending year', async () => {
    await createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, '{"layout":"ESCAPE_ONLINE","orgId":"60","deptId":"Business"}')
    expect(await service().get()).toEqual({ layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business', fiscalYear: 'ENDING' })
  })

  it('is read and saved over HTTP by administrators only, and refused in words when incomplete', async () => {
    const admin = await t.signIn(TEST_ADMIN_EMAIL)
    const staff = await t.signIn((await t.createUser()).email)
    const url = '/api/finance/settings/erp-layout'
    expect((await t.request({ method: 'GET', url, token: admin })).json().data).toEqual(DEFAULT_ERP_LAYOUT)
    const missing = await t.request({
      method: 'PUT',
      url,
      token: admin,
      payload: { layout: 'ESCAPE_ONLINE', orgId: '', deptId: 'Business' },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toContain("Enter Escape Online's organization id")
    const escape = { layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business' }
    expect((await t.request({ method: 'PUT', url, token: staff, payload: escape })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url, token: admin })).json().data).toEqual(DEFAULT_ERP_LAYOUT)
    const numbering = await t.request({ method: 'PUT', url, token: admin, payload: { ...escape, fiscalYear: '2026' } })
    expect(numbering.statusCode).toBe(400)
    expect(numbering.json().error).toContain('Choose how the fiscal year is numbered')
    // Sent without the numbering (as before it was a choice), the layout numbers years by the year they end in.
    expect((await t.request({ method: 'PUT', url, token: admin, payload: escape })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url, token: admin })).json().data).toEqual({ ...escape, fiscalYear: 'ENDING' })
  })
})
