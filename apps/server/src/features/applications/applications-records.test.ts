import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { accrualBody, draft, setUpAccruals } from '../../../test/accruals.js'
import { appId } from '../../../test/finance.js'
import { intake, setUpRecords } from '../../../test/records.js'
import { issue, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

/*
 * Deleting an application that has records answers 409 saying what it holds (never a 500 from a broken
 * reference), and it keeps them: it can be deactivated instead.
 */
describe.each(testDialects())('applications keep their records (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const remove = (id: number) => t.request({ method: 'DELETE', url: `/api/admin/applications/${id}`, token: admin })

  async function refusedThenDeactivated(id: number, error: string) {
    const refused = await remove(id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ code: 'application_has_records', error })
    expect(await t.db.kysely.selectFrom('applications').select('app_id').where('app_id', '=', id).execute()).toHaveLength(1)
    const app = await t.db.kysely
      .selectFrom('applications')
      .select(['app_name', 'app_icon', 'category'])
      .where('app_id', '=', id)
      .executeTakeFirstOrThrow()
    const deactivated = await t.request({
      method: 'PUT',
      url: `/api/admin/applications/${id}`,
      token: admin,
      payload: { ...app, is_active: 0 },
    })
    expect(deactivated.statusCode, deactivated.body).toBe(200)
  }

  it('refuses to delete Payment Receipts while it holds receipts, naming them', async () => {
    const setup = await setUpReceipts(t)
    const collector = await setup.person(['COLLECTOR'])
    await issue(t, collector.token, receiptBody(setup.siteId))
    await issue(t, collector.token, receiptBody(setup.siteId))
    await refusedThenDeactivated(setup.appId, 'Payment Receipts holds 2 receipts and 1 duty; it cannot be deleted. Deactivate it instead.')
  })

  it('refuses to delete Accruals while it holds accruals and a close cycle', async () => {
    const setup = await setUpAccruals(t)
    const requester = await setup.person(['REQUESTER'])
    await draft(t, requester.token, accrualBody(setup.cycleId, setup.siteId))
    await refusedThenDeactivated(
      setup.appId,
      'Accruals holds 1 accrual, 1 close cycle and 2 duties; it cannot be deleted. Deactivate it instead.',
    )
  })

  it('refuses to delete Public Information while it holds records requests', async () => {
    const setup = await setUpRecords(t)
    const coordinator = await setup.person(['COORDINATOR'])
    await intake(t, coordinator.token)
    await refusedThenDeactivated(
      setup.appId,
      'Public Information holds 1 records request and 1 duty; it cannot be deleted. Deactivate it instead.',
    )
  })

  it('refuses a fiscal application that holds only duties, and deletes one that holds nothing', async () => {
    const setup = await setUpRecords(t)
    await setup.person(['VIEWER'])
    const refused = await remove(setup.appId)
    expect(refused.json().error).toMatch(/^Public Information holds 1 duty; it cannot be deleted/)
    await t.db.kysely.deleteFrom('finance_duties').execute()
    expect((await remove(await appId(t, 'PUBLIC_INFO'))).statusCode).toBe(200)
  })
})
