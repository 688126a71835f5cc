import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { appId } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'
import { AppError } from '../../lib/errors.js'
import type { StepCheck } from './separation.service.js'

describe.each(testDialects())('separation against every participant of a record (%s)', (dialect) => {
  let t: TestApp
  let superAdmin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    superAdmin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const record = { appCode: 'ACCRUALS', recordType: 'request', recordId: 21 }
  const approval = (userId: number): StepCheck => ({
    ...record,
    recordLabel: 'request #21',
    step: 'approve',
    rule: { duty: 'FISCAL_REVIEWER', barred: ['drafted', 'edited', 'submitted'] },
    userId,
  })
  const play = (userId: number, part: string) =>
    t.db.kysely.transaction().execute((trx) => t.finance.recordParts(trx, record, [{ userId, part }]))
  /** A step as an application takes it: checked, then confirmed inside its transaction, which `fail` may then refuse. */
  const step = async (userId: number, fail = false) => {
    const clearance = await t.finance.checkStep(approval(userId))
    await t.db.kysely.transaction().execute(async (trx) => {
      await t.finance.confirmStepIn(trx, approval(userId), clearance)
      if (fail) throw new AppError('bad_request', 'Refused for another reason.', { code: 'other' })
    })
    return clearance
  }

  it('bars whoever played a barred part, not only who drafted, and says why in words', async () => {
    const maria = await t.createUser({ applications: ['ACCRUALS'] })
    const omar = await t.createUser({ applications: ['ACCRUALS'] })
    const ruth = await t.createUser({ applications: ['ACCRUALS'] })
    await play(maria.userId, 'drafted')
    await play(omar.userId, 'edited')
    await play(omar.userId, 'submitted')
    await play(omar.userId, 'edited')
    expect(await t.finance.participantsOf(record)).toHaveLength(3)
    await expect(step(omar.userId)).rejects.toMatchObject({
      statusCode: 422,
      code: 'separation_of_duties',
      message: expect.stringContaining(
        'You edited and submitted request #21, so another person with the Fiscal reviewer duty must approve it.',
      ),
    })
    expect(await t.finance.reasonNotOffered(approval(maria.userId))).toBe(
      'You drafted request #21, so another person with the Fiscal reviewer duty must approve it.',
    )
    expect(await t.finance.reasonNotOffered(approval(ruth.userId))).toBeNull()
    await expect(step(ruth.userId)).resolves.toEqual({ parts: [], exceptionId: null })
  })

  it('a part played while the step was on its way is found inside the step and refused with 409', async () => {
    const omar = await t.createUser({ applications: ['ACCRUALS'] })
    const clearance = await t.finance.checkStep(approval(omar.userId))
    await play(omar.userId, 'edited')
    await expect(
      t.db.kysely.transaction().execute((trx) => t.finance.confirmStepIn(trx, approval(omar.userId), clearance)),
    ).rejects.toMatchObject({ statusCode: 409, code: 'separation_of_duties' })
  })

  it('an exception is spent only by a step that succeeds, and only once', async () => {
    const omar = await t.createUser({ applications: ['ACCRUALS'] })
    await play(omar.userId, 'submitted')
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: superAdmin,
      payload: {
        appId: await appId(t, 'ACCRUALS'),
        recordId: '21',
        step: 'approve',
        userId: omar.userId,
        reason: 'Sole reviewer on leave',
      },
    })
    expect(recorded.statusCode).toBe(201)
    const unused = async () =>
      (await t.db.kysely.selectFrom('finance_exceptions').select('used_at').executeTakeFirstOrThrow()).used_at === null

    await expect(step(omar.userId, true)).rejects.toMatchObject({ code: 'other' })
    expect(await unused()).toBe(true)
    expect(await t.finance.reasonNotOffered(approval(omar.userId))).toBeNull()

    await expect(step(omar.userId)).resolves.toMatchObject({ parts: ['submitted'] })
    expect(await unused()).toBe(false)
    await expect(step(omar.userId)).rejects.toMatchObject({ statusCode: 422 })
    const used = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'finance.separation_exception_used')
      .execute()
    expect(used).toHaveLength(1)
  })

  it('an exception found by two steps at once is spent by one; the other is refused with 409', async () => {
    const omar = await t.createUser({ applications: ['ACCRUALS'] })
    await play(omar.userId, 'submitted')
    await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: superAdmin,
      payload: {
        appId: await appId(t, 'ACCRUALS'),
        recordId: '21',
        step: 'approve',
        userId: omar.userId,
        reason: 'Sole reviewer on leave',
      },
    })
    const first = await t.finance.checkStep(approval(omar.userId))
    const second = await t.finance.checkStep(approval(omar.userId))
    await t.db.kysely.transaction().execute((trx) => t.finance.confirmStepIn(trx, approval(omar.userId), first))
    await expect(
      t.db.kysely.transaction().execute((trx) => t.finance.confirmStepIn(trx, approval(omar.userId), second)),
    ).rejects.toMatchObject({ statusCode: 409, code: 'exception_used' })
  })
})

describe.each(testDialects())("the district's window of dates (%s)", (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const within = (day: string) => t.finance.assertDayInWindow(day, 'The payment date (paidOn)')

  it('takes today and the past back to the earliest fiscal year, and refuses the future and the far past', async () => {
    // The test clock stands at 2026-03-02 08:00 UTC: 2026-03-02 00:00 in California, fiscal year 2025-26.
    await expect(within('2026-03-02')).resolves.toBeUndefined()
    await expect(within('2020-07-01')).resolves.toBeUndefined()
    await expect(within('2026-03-03')).rejects.toMatchObject({
      statusCode: 400,
      code: 'date_out_of_window',
      message: 'The payment date (paidOn) 2026-03-03 is in the future; enter a day up to today, 2026-03-02.',
    })
    await expect(within('2020-06-30')).rejects.toMatchObject({ code: 'date_out_of_window', message: expect.stringContaining('2020-21') })
    await expect(within('1900-01-01')).rejects.toMatchObject({ code: 'date_out_of_window' })
  })

  it('an administrator sets the earliest fiscal year, never after the current one', async () => {
    const set = (earliestFiscalYear: string) =>
      t.request({ method: 'PUT', url: '/api/finance/settings/window', token: admin, payload: { earliestFiscalYear } })
    const saved = await set('2015-16')
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ earliestFiscalYear: '2015-16', currentFiscalYear: '2025-26' })
    await expect(within('2015-07-01')).resolves.toBeUndefined()
    expect((await set('2026-27')).statusCode).toBe(400)
    expect((await set('2015-17')).json()).toMatchObject({
      code: 'bad_request',
      error: expect.stringContaining('Enter a fiscal year such as 2019-20'),
    })
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'finance.earliest_fiscal_year_saved')
      .execute()
    expect(audit).toHaveLength(1)
  })
})
