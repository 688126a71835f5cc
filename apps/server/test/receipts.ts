import { type TestApp } from './build-test-app.js'
import { type DutyHolder, SMALL_CHART, dutyHolders, setUpFinance } from './finance.js'

/** Two funds with a revenue line each at Lincoln High, an inactive one, and each fund's cash account. */
export const RECEIPTS_CHART = `${SMALL_CHART}ACCOUNT,13-0000-0-0000-0000-8699-010,,true
ACCOUNT,13-0000-0-0000-0000-9110-000,,true
ACCOUNT,01-0000-0-0000-0000-8699-010,,false
`
export const GENERAL = '01-0000-0-1110-1000-8699-010'
export const CAFETERIA = '13-0000-0-0000-0000-8699-010'
export const INACTIVE = '01-0000-0-0000-0000-8699-010'

export type ReceiptsPerson = DutyHolder

/** A site with the chart and posting accounts in place, and signed-in people holding each duty there. */
export async function setUpReceipts(t: TestApp) {
  const { admin, siteId, otherSiteId } = await setUpFinance(t, RECEIPTS_CHART)
  const { appId, person } = await dutyHolders(t, 'PAYMENT_RECEIPTS', [siteId])
  return { admin, siteId, otherSiteId, person, appId }
}

export const receiptBody = (siteId: number, overrides: Record<string, unknown> = {}) => ({
  siteId,
  payer: 'Ana Ruiz',
  tender: 'CASH',
  purpose: 'Yearbook',
  amountCents: 2500,
  lines: [{ account: GENERAL, amountCents: 2500 }],
  ...overrides,
})

export async function issue(t: TestApp, token: string, body: Record<string, unknown>) {
  const answer = await t.request({ method: 'POST', url: '/api/receipts', token, payload: body })
  if (answer.statusCode !== 201) throw new Error(`issuing answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data as { id: number; number: string; amountCents: number }
}

/**
 * A step on a deposit through the API. A count without a `version` is sent as the counter's screen sends it: with the
 * version of the deposit as the counter reads it just before (tests of a deposit that changed meanwhile name it).
 */
export async function step(t: TestApp, token: string, depositId: number, name: string, payload?: Record<string, unknown>) {
  if (name === 'count' && payload && payload.version === undefined) {
    const shown = await t.request({ method: 'GET', url: `/api/deposits/${depositId}`, token })
    payload = { ...payload, version: shown.statusCode === 200 ? shown.json().data.version : 1 }
  }
  return t.request({ method: 'POST', url: `/api/deposits/${depositId}/${name}`, token, ...(payload ? { payload } : {}) })
}

/** Cash of exactly `cents` in the fewest bills and coins. */
export function cashFor(cents: number) {
  const denominations = [10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5, 1]
  const cash: Array<{ denominationCents: number; count: number }> = []
  let rest = cents
  for (const denomination of denominations) {
    const count = Math.floor(rest / denomination)
    if (count > 0) cash.push({ denominationCents: denomination, count })
    rest -= count * denomination
  }
  return cash
}

/** One person holding each duty of Payment Receipts alone at the site, signed in: each step has a taker no part bars. */
export async function onePerDuty(setup: Awaited<ReturnType<typeof setUpReceipts>>) {
  return {
    collector: await setup.person(['COLLECTOR']),
    counter: await setup.person(['COUNTER']),
    approver: await setup.person(['APPROVER']),
    reconciler: await setup.person(['RECONCILER']),
  }
}
export type PeoplePerDuty = Awaited<ReturnType<typeof onePerDuty>>
