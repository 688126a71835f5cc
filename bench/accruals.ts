import type { BenchDatabase, FillColumn } from './lib/database.js'
import { addPerson, addSites, maxId, migrate, totalOf } from './lib/fiscal.js'
import { countLines, load } from './lib/load.js'
import { MEMORY_BUDGET_MB, watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

/** How many requests the cycle holds before measuring (BENCH_ACCRUALS to try the scenario smaller). */
const REQUESTS = Number(process.env.BENCH_ACCRUALS ?? 100_000)
/** How many of them are approved and wait for the journal. */
const APPROVED = Math.min(20_000, Math.floor(REQUESTS / 5))
const SITES = 50
const FISCAL_YEAR = '2025-26'
const ACCRUAL_ACCOUNTS: Record<string, string> = {
  PAYABLE: '01-0000-0-0000-0000-9500-000',
  RECEIVABLE: '01-0000-0-0000-0000-9200-000',
  PAYROLL: '01-0000-0-0000-0000-9500-000',
}
const TYPES = ['PAYABLE', 'PAYABLE', 'PAYABLE', 'RECEIVABLE', 'PAYROLL']
const ACCOUNTS = ['01-0000-0-1110-1000-4300-010', '01-3010-0-1110-1000-5800-010', '13-5310-0-0000-3700-4700-010']
const STATES = ['DRAFT', 'SUBMITTED', 'SITE_APPROVED', 'POSTED', 'LIQUIDATED', 'WITHDRAWN']
const VENDORS = [
  'Office Depot',
  'Pacific Gas and Electric',
  'CDW-G',
  'School Specialty',
  'Valley Charter Bus',
  'Jani-King',
  'Ricoh Financial',
  'Varsity Tutors',
]
const CONTROLLER = 'controller@bench.test'
const REQUESTER = 'requester@bench.test'

const ACCRUAL_COLUMNS: FillColumn[] = [
  { name: 'accrual_id', pgType: 'int' },
  { name: 'cycle_id', pgType: 'int' },
  { name: 'site_id', pgType: 'int' },
  { name: 'state', pgType: 'text' },
  { name: 'type', pgType: 'text' },
  { name: 'accrual_account', pgType: 'text' },
  { name: 'clearing', pgType: 'text' },
  { name: 'for_goods', pgType: 'int' },
  { name: 'vendor', pgType: 'text' },
  { name: 'vendor_key', pgType: 'text' },
  { name: 'search_text', pgType: 'text' },
  { name: 'description', pgType: 'text' },
  { name: 'po_number', pgType: 'text' },
  { name: 'basis', pgType: 'text' },
  { name: 'amount_cents', pgType: 'bigint' },
  { name: 'requester_id', pgType: 'int' },
  { name: 'version', pgType: 'int' },
  { name: 'created_at', pgType: 'text' },
  { name: 'updated_at', pgType: 'text' },
  { name: 'submitted_at', pgType: 'text' },
  { name: 'site_approved_by', pgType: 'int' },
  { name: 'site_approved_at', pgType: 'text' },
  { name: 'approved_by', pgType: 'int' },
  { name: 'approved_at', pgType: 'text' },
  { name: 'cleared_cents', pgType: 'bigint' },
  { name: 'written_off_cents', pgType: 'bigint' },
]
const LINE_COLUMNS: FillColumn[] = [
  { name: 'accrual_id', pgType: 'int' },
  { name: 'line_no', pgType: 'int' },
  { name: 'account', pgType: 'text' },
  { name: 'fund', pgType: 'text' },
  { name: 'resource', pgType: 'text' },
  { name: 'amount_cents', pgType: 'bigint' },
  { name: 'first_in_fund', pgType: 'int' },
  { name: 'first_in_resource', pgType: 'int' },
]

const stateOf = (index: number) => (index < APPROVED ? 'APPROVED' : STATES[index % STATES.length]!)
const clearingOf = (index: number) => (index % 2 === 0 ? 'REVERSE' : 'PAY_AGAINST')
const amountOf = (index: number) => 10_000 + (index % 5000) * 100
const vendorOf = (index: number) => `${VENDORS[index % VENDORS.length]!} ${index % 997}`

function* accrualRows(firstId: number, cycleId: number, siteIds: number[], people: { requester: number; controller: number }) {
  const at = '2026-07-10T16:00:00.000Z'
  for (let index = 0; index < REQUESTS; index++) {
    const state = stateOf(index)
    const type = TYPES[index % TYPES.length]!
    const vendor = vendorOf(index)
    const description = `Goods and services received by June 30 (${index % 13})`
    const po = `PO-${index}`
    const submitted = state !== 'DRAFT'
    const siteApproved = ['SITE_APPROVED', 'APPROVED', 'POSTED', 'LIQUIDATED'].includes(state)
    const approved = ['APPROVED', 'POSTED', 'LIQUIDATED'].includes(state)
    yield [
      firstId + index,
      cycleId,
      siteIds[index % siteIds.length],
      state,
      type,
      ACCRUAL_ACCOUNTS[type],
      clearingOf(index),
      index % 3 === 0 ? 1 : 0,
      vendor,
      vendor.toLowerCase(),
      [vendor, description, po, ''].join(' ').toLowerCase(),
      description,
      po,
      index % 4 === 0 ? 'ESTIMATE' : 'ACTUAL',
      amountOf(index),
      people.requester,
      1,
      at,
      at,
      submitted ? at : null,
      siteApproved ? people.controller : null,
      siteApproved ? at : null,
      approved ? people.controller : null,
      approved ? at : null,
      state === 'LIQUIDATED' ? amountOf(index) : 0,
      0,
    ]
  }
}

function* lineRows(firstId: number) {
  for (let index = 0; index < REQUESTS; index++) {
    const amount = amountOf(index)
    const first = ACCOUNTS[index % ACCOUNTS.length]!
    const second = ACCOUNTS[(index + 1) % ACCOUNTS.length]!
    const newFund = first.slice(0, 2) === second.slice(0, 2) ? 0 : 1
    const newResource = first.slice(3, 7) === second.slice(3, 7) ? 0 : 1
    yield [firstId + index, 1, first, first.slice(0, 2), first.slice(3, 7), amount - 5_000, 1, 1]
    yield [firstId + index, 2, second, second.slice(0, 2), second.slice(3, 7), 5_000, newFund, newResource]
  }
}

/**
 * Sites, a district controller and a requester, one cycle and REQUESTS requests with two lines each, written around
 * the API: APPROVED of them approved (the journal's input), the rest spread over the other states.
 */
async function fill(database: BenchDatabase): Promise<{ cycleId: number; siteIds: number[] }> {
  const siteIds = await addSites(database, SITES)
  const controller = await addPerson(database, { email: CONTROLLER, name: 'Bench controller', appCode: 'ACCRUALS', duties: ['CONTROLLER'] })
  const requester = await addPerson(database, { email: REQUESTER, name: 'Bench requester', appCode: 'ACCRUALS', duties: ['REQUESTER'] })
  const now = new Date().toISOString()
  const [cycle] = await database.query<{ cycle_id: number }>(
    `insert into accrual_cycles (fiscal_year, cutoff_on, submit_by, lock_on, board_on, county_on, materiality_cents, created_by, created_at, updated_at)
     values (?, '2026-06-30', '2026-07-15', '2026-07-31', '2026-09-15', '2026-10-15', 50000, ?, ?, ?) returning cycle_id`,
    [FISCAL_YEAR, controller, now, now],
  )
  const cycleId = Number(cycle!.cycle_id)
  const firstId = (await maxId(database, 'accruals', 'accrual_id')) + 1
  await database.fill('accruals', ACCRUAL_COLUMNS, accrualRows(firstId, cycleId, siteIds, { requester, controller }))
  await database.fill('accrual_lines', LINE_COLUMNS, lineRows(firstId))
  await database.followIds('accruals', 'accrual_id')
  await database.analyze()
  return { cycleId, siteIds }
}

/** The journal's rows for the approved requests: each line and the accrual account, twice for a request that reverses. */
function expectedJournalRows(): number {
  let rows = 0
  for (let index = 0; index < APPROVED; index++) rows += 3 * (clearingOf(index) === 'REVERSE' ? 2 : 1)
  return rows
}

/** A filtered page and the cycle's totals over 100,000 requests, and the journal of 20,000 with peak memory. */
export async function benchAccruals({ databases, runs, record }: BenchContext): Promise<void> {
  const database = await databases.fresh()
  await migrate(database)
  const { cycleId, siteIds } = await fill(database)
  const server = await startServer({ DATABASE_URL: database.url })
  try {
    const token = await signIn(server, CONTROLLER)
    const headers = { authorization: `Bearer ${token}` }
    const requests = REQUESTS.toLocaleString('en-US')
    const pageUrl = `${server.url}/api/accruals?cycleId=${cycleId}&siteId=${siteIds[6]}&state=DRAFT&search=depot&limit=50&offset=0`
    await totalOf(pageUrl, headers)
    for (let run = 0; run < runs; run += 1) {
      if (run > 0) {
        // The previous run's journal posted the approved batch: hand the same requests back as approved, so each run's
        // journal claims a batch of the same size over a cycle of the same shape.
        await database.query(
          `update accruals set state = 'APPROVED', journal_id = null, posted_at = null where cycle_id = ? and journal_id is not null`,
          [cycleId],
        )
      }
      const page = await load(pageUrl, headers, 1)
      record(
        'page-p95',
        {
          label: `GET /api/accruals by cycle, site, state and search over ${requests} requests, one at a time, p95`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        page.p95,
      )
      const totals = await load(`${server.url}/api/accrual-cycles/${cycleId}/totals`, headers, 1)
      record(
        'totals-p95',
        {
          label: `GET /api/accrual-cycles/{id}/totals (state, type, fund, resource) over ${requests} requests, one at a time, p95`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 200 },
        },
        totals.p95,
      )

      const memory = watchPeakMemory(server.pid)
      const started = performance.now()
      const answer = await fetch(`${server.url}/api/accrual-cycles/${cycleId}/journal`, { method: 'POST', headers })
      if (!answer.ok) throw new Error(`The journal answered ${answer.status}: ${await answer.text()}`)
      const rows = (await countLines(answer.body!)) - 1
      const seconds = (performance.now() - started) / 1000
      const peak = memory.stop()
      if (rows !== expectedJournalRows())
        throw new Error(`The journal of ${APPROVED} approved requests held ${rows} rows, not ${expectedJournalRows()}`)
      record(
        'journal-time',
        {
          label: `POST /api/accrual-cycles/{id}/journal of ${APPROVED.toLocaleString('en-US')} approved requests`,
          unit: 's',
          kind: 'time',
          target: { op: '<', value: 5 },
        },
        seconds,
      )
      record(
        'journal-memory',
        { label: 'server peak memory during the journal', unit: 'MB', kind: 'memory', target: { op: '<', value: MEMORY_BUDGET_MB } },
        peak,
      )
    }
  } finally {
    await server.stop()
  }
}
