import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CAFETERIA_SUPPLIES,
  CYCLE,
  OTHER_LIABILITY,
  PAYABLES,
  SUPPLIES,
  TITLE_I,
  accrualBody,
  draft,
  reviewTeam,
  setUpAccruals,
  step,
  stepOk,
} from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('accruals: cycles, requests and the rules the server enforces (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const post = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/accruals', token, payload })
  const count = async () =>
    (
      await t.db.kysely
        .selectFrom('accruals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n

  it('a district controller sets up a cycle; its dates count down on the district clock; nobody else may set one up', async () => {
    const cycles = await t.request({ method: 'GET', url: '/api/accrual-cycles', token: team.requester.token })
    const cycle = cycles.json().data[0]
    expect(cycle).toMatchObject({ ...CYCLE, today: '2026-03-02', locked: false })
    expect(cycle.deadlines.find((deadline: { name: string }) => deadline.name === 'cutoffOn')).toEqual({
      name: 'cutoffOn',
      on: '2026-06-30',
      daysLeft: 120,
      passed: false,
    })
    const again = await t.request({ method: 'POST', url: '/api/accrual-cycles', token: setup.controller.token, payload: CYCLE })
    expect(again.statusCode).toBe(409)
    const siteController = await setup.person(['CONTROLLER'])
    for (const token of [siteController.token, team.requester.token, setup.admin]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/accrual-cycles',
        token,
        payload: {
          ...CYCLE,
          fiscalYear: '2026-27',
          cutoffOn: '2027-06-30',
          submitBy: '2027-07-15',
          lockOn: '2027-07-31',
          boardOn: '2027-09-15',
          countyOn: '2027-10-15',
        },
      })
      expect(refused.statusCode).toBe(403)
    }
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ fiscalYear: '2025-27' }, 'The fiscal year names two years in a row, such as 2025-26 (fiscalYear).'],
      [{ cutoffOn: '2026-02-30' }, 'Enter the cut-off date as a real date (cutoffOn).'],
      [{ submitBy: '2026-06-01' }, 'Sites submit on or after the cut-off date (submitBy).'],
      [{ materialityCents: 10.5 }, 'whole number of cents'],
    ]
    for (const [overrides, message] of bad) {
      const answer = await t.request({
        method: 'PUT',
        url: `/api/accrual-cycles/${setup.cycleId}`,
        token: setup.controller.token,
        payload: { ...CYCLE, ...overrides },
      })
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(answer.json().error).toContain(message)
    }
    const moved = await t.request({
      method: 'PUT',
      url: `/api/accrual-cycles/${setup.cycleId}`,
      token: setup.controller.token,
      payload: { ...CYCLE, lockOn: '2026-08-05' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().data.lockOn).toBe('2026-08-05')
    t.clock.set(new Date('2026-09-20T17:00:00.000Z'))
    const later = await t.request({
      method: 'GET',
      url: `/api/accrual-cycles/${setup.cycleId}`,
      token: await t.signIn(setup.controller.email),
    })
    expect(later.json().data).toMatchObject({ locked: true })
    expect(later.json().data.deadlines.find((deadline: { name: string }) => deadline.name === 'boardOn')).toMatchObject({
      passed: true,
      daysLeft: -5,
    })
  })

  it('drafts a request with its lines; the account of each type comes from the posting accounts; OTHER names its own', async () => {
    const payable = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        amountCents: 300_000,
        lines: [
          { account: SUPPLIES, amountCents: 200_000 },
          { account: CAFETERIA_SUPPLIES, amountCents: 100_000 },
        ],
      }),
    )
    expect(payable.statusCode).toBe(201)
    expect(payable.json().data).toMatchObject({
      state: 'DRAFT',
      amountCents: 300_000,
      accrualAccount: PAYABLES,
      version: 1,
      siteCode: 'LHS',
      flags: { belowMateriality: false, restricted: false },
    })
    const other = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        type: 'OTHER',
        accrualAccount: OTHER_LIABILITY,
        vendor: 'County',
        poNumber: null,
        invoiceNumber: null,
        forGoods: false,
      }),
    )
    expect(other.statusCode).toBe(201)
    expect(other.json().data.accrualAccount).toBe(OTHER_LIABILITY)
    const small = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Small',
        poNumber: null,
        invoiceNumber: null,
        amountCents: 5_000,
        lines: [{ account: SUPPLIES, amountCents: 5_000 }],
      }),
    )
    // Under the materiality threshold: flagged, not refused.
    expect(small.statusCode).toBe(201)
    expect(small.json().data.flags.belowMateriality).toBe(true)
  })

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amountCents: 300_000 }, 'The lines add up to $2,500.00, not the accrual’s $3,000.00 (lines).'],
      [{ amountCents: 12.5, lines: [{ account: SUPPLIES, amountCents: 12.5 }] }, 'whole number of cents'],
      [{ amountCents: -5, lines: [{ account: SUPPLIES, amountCents: -5 }] }, 'more than zero'],
      [{ lines: [{ account: '01-0000-0-1110-1000-4399-010', amountCents: 250_000 }] }, 'Line 1 (01-0000-0-1110-1000-4399-010)'],
      [{ lines: [{ account: 'not-an-account', amountCents: 250_000 }] }, 'segments'],
      [{ type: 'LOAN' }, 'Choose the type: payable, receivable, unearned revenue, payroll or other (type).'],
      [{ clearing: 'SOMETIMES' }, 'Choose how it clears: reversed on July 1 or paid against the accrual (clearing).'],
      [{ basis: 'ESTIMATE' }, 'Say how the estimate was reached'],
      [{ type: 'OTHER' }, 'names its accrual account'],
      [{ accrualAccount: OTHER_LIABILITY }, 'only the type Other names one'],
      [{ receivedOn: null }, 'Enter the day the goods were received'],
      [{ vendor: ' ' }, 'Enter the vendor or payer (vendor).'],
      [{ cycleId: 999 }, 'no accrual cycle 999'],
      [{ siteId: 999 }, 'no site 999'],
      [{ lines: [] }, 'at least one line'],
      [{ receivedOn: '2026-13-01' }, 'Enter the day the goods or services were received as a real date (receivedOn).'],
      [{ vendor: 'a\u0000b' }, 'NUL'],
    ]
    for (const [overrides, message] of cases) {
      const answer = await post(team.requester.token, accrualBody(setup.cycleId, setup.siteId, overrides))
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(answer.json().error, JSON.stringify(overrides)).toContain(message)
    }
    expect(Number(await count())).toBe(0)
    expect(await t.db.kysely.selectFrom('accrual_versions').selectAll().execute()).toEqual([])
  })

  it('a payable for goods received after the cut-off is refused, saying why; services or receipts are not held to it', async () => {
    const late = await post(team.requester.token, accrualBody(setup.cycleId, setup.siteId, { receivedOn: '2026-07-03' }))
    expect(late.statusCode).toBe(422)
    expect(late.json()).toMatchObject({ code: 'received_after_cutoff' })
    expect(late.json().error).toContain('received on 2026-07-03, after the cut-off date 2026-06-30')
    const onTheDay = await post(team.requester.token, accrualBody(setup.cycleId, setup.siteId, { receivedOn: '2026-06-30' }))
    expect(onTheDay.statusCode).toBe(201)
    // Editing a draft to a late date is refused the same way, and the draft stays as it was.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/accruals/${onTheDay.json().data.id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { receivedOn: '2026-07-01' }),
    })
    expect(edit.statusCode).toBe(422)
    const stored = await t.db.kysely
      .selectFrom('accruals')
      .select(['received_on', 'version'])
      .where('accrual_id', '=', onTheDay.json().data.id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ received_on: '2026-06-30', version: 1 })
  })

  it('a possible duplicate (same PO and invoice, or same vendor and amount) is shown and needs a note to go on', async () => {
    const first = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const samePo = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Another name',
        amountCents: 100_000,
        lines: [{ account: SUPPLIES, amountCents: 100_000 }],
      }),
    )
    expect(samePo.statusCode).toBe(422)
    expect(samePo.json()).toMatchObject({ code: 'possible_duplicate' })
    expect(samePo.json().error).toContain(`#${first.id}`)
    const sameVendor = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: '  office   DEPOT ', poNumber: 'PO-2', invoiceNumber: 'INV-2' }),
    )
    expect(sameVendor.statusCode).toBe(422)
    const noted = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        poNumber: 'PO-2',
        invoiceNumber: 'INV-2',
        duplicateNote: 'A second delivery, invoiced apart',
      }),
    )
    expect(noted.statusCode).toBe(201)
    expect(noted.json().data).toMatchObject({ duplicateNote: 'A second delivery, invoiced apart', flags: { possibleDuplicate: true } })
    expect(noted.json().data.duplicates).toEqual([expect.objectContaining({ id: first.id, reason: 'vendor_amount' })])
    // A withdrawn request no longer counts.
    await stepOk(t, team.requester.token, first.id, 'withdraw')
    const afterWithdrawal = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Other',
        amountCents: 7_000_00,
        lines: [{ account: SUPPLIES, amountCents: 7_000_00 }],
      }),
    )
    expect(afterWithdrawal.statusCode).toBe(201)
  })

  it('a restricted resource needs a justification', async () => {
    const body = accrualBody(setup.cycleId, setup.siteId, {
      type: 'PAYABLE',
      forGoods: false,
      vendor: 'Reading Consultants LLC',
      poNumber: 'PO-T1',
      invoiceNumber: null,
      receivedOn: null,
      lines: [{ account: TITLE_I, amountCents: 250_000 }],
    })
    const refused = await post(team.requester.token, body)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'justification_required' })
    const justified = await post(team.requester.token, {
      ...body,
      restrictedJustification: 'Title I consultant for the school-wide reading plan, per the grant budget',
    })
    expect(justified.statusCode).toBe(201)
    expect(justified.json().data.flags.restricted).toBe(true)
  })

  it('after the lock date only a CONTROLLER adds or changes a request', async () => {
    const early = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    t.clock.set(new Date('2026-08-03T16:00:00.000Z'))
    // Sessions do not outlive five months: everyone signs in again.
    team.requester.token = await t.signIn(team.requester.email)
    const late = await post(
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Late', poNumber: null, invoiceNumber: null }),
    )
    expect(late.statusCode).toBe(403)
    expect(late.json()).toMatchObject({ code: 'cycle_locked' })
    const edit = await t.request({
      method: 'PUT',
      url: `/api/accruals/${early.id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { description: 'Changed late' }),
    })
    expect(edit.statusCode).toBe(403)
    expect((await step(t, team.requester.token, early.id, 'submit')).statusCode).toBe(403)
    const siteController = await setup.person(['CONTROLLER'])
    const byController = await post(
      siteController.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Late but approved', poNumber: null, invoiceNumber: null }),
    )
    expect(byController.statusCode).toBe(201)
    // The early draft is still its requester's: a controller hands it over, on the record, before submitting it.
    const notTheirs = await step(t, siteController.token, early.id, 'submit')
    expect(notTheirs.statusCode).toBe(403)
    expect(notTheirs.json()).toMatchObject({ code: 'not_holder' })
    const handed = await t.request({
      method: 'POST',
      url: `/api/accruals/${early.id}/hand-over`,
      token: siteController.token,
      payload: { userId: siteController.userId, reason: 'Submitted late on behalf of the site, approved by the CBO' },
    })
    expect(handed.statusCode, handed.body).toBe(200)
    expect((await step(t, siteController.token, early.id, 'submit')).statusCode).toBe(200)
  })

  it('only a draft or a returned request is edited; its site and cycle stay', async () => {
    const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const moved = await t.request({
      method: 'PUT',
      url: `/api/accruals/${id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.otherSiteId),
    })
    expect(moved.statusCode).toBe(400)
    await stepOk(t, team.requester.token, id, 'submit')
    const edit = await t.request({
      method: 'PUT',
      url: `/api/accruals/${id}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { description: 'Too late' }),
    })
    expect(edit.statusCode).toBe(409)
    expect(edit.json()).toMatchObject({ code: 'not_editable' })
    const viewerEdit = await t.request({
      method: 'PUT',
      url: `/api/accruals/999`,
      token: team.viewer.token,
      payload: accrualBody(setup.cycleId, setup.siteId),
    })
    expect(viewerEdit.statusCode).toBe(404)
  })

  it('lists requests paged, with filters; my requests and the review queue', async () => {
    const other = await setup.person(['REQUESTER'])
    const ids: number[] = []
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        (
          await draft(
            t,
            index < 3 ? team.requester.token : other.token,
            accrualBody(setup.cycleId, setup.siteId, {
              vendor: `Vendor ${index}`,
              poNumber: `PO-${index}`,
              type: index === 4 ? 'PAYROLL' : 'PAYABLE',
              forGoods: index !== 4,
            }),
          )
        ).id,
      )
    }
    await stepOk(t, team.requester.token, ids[0]!, 'submit')
    const page = await t.request({
      method: 'GET',
      url: `/api/accruals?cycleId=${setup.cycleId}&limit=2&offset=0`,
      token: team.viewer.token,
    })
    expect(page.json().pagination).toEqual({ total: 5, limit: 2, offset: 0 })
    expect(page.json().data.map((row: { id: number }) => row.id)).toEqual([ids[4], ids[3]])
    const filtered = async (query: string, token = team.viewer.token) =>
      (await t.request({ method: 'GET', url: `/api/accruals?${query}`, token })).json()
    expect((await filtered('type=PAYROLL')).data.map((row: { id: number }) => row.id)).toEqual([ids[4]])
    expect((await filtered('state=SUBMITTED')).pagination.total).toBe(1)
    expect((await filtered(`requesterId=${other.userId}`)).pagination.total).toBe(2)
    expect((await filtered('search=vendor 2')).data.map((row: { id: number }) => row.id)).toEqual([ids[2]])
    expect((await filtered('search=po-1')).data.map((row: { id: number }) => row.id)).toEqual([ids[1]])
    expect((await filtered(`siteId=${setup.otherSiteId}`)).pagination.total).toBe(0)
    expect((await filtered('view=me', team.requester.token)).pagination.total).toBe(3)
    expect((await filtered('view=review', team.siteApprover.token)).data.map((row: { id: number }) => row.id)).toEqual([ids[0]])
    expect((await filtered('view=review', team.reviewer.token)).pagination.total).toBe(0)
    for (const query of ['limit=0', 'limit=500', 'offset=-1', 'state=LOST', 'cycleId=abc', 'view=all']) {
      const answer = await t.request({ method: 'GET', url: `/api/accruals?${query}`, token: team.viewer.token })
      expect(answer.statusCode, query).toBe(400)
    }
  })

  it("the cycle totals by state, type, fund and resource, within the person's sites", async () => {
    await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        amountCents: 300_000,
        lines: [
          { account: SUPPLIES, amountCents: 200_000 },
          { account: CAFETERIA_SUPPLIES, amountCents: 100_000 },
        ],
      }),
    )
    await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Consultant',
        poNumber: null,
        invoiceNumber: null,
        forGoods: false,
        receivedOn: null,
        restrictedJustification: 'Grant plan',
        lines: [{ account: TITLE_I, amountCents: 250_000 }],
      }),
    )
    // Two lines in one fund, each in its own resource: the request counts once in the fund, once in each resource.
    await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Two lines in one fund',
        poNumber: null,
        invoiceNumber: null,
        amountCents: 100_000,
        restrictedJustification: 'Grant plan',
        lines: [
          { account: SUPPLIES, amountCents: 50_000 },
          { account: TITLE_I, amountCents: 50_000 },
        ],
      }),
    )
    const withdrawn = await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, {
        vendor: 'Gone',
        poNumber: null,
        invoiceNumber: null,
        amountCents: 1_000,
        lines: [{ account: SUPPLIES, amountCents: 1_000 }],
      }),
    )
    await stepOk(t, team.requester.token, withdrawn.id, 'withdraw')
    const totals = (await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/totals`, token: team.viewer.token })).json()
      .data
    expect(totals.byState).toEqual([
      { key: 'DRAFT', count: 3, amountCents: 650_000 },
      { key: 'WITHDRAWN', count: 1, amountCents: 1_000 },
    ])
    expect(totals.byType).toEqual([{ key: 'PAYABLE', count: 3, amountCents: 650_000 }])
    expect(totals.byFund).toEqual([
      { key: '01', count: 3, amountCents: 550_000 },
      { key: '13', count: 1, amountCents: 100_000 },
    ])
    expect(totals.byResource).toEqual([
      { key: '0000', count: 2, amountCents: 350_000 },
      { key: '3010', count: 2, amountCents: 300_000 },
    ])
    const elsewhere = await setup.person(['VIEWER'], [setup.otherSiteId])
    const none = (await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/totals`, token: elsewhere.token })).json()
      .data
    expect(none).toEqual({ byState: [], byType: [], byFund: [], byResource: [] })
  })
})
