import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type AccrualsPerson,
  SUPPLIES,
  accrualBody,
  approved,
  draft,
  reviewTeam,
  setUpAccruals,
  step,
  stepOk,
} from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

/**
 * The controls an auditor tried to break: separation against everyone who took part, the author's record,
 * exceptions spent only by a step that succeeds, liquidations that explain their variance, posted journals that read
 * the same forever, and dates within the district's window.
 */
describe.each(testDialects())('accruals: controls that hold (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    // Late July, before the cycle locks: requests are drafted, and July payments are in the past.
    t.clock.set(new Date('2026-07-30T17:00:00.000Z'))
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const get = async (token: string, id: number) => (await t.request({ method: 'GET', url: `/api/accruals/${id}`, token })).json().data
  const edit = (token: string, id: number, overrides: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/accruals/${id}`, token, payload: accrualBody(setup.cycleId, setup.siteId, overrides) })
  const handOver = (token: string, id: number, userId: number, reason = 'Maria is on leave until September') =>
    t.request({ method: 'POST', url: `/api/accruals/${id}/hand-over`, token, payload: { userId, reason } })
  const dollar = (amountCents: number) =>
    accrualBody(setup.cycleId, setup.siteId, { amountCents, lines: [{ account: SUPPLIES, amountCents }], basis: 'ACTUAL' })
  const nameOf = async (person: AccrualsPerson) =>
    (await t.db.kysely.selectFrom('users').select('full_name').where('user_id', '=', person.userId).executeTakeFirstOrThrow()).full_name
  const partsOf = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('finance_participants')
        .select(['user_id', 'part'])
        .where('app_code', '=', 'ACCRUALS')
        .where('record_type', '=', 'request')
        .where('record_id', '=', String(id))
        .orderBy('first_at')
        .orderBy('part')
        .execute()
    ).map((row) => [row.user_id, row.part])

  it("another requester at the site can neither change, submit nor withdraw someone's request; the screen says whose it is", async () => {
    // A $1.00 request, as the auditor found it.
    const { id } = await draft(t, team.requester.token, dollar(100))
    const other = await setup.person(['REQUESTER'])
    const words = `Only ${await nameOf(team.requester)}, who drafted request #${id}, may edit it; a controller can hand it to you.`
    const changed = await t.request({ method: 'PUT', url: `/api/accruals/${id}`, token: other.token, payload: dollar(4_900_000) })
    expect(changed.statusCode).toBe(403)
    expect(changed.json()).toEqual({ error: words, code: 'not_holder' })
    for (const name of ['submit', 'withdraw']) {
      const answer = await step(t, other.token, id, name)
      expect(answer.statusCode).toBe(403)
      expect(answer.json().error).toBe(words.replace('may edit it', `may ${name} it`))
    }
    const seen = await get(other.token, id)
    expect(seen).toMatchObject({ amountCents: 100, state: 'DRAFT', holderId: team.requester.userId })
    expect(seen.actions).toMatchObject({ edit: false, submit: false, withdraw: false })
    expect(seen.stepReasons).toEqual({
      edit: words,
      submit: words.replace('edit it', 'submit it'),
      withdraw: words.replace('edit it', 'withdraw it'),
    })
    expect(await partsOf(id)).toEqual([[team.requester.userId, 'drafted']])
    // Nor can they add files to it; its holder can.
    const attach = (token: string) =>
      t.request({
        method: 'POST',
        url: `/api/finance/attachments/ACCRUALS/accrual/${id}?fileName=invoice.txt`,
        payload: Buffer.from('Invoice 77: $1.00\n'),
        headers: { 'content-type': 'application/octet-stream' },
        token,
      })
    expect((await attach(other.token)).statusCode).toBe(404)
    expect(seen.actions.attach).toBe(false)
    expect((await attach(team.requester.token)).statusCode).toBe(201)
    // A site-approved request is withdrawn by its holder only.
    await stepOk(t, team.requester.token, id, 'submit')
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    expect((await step(t, other.token, id, 'withdraw')).statusCode).toBe(403)
    expect((await stepOk(t, team.requester.token, id, 'withdraw')).state).toBe('WITHDRAWN')
  })

  it('whoever edited or submitted a request reviews none of it, whoever holds the duty; the screen shows why', async () => {
    // A second person who holds every duty of the site works on the request through a controller's hand-over.
    const helper = await setup.person(['REQUESTER', 'SITE_APPROVER', 'FISCAL_REVIEWER'])
    const controller = await setup.person(['CONTROLLER'])
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    expect((await handOver(controller.token, id, helper.userId)).statusCode).toBe(200)
    expect((await edit(helper.token, id, { description: 'Supplies, with the packing slip', version: 1 })).statusCode).toBe(200)
    // Handed back: the drafter submits. The helper only edited, which is enough to bar them.
    expect((await handOver(controller.token, id, team.requester.userId, 'Maria is back from leave')).statusCode).toBe(200)
    await stepOk(t, team.requester.token, id, 'submit')
    const refused = await step(t, helper.token, id, 'site-approve')
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'separation_of_duties' })
    expect(refused.json().error).toContain(`You edited request #${id}, so another person with the Site approver duty must site-approve it.`)
    const seen = await get(helper.token, id)
    expect(seen.actions).toMatchObject({ siteApprove: false, return: false, reject: false })
    expect(seen.stepReasons.siteApprove).toBe(
      `You edited request #${id}, so another person with the Site approver duty must site-approve it.`,
    )
    expect(seen.stepReasons.return).toBe(`You edited request #${id}, so another person with the Site approver duty must return it.`)
    // My queue asks only those who may take the step.
    const queued = async (token: string) =>
      ((await t.request({ method: 'GET', url: '/api/my-queue', token })).json().data as Array<{ key: string }>).map((item) => item.key)
    expect(await queued(helper.token)).not.toContain(`ACCRUALS:accrual:${id}:site-approve`)
    expect(await queued(team.siteApprover.token)).toContain(`ACCRUALS:accrual:${id}:site-approve`)
    await stepOk(t, team.siteApprover.token, id, 'site-approve')
    expect((await step(t, helper.token, id, 'approve')).statusCode).toBe(422)
    expect(await queued(helper.token)).not.toContain(`ACCRUALS:accrual:${id}:approve`)
    // The site approver who also reviews for fiscal services may not give the final approval either.
    const both = await setup.person(['SITE_APPROVER', 'FISCAL_REVIEWER'])
    const { id: second } = await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Second', poNumber: null }),
    )
    await stepOk(t, team.requester.token, second, 'submit')
    await stepOk(t, both.token, second, 'site-approve')
    const own = await step(t, both.token, second, 'approve')
    expect(own.statusCode).toBe(422)
    expect(own.json().error).toContain(
      `You site-approved request #${second}, so another person with the Fiscal reviewer duty must approve it.`,
    )
    expect((await stepOk(t, team.reviewer.token, second, 'approve')).state).toBe('APPROVED')
    expect(await partsOf(id)).toEqual(
      expect.arrayContaining([
        [team.requester.userId, 'drafted'],
        [controller.userId, 'handed-over'],
        [helper.userId, 'edited'],
        [team.requester.userId, 'submitted'],
        [team.siteApprover.userId, 'site-approved'],
      ]),
    )
  })

  it('a hand-over is a controller’s, to a requester of the site, with a reason, on the record', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const newHolder = await setup.person(['REQUESTER'])
    const controller = await setup.person(['CONTROLLER'])
    expect((await handOver(team.requester.token, id, newHolder.userId)).statusCode).toBe(403)
    expect((await handOver(controller.token, id, team.reviewer.userId)).json()).toMatchObject({ code: 'holder_duty_required' })
    const elsewhere = await setup.person(['REQUESTER'], [setup.otherSiteId])
    expect((await handOver(controller.token, id, elsewhere.userId)).statusCode).toBe(422)
    expect((await handOver(controller.token, id, newHolder.userId, 'x')).statusCode).toBe(400)
    expect((await handOver(controller.token, id, team.requester.userId)).json()).toMatchObject({ code: 'already_holder' })
    const asController = await get(controller.token, id)
    expect(asController.actions.handOver).toBe(true)
    expect(asController.handOverCandidates.map((person: { userId: number }) => person.userId)).toContain(newHolder.userId)
    const handed = await handOver(controller.token, id, newHolder.userId)
    expect(handed.statusCode).toBe(200)
    expect(handed.json().data).toMatchObject({ holderId: newHolder.userId, holderName: await nameOf(newHolder) })
    const entry = handed.json().data.history.find((row: { action: string }) => row.action === 'accruals.handed_over')
    expect(entry.details).toMatchObject({
      fromUserId: team.requester.userId,
      toUserId: newHolder.userId,
      reason: 'Maria is on leave until September',
    })
    // From now on the new holder, not the drafter, edits and submits; "my requests" follow the holder.
    expect((await edit(team.requester.token, id, { description: 'Not mine any more' })).statusCode).toBe(403)
    const words = (await get(team.requester.token, id)).stepReasons.edit
    expect(words).toBe(
      `Only ${await nameOf(newHolder)}, to whom a controller handed request #${id}, may edit it; a controller can hand it to you.`,
    )
    const mine = await t.request({ method: 'GET', url: '/api/accruals?view=me', token: newHolder.token })
    expect(mine.json().data.map((row: { id: number }) => row.id)).toEqual([id])
    expect((await stepOk(t, newHolder.token, id, 'submit')).state).toBe('SUBMITTED')
    const posted = await approved(t, setup, team, { vendor: 'Posted', poNumber: null })
    await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    expect((await handOver(controller.token, posted, newHolder.userId)).json()).toMatchObject({ code: 'wrong_state' })
  })

  it('an edit saved against an older version is refused in words', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    expect((await edit(team.requester.token, id, { description: 'First change', version: 1 })).statusCode).toBe(200)
    const stale = await edit(team.requester.token, id, { description: 'From an old screen', version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({
      error: 'The request changed while you edited it: it is now draft. Reload it, then edit again.',
      code: 'accrual_changed',
    })
    expect((await get(team.requester.token, id)).description).toBe('First change')
  })

  it('an exception is spent only by the step it allows when that step succeeds', async () => {
    const both = await setup.person(['REQUESTER', 'CONTROLLER'])
    const own = await approved(t, setup, { ...team, requester: both }, { vendor: 'Own', poNumber: null, invoiceNumber: null })
    await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: await t.signIn('admin@example.org'),
      payload: { appId: setup.appId, recordId: String(own), step: 'liquidate', userId: both.userId, reason: 'Sole controller this week' },
    })
    expect(recorded.statusCode).toBe(201)
    const unused = async () =>
      (await t.db.kysely.selectFrom('finance_exceptions').select('used_at').where('user_id', '=', both.userId).executeTakeFirstOrThrow())
        .used_at
    const liquidate = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `/api/accruals/${own}/liquidations`, token: both.token, payload })
    // Refused for its date, then for its missing reason: the exception stays unused each time.
    const future = await liquidate({ paidOn: '2099-07-20', reference: 'W1', amountCents: 250_000 })
    expect(future.statusCode).toBe(400)
    expect(await unused()).toBeNull()
    const unexplained = await liquidate({ paidOn: '2026-07-20', reference: 'W1', amountCents: 200_000 })
    expect(unexplained.json()).toMatchObject({ code: 'variance_reason_required' })
    expect(await unused()).toBeNull()
    const paid = await liquidate({ paidOn: '2026-07-20', reference: 'W1', amountCents: 250_000 })
    expect(paid.statusCode).toBe(201)
    expect(await unused()).not.toBeNull()
    expect((await liquidate({ paidOn: '2026-07-21', reference: 'W2', amountCents: 1, varianceReason: 'More' })).statusCode).toBe(409)
  })

  it("a liquidation that differs from what is open asks why; the cycle's variance report lists each with accrued, paid and difference", async () => {
    const controller = await setup.person(['CONTROLLER'])
    const first = await approved(t, setup, team)
    const second = await approved(t, setup, team, {
      vendor: 'Exact',
      poNumber: null,
      invoiceNumber: null,
      amountCents: 90_000,
      lines: [{ account: SUPPLIES, amountCents: 90_000 }],
    })
    await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    const pay = (id: number, payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/api/accruals/${id}/liquidations`,
        token: controller.token,
        payload: { paidOn: '2026-07-20', ...payload },
      })
    const refused = await pay(first, { reference: 'W1', amountCents: 260_000 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe(
      `This payment of $2,600.00 differs from the $2,500.00 still open on request #${first}; say why (varianceReason).`,
    )
    expect((await pay(first, { reference: 'W1', amountCents: 260_000, varianceReason: 'Freight billed on top' })).statusCode).toBe(201)
    expect((await pay(second, { reference: 'W2', amountCents: 90_000 })).statusCode).toBe(201)
    const report = await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/variances`, token: controller.token })
    expect(report.statusCode).toBe(200)
    expect(report.json().data).toEqual([
      expect.objectContaining({
        accrualId: first,
        accruedCents: 250_000,
        openCents: 250_000,
        paidCents: 260_000,
        differenceCents: 10_000,
        reason: 'Freight billed on top',
        reference: 'W1',
      }),
    ])
    const elsewhere = await setup.person(['VIEWER'], [setup.otherSiteId])
    expect(
      (await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/variances`, token: elsewhere.token })).json().data,
    ).toEqual([])
  })

  it('a posted journal downloads the same forever; the cycle keeps its dates once a journal was posted from it', async () => {
    await approved(t, setup, team)
    await approved(t, setup, team, {
      vendor: 'Payroll',
      type: 'PAYROLL',
      clearing: 'PAY_AGAINST',
      forGoods: false,
      receivedOn: null,
      poNumber: null,
    })
    const posted = await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    expect(posted.statusCode).toBe(200)
    const reference = posted.headers['x-journal-reference'] as string
    const again = () =>
      t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/journals/${reference}`, token: setup.controller.token })
    expect((await again()).body).toBe(posted.body)
    expect(posted.body).toContain(',2026-06-30,')
    expect(posted.body).toContain(',2026-07-01,')

    const cycle = (await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}`, token: setup.controller.token })).json()
      .data
    expect(cycle.datesFixed).toBe(true)
    const dates = {
      fiscalYear: cycle.fiscalYear,
      cutoffOn: cycle.cutoffOn,
      submitBy: cycle.submitBy,
      lockOn: cycle.lockOn,
      boardOn: cycle.boardOn,
      countyOn: cycle.countyOn,
    }
    const moved = await t.request({
      method: 'PUT',
      url: `/api/accrual-cycles/${setup.cycleId}`,
      token: setup.controller.token,
      payload: { ...dates, cutoffOn: '2026-06-29', materialityCents: 100_000 },
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.json()).toMatchObject({ code: 'cycle_dates_fixed' })
    expect(moved.json().error).toContain("The 2025-26 cycle's dates cannot change: a journal was posted from it on 2026-07-30")
    const materiality = await t.request({
      method: 'PUT',
      url: `/api/accrual-cycles/${setup.cycleId}`,
      token: setup.controller.token,
      payload: { ...dates, materialityCents: 50_000 },
    })
    expect(materiality.statusCode).toBe(200)
    // Whatever the journal was built from changes afterwards (the site's code, the cycle's cut-off behind the API's
    // back), the download is the journal as issued.
    await t.db.kysely.updateTable('finance_sites').set({ code: 'LINC' }).where('site_id', '=', setup.siteId).execute()
    await t.db.kysely.updateTable('accrual_cycles').set({ cutoff_on: '2026-06-15' }).where('cycle_id', '=', setup.cycleId).execute()
    await t.db.kysely.updateTable('accruals').set({ vendor: 'Renamed' }).execute()
    expect((await again()).body).toBe(posted.body)
  })

  it('cycle dates are real calendar dates, and amounts stay under the ceiling of a record', async () => {
    const cycle = {
      fiscalYear: '2026-27',
      cutoffOn: '2027-06-30',
      submitBy: '2027-07-15',
      lockOn: '2027-07-31',
      boardOn: '2027-09-15',
      countyOn: '2027-10-15',
    }
    const bad = await t.request({
      method: 'POST',
      url: '/api/accrual-cycles',
      token: setup.controller.token,
      payload: { ...cycle, boardOn: '2027-09-31', materialityCents: 100 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toContain('Enter the day the board approves as a real date (boardOn).')
    const huge = await t.request({
      method: 'POST',
      url: '/api/accrual-cycles',
      token: setup.controller.token,
      payload: { ...cycle, materialityCents: 2 ** 53 - 1 },
    })
    expect(huge.statusCode).toBe(400)
    const tooMuch = await t.request({
      method: 'POST',
      url: '/api/accruals',
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, {
        amountCents: 2 ** 53 - 1,
        lines: [{ account: SUPPLIES, amountCents: 2 ** 53 - 1 }],
      }),
    })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().error).toContain('at most $1,000,000,000.00')
    const february = await t.request({
      method: 'POST',
      url: '/api/accruals',
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { receivedOn: '2026-02-30' }),
    })
    expect(february.statusCode).toBe(400)
    expect(february.json().error).toContain('Enter the day the goods or services were received as a real date (receivedOn).')
  })
})
