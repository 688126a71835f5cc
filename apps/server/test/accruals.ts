import { type TestApp } from './build-test-app.js'
import { type DutyHolder, SMALL_CHART, dutyHolders, setUpFinance } from './finance.js'

/** The small chart plus what accruals charge: supplies, a Title I consultant (restricted), and the accrual accounts. */
export const ACCRUALS_CHART = `${SMALL_CHART}RESOURCE,3010,Title I Basic,true
OBJECT,4300,Materials and Supplies,true
OBJECT,5800,Professional Services,true
OBJECT,9500,Accounts Payable,true
OBJECT,9200,Accounts Receivable,true
OBJECT,9650,Unearned Revenue,true
OBJECT,9640,Other Current Liabilities,true
ACCOUNT,01-0000-0-1110-1000-4300-010,,true
ACCOUNT,13-0000-0-1110-1000-4300-010,,true
ACCOUNT,01-3010-0-1110-1000-5800-010,,true
ACCOUNT,01-0000-0-0000-0000-9500-000,,true
ACCOUNT,01-0000-0-0000-0000-9200-000,,true
ACCOUNT,01-0000-0-0000-0000-9650-000,,true
ACCOUNT,01-0000-0-0000-0000-9640-000,,true
ACCOUNT,13-0000-0-0000-0000-9110-000,,true
`
export const SUPPLIES = '01-0000-0-1110-1000-4300-010'
export const CAFETERIA_SUPPLIES = '13-0000-0-1110-1000-4300-010'
export const TITLE_I = '01-3010-0-1110-1000-5800-010'
export const REVENUE = '01-0000-0-1110-1000-8699-010'
export const PAYABLES = '01-0000-0-0000-0000-9500-000'
export const RECEIVABLES = '01-0000-0-0000-0000-9200-000'
export const UNEARNED = '01-0000-0-0000-0000-9650-000'
export const OTHER_LIABILITY = '01-0000-0-0000-0000-9640-000'

export const CYCLE = {
  fiscalYear: '2025-26',
  cutoffOn: '2026-06-30',
  submitBy: '2026-07-15',
  lockOn: '2026-07-31',
  boardOn: '2026-09-15',
  countyOn: '2026-10-15',
  materialityCents: 100_000,
}

export type AccrualsPerson = DutyHolder

/**
 * The chart and posting accounts, two sites, a cycle for 2025-26 (set up by a district controller), and a way to make
 * signed-in people holding Accruals duties.
 */
export async function setUpAccruals(t: TestApp) {
  const accrualAccounts = { PAYABLE: PAYABLES, PAYROLL: PAYABLES, RECEIVABLE: RECEIVABLES, UNEARNED_REVENUE: UNEARNED }
  const { admin, siteId, otherSiteId } = await setUpFinance(t, ACCRUALS_CHART, accrualAccounts)
  const { appId: app, person } = await dutyHolders(t, 'ACCRUALS', [siteId])

  const controller = await person(['CONTROLLER'], [null])
  const created = await t.request({ method: 'POST', url: '/api/accrual-cycles', token: controller.token, payload: CYCLE })
  if (created.statusCode !== 201) throw new Error(`cycle answered ${created.statusCode}: ${created.body}`)
  const cycleId = created.json().data.id as number

  return { admin, siteId, otherSiteId, person, appId: app, controller, cycleId }
}

export const accrualBody = (cycleId: number, siteId: number, overrides: Record<string, unknown> = {}) => ({
  cycleId,
  siteId,
  type: 'PAYABLE',
  clearing: 'REVERSE',
  forGoods: true,
  vendor: 'Office Depot',
  description: 'Classroom supplies delivered in June',
  poNumber: 'PO-1001',
  invoiceNumber: 'INV-77',
  receivedOn: '2026-06-20',
  basis: 'ACTUAL',
  amountCents: 250_000,
  lines: [{ account: SUPPLIES, amountCents: 250_000 }],
  ...overrides,
})

export async function draft(t: TestApp, token: string, body: Record<string, unknown>) {
  const answer = await t.request({ method: 'POST', url: '/api/accruals', token, payload: body })
  if (answer.statusCode !== 201) throw new Error(`drafting answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data as { id: number; state: string; amountCents: number; version: number }
}

export function step(t: TestApp, token: string, id: number, name: string, payload?: Record<string, unknown>) {
  return t.request({ method: 'POST', url: `/api/accruals/${id}/${name}`, token, ...(payload ? { payload } : {}) })
}

/** Takes a step that must succeed. */
export async function stepOk(t: TestApp, token: string, id: number, name: string, payload?: Record<string, unknown>) {
  const answer = await step(t, token, id, name, payload)
  if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data as { id: number; state: string }
}

/** People for every part of the review: a requester, a site approver, a fiscal reviewer, a site controller. */
export async function reviewTeam(setup: Awaited<ReturnType<typeof setUpAccruals>>) {
  return {
    requester: await setup.person(['REQUESTER']),
    siteApprover: await setup.person(['SITE_APPROVER']),
    reviewer: await setup.person(['FISCAL_REVIEWER']),
    viewer: await setup.person(['VIEWER']),
  }
}

/** Drafts a request and takes it through to APPROVED. */
export async function approved(
  t: TestApp,
  setup: Awaited<ReturnType<typeof setUpAccruals>>,
  team: Awaited<ReturnType<typeof reviewTeam>>,
  overrides: Record<string, unknown> = {},
) {
  const { id } = await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId, overrides))
  await stepOk(t, team.requester.token, id, 'submit')
  await stepOk(t, team.siteApprover.token, id, 'site-approve')
  await stepOk(t, team.reviewer.token, id, 'approve')
  return id
}
