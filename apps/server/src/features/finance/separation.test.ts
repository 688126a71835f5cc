import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite, appId } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'
import type { AuthUser } from '../../plugins/access.js'
import type { StepCheck } from './separation.service.js'

describe.each(testDialects())('separation of duties and duty checks (%s)', (dialect) => {
  let t: TestApp
  let superAdmin: string
  let receipts: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    superAdmin = await t.signIn('admin@example.org')
    receipts = await appId(t, 'PAYMENT_RECEIPTS')
  })
  afterEach(() => t.close())

  /**
   * A step as an application takes it: checked before its transaction and confirmed inside it, against the parts the
   * record's people played (handed in as derived parts, as a deposit's collectors are).
   */
  const take = async (userId: number, recordId: number, step: string, played: Array<{ userId: number; part: string }>) => {
    const check: StepCheck = {
      appCode: 'PAYMENT_RECEIPTS',
      recordType: 'deposit',
      recordId,
      recordLabel: `deposit ${recordId}`,
      step,
      rule: { duty: 'APPROVER', barred: ['collected', 'counted'] },
      userId,
      derived: played,
    }
    const clearance = await t.finance.checkStep(check)
    await t.db.kysely.transaction().execute((trx) => t.finance.confirmStepIn(trx, check, clearance))
    return clearance
  }
  const collectedBy = (userId: number) => [{ userId, part: 'collected' }]
  const approve = (userId: number, collectors: number[], counters: number[] = []) =>
    take(userId, 42, 'approve', [
      ...collectors.map((id) => ({ userId: id, part: 'collected' })),
      ...counters.map((id) => ({ userId: id, part: 'counted' })),
    ])
  const refusals = () =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id', 'outcome', 'details'])
      .where('action', '=', 'finance.separation_refused')
      .execute()

  it('refuses a conflicting person with 422 naming the conflict, and writes an audit row for every refusal', async () => {
    const carla = await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })
    const amy = await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })
    await expect(approve(amy.userId, [carla.userId])).resolves.toEqual({ parts: [], exceptionId: null })
    const refusal = await approve(carla.userId, [carla.userId], [carla.userId]).catch((error: unknown) => error)
    expect(refusal).toMatchObject({
      statusCode: 422,
      code: 'separation_of_duties',
      message: expect.stringContaining('You collected and counted deposit 42, so another person with the Approver duty must approve it.'),
    })
    await expect(approve(carla.userId, [carla.userId])).rejects.toMatchObject({ statusCode: 422 })
    const rows = await refusals()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ actor_user_id: carla.userId, outcome: 'failure' })
    expect(JSON.parse(rows[0]!.details!)).toMatchObject({
      appCode: 'PAYMENT_RECEIPTS',
      recordId: '42',
      step: 'approve',
      conflicts: ['collected', 'counted'],
    })
  })

  it("a super administrator's exception lets that one person take that one step on that one record, once", async () => {
    const carla = await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: superAdmin,
      payload: {
        appId: receipts,
        recordId: 42,
        step: 'approve',
        userId: carla.userId,
        reason: 'Only one trained person at the site this week',
      },
    })
    expect(recorded.statusCode).toBe(201)
    expect(recorded.json().data).toMatchObject({
      appCode: 'PAYMENT_RECEIPTS',
      recordId: '42',
      step: 'approve',
      userId: carla.userId,
      usedAt: null,
    })
    // Another step or another record is still refused.
    await expect(take(carla.userId, 43, 'approve', collectedBy(carla.userId))).rejects.toMatchObject({ statusCode: 422 })
    await expect(take(carla.userId, 42, 'count', collectedBy(carla.userId))).rejects.toMatchObject({ statusCode: 422 })
    const used = await approve(carla.userId, [carla.userId])
    expect(used.exceptionId).toBe(recorded.json().data.id)
    await expect(approve(carla.userId, [carla.userId])).rejects.toMatchObject({ statusCode: 422 })
    const list = (await t.request({ method: 'GET', url: `/api/finance/exceptions?appId=${receipts}`, token: superAdmin })).json().data
    expect(list).toHaveLength(1)
    expect(list[0].usedAt).not.toBeNull()
    const usedRow = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'finance.separation_exception_used')
      .execute()
    expect(usedRow).toHaveLength(1)
  })

  it('lists the refused steps for administrators, newest first, saying which have an exception recorded since', async () => {
    const carla = await t.createUser({ applications: ['PAYMENT_RECEIPTS'], fullName: 'Carla Mendes' })
    await expect(approve(carla.userId, [carla.userId])).rejects.toMatchObject({ statusCode: 422 })
    t.clock.advance(60_000)
    await expect(take(carla.userId, 43, 'void', collectedBy(carla.userId))).rejects.toMatchObject({
      statusCode: 422,
    })
    const listed = async () => {
      const answer = await t.request({ method: 'GET', url: '/api/finance/separation-refusals', token: superAdmin })
      expect(answer.statusCode).toBe(200)
      return answer.json().data as Array<Record<string, unknown>>
    }
    expect(await listed()).toMatchObject([
      {
        appId: receipts,
        appCode: 'PAYMENT_RECEIPTS',
        recordId: '43',
        step: 'void',
        userId: carla.userId,
        userName: 'Carla Mendes',
        conflicts: ['collected'],
        exceptionRecorded: false,
      },
      { recordId: '42', step: 'approve', conflicts: ['collected'], exceptionRecorded: false },
    ])
    t.clock.advance(60_000)
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: superAdmin,
      payload: {
        appId: receipts,
        recordId: '42',
        step: 'approve',
        userId: carla.userId,
        reason: 'Only one trained person at the site this week',
      },
    })
    expect(recorded.statusCode).toBe(201)
    expect((await listed()).map((refusal) => [refusal.recordId, refusal.exceptionRecorded])).toEqual([
      ['43', false],
      ['42', true],
    ])
    // Administrators read it; staff do not.
    const admin = await t.createUser({ roleCode: 'ADMIN' })
    expect(
      (await t.request({ method: 'GET', url: '/api/finance/separation-refusals', token: await t.signIn(admin.email) })).statusCode,
    ).toBe(200)
    expect(
      (await t.request({ method: 'GET', url: '/api/finance/separation-refusals', token: await t.signIn(carla.email) })).statusCode,
    ).toBe(403)
  })

  it('two requests at once spend an exception once', async () => {
    const carla = await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })
    await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: superAdmin,
      payload: { appId: receipts, recordId: '42', step: 'approve', userId: carla.userId, reason: 'Only one trained person at the site' },
    })
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => approve(carla.userId, [carla.userId])))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  it('an exception is never for its own recorder, only super administrators record one, and input is checked', async () => {
    const admin = await t.createUser({ roleCode: 'ADMIN' })
    const adminToken = await t.signIn(admin.email)
    const secondSuper = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const secondToken = await t.signIn(secondSuper.email)
    const body = (overrides: Record<string, unknown>) => ({
      appId: receipts,
      recordId: 7,
      step: 'approve',
      userId: secondSuper.userId,
      reason: 'Covering for a colleague on leave',
      ...overrides,
    })
    const self = await t.request({ method: 'POST', url: '/api/finance/exceptions', token: secondToken, payload: body({}) })
    expect(self.statusCode).toBe(422)
    expect(self.json().code).toBe('exception_for_self')
    expect((await t.request({ method: 'POST', url: '/api/finance/exceptions', token: adminToken, payload: body({}) })).statusCode).toBe(403)
    expect(
      (await t.request({ method: 'POST', url: '/api/finance/exceptions', token: superAdmin, payload: body({ reason: 'short' }) }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/finance/exceptions',
          token: superAdmin,
          payload: body({ appId: await appId(t, 'DASHBOARD') }),
        })
      ).json().code,
    ).toBe('not_fiscal_application')
    expect(
      (await t.request({ method: 'POST', url: '/api/finance/exceptions', token: superAdmin, payload: body({ userId: 99999 }) })).json()
        .code,
    ).toBe('unknown_user')
    // Recorded by another super administrator for the second one: usable by the second only, never by its recorder.
    expect((await t.request({ method: 'POST', url: '/api/finance/exceptions', token: superAdmin, payload: body({}) })).statusCode).toBe(201)
    const firstSuper = (
      await t.db.kysely.selectFrom('users').select('user_id').where('email', '=', 'admin@example.org').executeTakeFirstOrThrow()
    ).user_id
    await expect(take(firstSuper, 7, 'approve', collectedBy(firstSuper))).rejects.toMatchObject({ statusCode: 422 })
    await expect(take(secondSuper.userId, 7, 'approve', collectedBy(secondSuper.userId))).resolves.toMatchObject({
      exceptionId: expect.any(Number),
    })
    expect((await t.request({ method: 'GET', url: '/api/finance/exceptions', token: adminToken })).json().data).toHaveLength(1)
  })

  it("requireDuty answers 403 naming the duty and site; administrators see every site, others their duties' sites", async () => {
    const lhs = await addSite(t, superAdmin, { code: 'LHS' })
    const mms = await addSite(t, superAdmin, { code: 'MMS', name: 'Madison Middle School' })
    const orgId = (await t.request({ method: 'GET', url: '/api/metaorgs', token: superAdmin })).json().data[0].org_id
    const roleId = (await t.request({ method: 'GET', url: '/api/metaroles', token: superAdmin }))
      .json()
      .data.find((role: { role_code: string }) => role.role_code === 'STAFF').role_id
    const created = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: superAdmin,
      payload: {
        email: 'carla@district.test',
        fullName: 'Carla',
        organizationId: orgId,
        roleId,
        permissions: [{ appId: receipts }],
        duties: [{ appId: receipts, duty: 'COLLECTOR', siteIds: [lhs] }],
      },
    })
    const carla = { id: created.json().user.user_id, roleCode: 'STAFF' } as AuthUser
    await expect(t.finance.requireDuty(carla, 'PAYMENT_RECEIPTS', 'COLLECTOR', lhs)).resolves.toBeUndefined()
    await expect(t.finance.requireDuty(carla, 'PAYMENT_RECEIPTS', 'COLLECTOR', mms)).rejects.toMatchObject({
      statusCode: 403,
      code: 'duty_required',
      message: expect.stringContaining('Collector duty at Madison Middle School'),
    })
    await expect(t.finance.requireDuty(carla, 'PAYMENT_RECEIPTS', 'APPROVER', lhs)).rejects.toMatchObject({ statusCode: 403 })
    expect(await t.finance.visibleSites(carla, 'PAYMENT_RECEIPTS')).toEqual({ all: false, siteIds: [lhs] })
    expect(await t.finance.visibleSites(carla, 'ACCRUALS')).toEqual({ all: false, siteIds: [] })
    const admin = { id: 1, roleCode: 'ADMIN' } as AuthUser
    expect(await t.finance.visibleSites(admin, 'PAYMENT_RECEIPTS')).toEqual({ all: true })
    // Seeing everything is not acting: an administrator without the duty is refused too.
    await expect(t.finance.requireDuty(admin, 'PAYMENT_RECEIPTS', 'APPROVER', lhs)).rejects.toMatchObject({ statusCode: 403 })
  })
})
