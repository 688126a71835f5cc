import { type TestApp } from './build-test-app.js'
import { SMALL_CHART, addSite, appId, importChart } from './finance.js'

/** Two funds with a revenue line each at Lincoln High, an inactive one, and each fund's cash account. */
export const RECEIPTS_CHART = `${SMALL_CHART}ACCOUNT,13-0000-0-0000-0000-8699-010,,true
ACCOUNT,13-0000-0-0000-0000-9110-000,,true
ACCOUNT,01-0000-0-0000-0000-8699-010,,false
`
export const GENERAL = '01-0000-0-1110-1000-8699-010'
export const CAFETERIA = '13-0000-0-0000-0000-8699-010'
export const INACTIVE = '01-0000-0-0000-0000-8699-010'

export type ReceiptsPerson = { userId: number; email: string; token: string }

/** A site with the chart and posting accounts in place, and signed-in people holding each duty there. */
export async function setUpReceipts(t: TestApp) {
  const admin = await t.signIn('admin@example.org')
  const imported = await importChart(t, admin, RECEIPTS_CHART, true)
  if (imported.statusCode !== 200) throw new Error(`chart import answered ${imported.statusCode}: ${imported.body}`)
  const posting = await t.request({
    method: 'PUT',
    url: '/api/finance/settings/posting-accounts',
    token: admin,
    payload: {
      cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' },
      clearingAccounts: {},
      accrualAccounts: {},
    },
  })
  if (posting.statusCode !== 200) throw new Error(`posting accounts answered ${posting.statusCode}: ${posting.body}`)
  const siteId = await addSite(t, admin)
  const otherSiteId = await addSite(t, admin, { code: 'JMS', name: 'Jefferson Middle School' })
  const app = await appId(t, 'PAYMENT_RECEIPTS')

  /** A person holding these duties (at the site unless told), signed in. */
  async function person(duties: string[], sites: Array<number | null> = [siteId]): Promise<ReceiptsPerson> {
    const user = await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })
    for (const duty of duties) {
      for (const site of sites) {
        await t.db.kysely
          .insertInto('finance_duties')
          .values({ user_id: user.userId, app_id: app, duty, site_id: site, granted_at: '2026-01-01T00:00:00.000Z', granted_by: null })
          .execute()
      }
    }
    return { ...user, token: await t.signIn(user.email) }
  }

  return { admin, siteId, otherSiteId, person, appId: app }
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

export async function step(t: TestApp, token: string, depositId: number, name: string, payload?: Record<string, unknown>) {
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
