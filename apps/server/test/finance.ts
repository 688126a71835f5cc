import type { TestApp } from './build-test-app.js'

/** A small chart: two funds, their segment values, one inactive school, and the valid combinations. */
export const SMALL_CHART = `segment,value,name,active
FUND,01,General Fund,true
FUND,13,Cafeteria Fund,true
RESOURCE,0000,Unrestricted,true
PROJECT_YEAR,0,Not applicable,true
GOAL,0000,Undistributed,true
GOAL,1110,Regular Education K-12,true
FUNCTION,0000,Not applicable,true
FUNCTION,1000,Instruction,true
OBJECT,9110,Cash in County Treasury,true
OBJECT,8699,All Other Local Revenue,true
SCHOOL,000,District-wide,true
SCHOOL,010,Lincoln High School,true
SCHOOL,099,Jefferson (closed),false
ACCOUNT,01-0000-0-0000-0000-9110-000,,true
ACCOUNT,01-0000-0-1110-1000-8699-010,,true
`

export const site = (overrides: Record<string, unknown> = {}) => ({
  code: 'LHS',
  name: 'Lincoln High School',
  kind: 'SCHOOL',
  depositFrequencyDays: 7,
  // The tests' accounts end in Lincoln's segment; both test sites take it, so either site's collectors credit them.
  schoolSegment: '010',
  ...overrides,
})

/** Adds a site through the API as an administrator; returns its id. */
export async function addSite(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await t.request({ method: 'POST', url: '/api/finance/sites', payload: site(overrides), token })
  if (answer.statusCode !== 201) throw new Error(`adding a site answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data.id as number
}

/** Imports a chart CSV through the API (preview unless apply). */
export function importChart(t: TestApp, token: string, csv: string | Buffer, apply = false) {
  return t.request({
    method: 'POST',
    url: `/api/finance/accounts/import${apply ? '?apply=true' : ''}`,
    payload: typeof csv === 'string' ? Buffer.from(csv) : csv,
    headers: { 'content-type': 'text/csv' },
    token,
  })
}

/** The application id of a code, read from the seeded catalogue. */
export async function appId(t: TestApp, code: string): Promise<number> {
  return (await t.db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', code).executeTakeFirstOrThrow()).app_id
}

export type DutyHolder = { userId: number; email: string; token: string }

/**
 * The people of a fiscal application for tests: `person(duties, sites)` is a new person holding the application and
 * these duties at each of `sites` (`defaultSites` unless told; null is every site), signed in.
 */
export async function dutyHolders(t: TestApp, appCode: string, defaultSites: Array<number | null>) {
  const app = await appId(t, appCode)
  async function person(duties: string[], sites: Array<number | null> = defaultSites): Promise<DutyHolder> {
    const user = await t.createUser({ applications: [appCode] })
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
  return { appId: app, person }
}

/**
 * Where the tests of a fiscal application start: `chart` imported, each fund's cash account and these accrual accounts
 * set, and two sites (Lincoln High School, and Jefferson Middle School as the other site).
 */
export async function setUpFinance(t: TestApp, chart: string, accrualAccounts: Record<string, string> = {}) {
  const admin = await t.signIn('admin@example.org')
  const imported = await importChart(t, admin, chart, true)
  if (imported.statusCode !== 200) throw new Error(`chart import answered ${imported.statusCode}: ${imported.body}`)
  const posting = await t.request({
    method: 'PUT',
    url: '/api/finance/settings/posting-accounts',
    token: admin,
    payload: {
      cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' },
      clearingAccounts: {},
      accrualAccounts,
    },
  })
  if (posting.statusCode !== 200) throw new Error(`posting accounts answered ${posting.statusCode}: ${posting.body}`)
  const siteId = await addSite(t, admin)
  const otherSiteId = await addSite(t, admin, { code: 'JMS', name: 'Jefferson Middle School' })
  return { admin, siteId, otherSiteId }
}
