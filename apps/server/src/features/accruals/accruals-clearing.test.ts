import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { approved, reviewTeam, setUpAccruals } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('accruals: liquidation and write-off (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  let siteController: { token: string; userId: number; email: string }
  let posted: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    // The day before the cycle locks: its requests are still drafted and posted, and payments of July are in the past.
    t.clock.set(new Date('2026-07-30T17:00:00.000Z'))
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
    siteController = await setup.person(['CONTROLLER'])
    posted = await approved(t, setup, team, { basis: 'ESTIMATE', basisNote: 'June utilities from May and June bills' })
    const journal = await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    expect(journal.statusCode).toBe(200)
  })
  afterEach(() => t.close())

  const liquidate = (token: string, id: number, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/accruals/${id}/liquidations`, token, payload })
  const writeOff = (token: string, id: number, reason: string) =>
    t.request({ method: 'POST', url: `/api/accruals/${id}/write-off`, token, payload: { reason } })

  it('records payments against a posted accrual: partly, then in full, with the variance of the estimate', async () => {
    const partial = await liquidate(siteController.token, posted, {
      paidOn: '2026-07-20',
      reference: 'WARRANT 55012',
      amountCents: 100_000,
      varianceReason: 'First of two invoices',
    })
    expect(partial.statusCode).toBe(201)
    expect(partial.json().data).toMatchObject({
      state: 'PARTIALLY_LIQUIDATED',
      clearedCents: 100_000,
      variance: { accruedCents: 250_000, clearedCents: 100_000, varianceCents: 150_000, remainingCents: 150_000 },
    })
    const rest = await liquidate(siteController.token, posted, {
      paidOn: '2026-07-28',
      reference: 'WARRANT 55990',
      amountCents: 160_000,
      varianceReason: 'The June bills came in higher than the estimate',
    })
    expect(rest.json().data).toMatchObject({
      state: 'LIQUIDATED',
      clearedCents: 260_000,
      variance: { varianceCents: -10_000, remainingCents: 0 },
    })
    expect(
      rest.json().data.liquidations.map((row: { reference: string; amountCents: number }) => [row.reference, row.amountCents]),
    ).toEqual([
      ['WARRANT 55012', 100_000],
      ['WARRANT 55990', 160_000],
    ])
    const more = await liquidate(siteController.token, posted, {
      paidOn: '2026-07-29',
      reference: 'W3',
      amountCents: 1,
      varianceReason: 'x',
    })
    expect(more.statusCode).toBe(409)
    expect(more.json()).toMatchObject({ code: 'already_done' })
    expect(
      rest
        .json()
        .data.history.map((entry: { action: string }) => entry.action)
        .filter((action: string) => action === 'accruals.liquidated'),
    ).toHaveLength(2)
  })

  it("writes off the remainder with a controller's reason; nothing is cleared after it", async () => {
    await liquidate(siteController.token, posted, {
      paidOn: '2026-07-20',
      reference: 'W1',
      amountCents: 200_000,
      varianceReason: 'Partial bill',
    })
    const short = await writeOff(siteController.token, posted, 'x')
    expect(short.statusCode).toBe(400)
    const written = await writeOff(siteController.token, posted, 'The vendor will not bill the rest')
    expect(written.statusCode).toBe(200)
    expect(written.json().data).toMatchObject({
      state: 'WRITTEN_OFF',
      writtenOffCents: 50_000,
      lastReason: 'The vendor will not bill the rest',
      variance: { varianceCents: 50_000, remainingCents: 0 },
    })
    expect((await liquidate(siteController.token, posted, { paidOn: '2026-07-29', reference: 'late', amountCents: 1 })).statusCode).toBe(
      409,
    )
    expect((await writeOff(siteController.token, posted, 'Again, twice')).statusCode).toBe(409)
  })

  it('only a controller who is not the requester clears an accrual, and only once it is posted', async () => {
    for (const token of [team.requester.token, team.reviewer.token, team.viewer.token]) {
      expect((await liquidate(token, posted, { paidOn: '2026-07-20', reference: 'W1', amountCents: 1 })).statusCode).toBe(403)
      expect((await writeOff(token, posted, 'Not mine to write off')).statusCode).toBe(403)
    }
    // A requester who is also a controller at the site may not clear their own request.
    const both = await setup.person(['REQUESTER', 'CONTROLLER'])
    const own = await approved(t, setup, { ...team, requester: both }, { vendor: 'Own', poNumber: null, invoiceNumber: null })
    const notPosted = await liquidate(siteController.token, own, { paidOn: '2026-07-20', reference: 'W1', amountCents: 1 })
    expect(notPosted.statusCode).toBe(409)
    expect(notPosted.json()).toMatchObject({ code: 'wrong_state' })
    await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    const self = await liquidate(both.token, own, { paidOn: '2026-07-20', reference: 'W1', amountCents: 1 })
    expect(self.statusCode).toBe(422)
    expect(self.json()).toMatchObject({ code: 'separation_of_duties' })
    expect((await writeOff(both.token, own, 'Writing off my own')).statusCode).toBe(422)
    expect(await t.db.kysely.selectFrom('accrual_liquidations').selectAll().execute()).toEqual([])
  })

  it('refuses bad liquidations with a clear 400 and records nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ paidOn: '2026-07-20', reference: 'W1', amountCents: 0 }, 'more than zero'],
      [{ paidOn: '2026-07-20', reference: 'W1', amountCents: 10.5 }, 'whole number of cents'],
      [{ paidOn: '20/07/2026', reference: 'W1', amountCents: 10 }, 'Enter the day it was paid as a real date (paidOn).'],
      [{ paidOn: '2026-02-30', reference: 'W1', amountCents: 10 }, 'Enter the day it was paid as a real date (paidOn).'],
      [{ paidOn: '2099-07-20', reference: 'W1', amountCents: 250_000 }, 'The payment date (paidOn) 2099-07-20 is in the future'],
      [{ paidOn: '2026-07-20', reference: 'W1', amountCents: 100_000_000_001 }, 'at most $1,000,000,000.00'],
      [{ paidOn: '2026-07-20', reference: 'W1', amountCents: 10 }, 'differs from the $2,500.00 still open on request #'],
      [{ paidOn: '2026-07-20', reference: '', amountCents: 10 }, 'Enter the payment reference (reference).'],
      [{ paidOn: '2026-06-01', reference: 'W1', amountCents: 10 }, 'before the cut-off'],
    ]
    for (const [payload, message] of cases) {
      const answer = await liquidate(siteController.token, posted, payload)
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400)
      expect(answer.json().error).toContain(message)
    }
    expect(await t.db.kysely.selectFrom('accrual_liquidations').selectAll().execute()).toEqual([])
  })

  it('flags an accrual still open at December 31', async () => {
    await liquidate(siteController.token, posted, {
      paidOn: '2026-07-20',
      reference: 'W1',
      amountCents: 1_000,
      varianceReason: 'A first part',
    })
    const before = await t.request({ method: 'GET', url: `/api/accruals/${posted}`, token: team.viewer.token })
    expect(before.json().data.flags.openAtYearEnd).toBe(false)
    t.clock.set(new Date('2027-01-04T17:00:00.000Z'))
    const viewer = await t.signIn(team.viewer.email)
    const after = await t.request({ method: 'GET', url: `/api/accruals/${posted}`, token: viewer })
    expect(after.json().data.flags.openAtYearEnd).toBe(true)
  })
})
