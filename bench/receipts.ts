import autocannon from 'autocannon'
import type { BenchDatabase, FillColumn } from './lib/database.js'
import { addPerson, addSites, caller, maxId, migrate, totalOf } from './lib/fiscal.js'
import { CONNECTIONS, countLines, DURATION_S, load } from './lib/load.js'
import { MEMORY_BUDGET_MB, watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

/** How many receipts are stored before measuring (BENCH_RECEIPTS to try the scenario smaller). */
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000_000)
const SITES = 50
const PER_DEPOSIT = 500
/** The year the filled receipts belong to; the issuing figure numbers in the server's own (real) fiscal year beside it. */
const FILLED_YEAR = '2025-26'
/** Deposits of the filled year are confirmed weekly from this day; the journal covers the whole year. */
const FIRST_DEPOSIT_ON = '2025-07-07'
const JOURNAL_RANGE = 'from=2025-07-01&to=2026-06-30'
/** The day the receipts left for the approval figure were issued (they wait for their deposit). */
const WAITING_ISSUED_ON = '2026-06-26'
const ACCOUNT = '01-0000-0-1110-1000-8699-010'
const ACCOUNT_SCHOOL = '010'
const CASH_ACCOUNT = '01-0000-0-0000-0000-9110-000'
const CHART = `segment,value,name,active
FUND,01,General Fund,true
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
`
const PEOPLE = {
  collector: { email: 'collector@bench.test', duty: 'COLLECTOR' },
  counter: { email: 'counter@bench.test', duty: 'COUNTER' },
  approver: { email: 'approver@bench.test', duty: 'APPROVER' },
} as const
const PAYERS = ['Booster Club', 'Ana Ruiz', 'Lee Family', 'PTA', 'Chess Club', 'Jordan Smith', 'Drama Club', 'M. Patel']

/** Where each site's receipts and deposits sit: ids are written explicitly, so receipts, lines and deposits meet without reading back. */
interface SiteLayout {
  siteId: number
  code: string
  /** Numbers 1..count of the filled year. */
  count: number
  /** The first `deposited` are in confirmed deposits of PER_DEPOSIT; the rest wait, issued, for a deposit. */
  deposited: number
  firstReceiptId: number
  firstDepositId: number
}

function layoutOf(siteIds: number[], receiptBase: number, depositBase: number, waiting: number): SiteLayout[] {
  const perSite = Math.floor(RECEIPTS / SITES)
  let receiptId = receiptBase + 1
  let depositId = depositBase + 1
  return siteIds.map((siteId, index) => {
    // The first site keeps `waiting` receipts out of any deposit: one deposit of PER_DEPOSIT of them per run.
    const count = index === 0 ? Math.max(perSite, waiting) : perSite
    const deposited = index === 0 ? count - waiting : count
    const site = { siteId, code: `S${index + 1}`, count, deposited, firstReceiptId: receiptId, firstDepositId: depositId }
    receiptId += count
    depositId += Math.ceil(deposited / PER_DEPOSIT)
    return site
  })
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const depositDay = (depositIndex: number) => addDays(FIRST_DEPOSIT_ON, 7 * depositIndex)
/** A deposited receipt is issued in the five days before its deposit's week ends. */
const issuedOnOf = (index: number) => addDays(depositDay(Math.floor(index / PER_DEPOSIT)), -6 + Math.floor((index % PER_DEPOSIT) / 100))
const amountOf = (index: number) => 500 + (index % 9) * 250
const tenderOf = (index: number) => (index % 5 === 4 ? 'CHECK' : 'CASH')

const DEPOSIT_COLUMNS: FillColumn[] = [
  { name: 'deposit_id', pgType: 'int' },
  { name: 'site_id', pgType: 'int' },
  { name: 'fiscal_year', pgType: 'text' },
  { name: 'state', pgType: 'text' },
  { name: 'expected_cents', pgType: 'bigint' },
  { name: 'receipt_count', pgType: 'int' },
  { name: 'created_by', pgType: 'int' },
  { name: 'created_at', pgType: 'text' },
  { name: 'counted_cents', pgType: 'bigint' },
  { name: 'over_short_cents', pgType: 'bigint' },
  { name: 'bag_number', pgType: 'text' },
  { name: 'counted_by', pgType: 'int' },
  { name: 'counted_at', pgType: 'text' },
  { name: 'approved_by', pgType: 'int' },
  { name: 'approved_at', pgType: 'text' },
  { name: 'submitted_by', pgType: 'int' },
  { name: 'submitted_at', pgType: 'text' },
  { name: 'treasury_reference', pgType: 'text' },
  { name: 'confirmed_on', pgType: 'text' },
  { name: 'confirmed_by', pgType: 'int' },
  { name: 'confirmed_at', pgType: 'text' },
]

function* depositRows(layout: SiteLayout[], people: Record<keyof typeof PEOPLE, number>): Generator<unknown[]> {
  for (const site of layout) {
    for (let start = 0, k = 0; start < site.deposited; start += PER_DEPOSIT, k += 1) {
      const end = Math.min(start + PER_DEPOSIT, site.deposited)
      let expected = 0
      for (let index = start; index < end; index++) expected += amountOf(index)
      const day = depositDay(k)
      const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`
      yield [
        site.firstDepositId + k,
        site.siteId,
        FILLED_YEAR,
        'CONFIRMED',
        expected,
        end - start,
        people.collector,
        at(15),
        expected,
        0,
        `B-${site.code}-${k + 1}`,
        people.counter,
        at(16),
        people.approver,
        at(17),
        people.approver,
        at(18),
        `CT-${site.code}-${k + 1}`,
        day,
        people.approver,
        at(22),
      ]
    }
  }
}

const RECEIPT_COLUMNS: FillColumn[] = [
  { name: 'receipt_id', pgType: 'int' },
  { name: 'number', pgType: 'text' },
  { name: 'site_id', pgType: 'int' },
  { name: 'fiscal_year', pgType: 'text' },
  { name: 'sequence', pgType: 'int' },
  { name: 'state', pgType: 'text' },
  { name: 'payer', pgType: 'text' },
  { name: 'payer_search', pgType: 'text' },
  { name: 'tender', pgType: 'text' },
  { name: 'check_number', pgType: 'text' },
  { name: 'purpose', pgType: 'text' },
  { name: 'amount_cents', pgType: 'bigint' },
  { name: 'collector_id', pgType: 'int' },
  { name: 'issued_at', pgType: 'text' },
  { name: 'issued_on', pgType: 'text' },
  { name: 'deposit_id', pgType: 'int' },
]

function* receiptRows(layout: SiteLayout[], collector: number): Generator<unknown[]> {
  for (const site of layout) {
    for (let index = 0; index < site.count; index++) {
      const deposited = index < site.deposited
      const payer = PAYERS[index % PAYERS.length]!
      // The receipts waiting for the approval figure are cash of 10.00, so a deposit of them counts as 10.00 bills.
      const tender = deposited ? tenderOf(index) : 'CASH'
      const issuedOn = deposited ? issuedOnOf(index) : WAITING_ISSUED_ON
      yield [
        site.firstReceiptId + index,
        `${site.code}-${FILLED_YEAR}-${String(index + 1).padStart(6, '0')}`,
        site.siteId,
        FILLED_YEAR,
        index + 1,
        deposited ? 'DEPOSITED' : 'ISSUED',
        payer,
        payer.toLowerCase(),
        tender,
        tender === 'CHECK' ? String(1000 + (index % 9000)) : null,
        index % 3 === 0 ? 'Field trip' : 'Fees',
        deposited ? amountOf(index) : 1000,
        collector,
        `${issuedOn}T17:30:00.000Z`,
        issuedOn,
        deposited ? site.firstDepositId + Math.floor(index / PER_DEPOSIT) : null,
      ]
    }
  }
}

const LINE_COLUMNS: FillColumn[] = [
  { name: 'receipt_id', pgType: 'int' },
  { name: 'line_no', pgType: 'int' },
  { name: 'account', pgType: 'text' },
  { name: 'amount_cents', pgType: 'bigint' },
]

function* lineRows(layout: SiteLayout[]): Generator<unknown[]> {
  for (const site of layout) {
    for (let index = 0; index < site.count; index++) {
      yield [site.firstReceiptId + index, 1, ACCOUNT, index < site.deposited ? amountOf(index) : 1000]
    }
  }
}

/**
 * Sites, the three people of a deposit (each with a duty everywhere), and the receipts spread over the sites, written
 * around the API: each site's year numbered 1..n with its counter, the receipts in confirmed weekly deposits of 500
 * (the journal's input), except `waiting` receipts of the first site, left undeposited for the approval figure.
 */
async function fill(database: BenchDatabase, waiting: number) {
  const siteIds = await addSites(database, SITES)
  const people = {} as Record<keyof typeof PEOPLE, number>
  for (const [part, person] of Object.entries(PEOPLE) as Array<[keyof typeof PEOPLE, (typeof PEOPLE)[keyof typeof PEOPLE]]>) {
    people[part] = await addPerson(database, {
      email: person.email,
      name: `Bench ${part}`,
      appCode: 'PAYMENT_RECEIPTS',
      duties: [person.duty],
    })
  }
  const layout = layoutOf(
    siteIds,
    await maxId(database, 'receipts', 'receipt_id'),
    await maxId(database, 'receipt_deposits', 'deposit_id'),
    waiting,
  )
  await database.fill('receipt_deposits', DEPOSIT_COLUMNS, depositRows(layout, people))
  await database.fill('receipts', RECEIPT_COLUMNS, receiptRows(layout, people.collector))
  await database.fill('receipt_lines', LINE_COLUMNS, lineRows(layout))
  await database.fill(
    'receipt_counters',
    [
      { name: 'site_id', pgType: 'int' },
      { name: 'fiscal_year', pgType: 'text' },
      { name: 'last_sequence', pgType: 'int' },
    ],
    layout.map((site) => [site.siteId, FILLED_YEAR, site.count]),
  )
  await database.followIds('receipt_deposits', 'deposit_id')
  await database.followIds('receipts', 'receipt_id')
  await database.analyze()
  return layout
}

/** A filtered page over a million receipts, issuing from 50 connections, approving 500, the register, the journal. */
export async function benchReceipts({ databases, runs, record }: BenchContext): Promise<void> {
  const database = await databases.fresh()
  await migrate(database)
  const layout = await fill(database, runs * PER_DEPOSIT)
  const [waitingSite, issuingSite, registerSite] = layout as [SiteLayout, SiteLayout, SiteLayout]
  // A site's collectors credit the revenue accounts of its own school-site segment: the issuing site is the account's school.
  await database.query('update finance_sites set school_segment = ? where site_id = ?', [ACCOUNT_SCHOOL, issuingSite.siteId])
  const pageSite = layout[6]!
  const stored = layout.reduce((sum, site) => sum + site.count, 0).toLocaleString('en-US')
  let server = await startServer({ DATABASE_URL: database.url })
  try {
    const adminToken = await signIn(server, 'admin@example.org')
    const admin = caller(() => server, adminToken)
    const chart = await fetch(`${server.url}/api/finance/accounts/import?apply=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
      body: CHART,
    })
    if (!chart.ok) throw new Error(`The chart import answered ${chart.status}: ${await chart.text()}`)
    const { currentFiscalYear } = await admin<{ currentFiscalYear: string }>('PUT', '/api/finance/settings/posting-accounts', {
      cashAccounts: { '01': CASH_ACCOUNT },
      clearingAccounts: {},
      accrualAccounts: {},
    })
    const tokens = {
      collector: await signIn(server, PEOPLE.collector.email),
      counter: await signIn(server, PEOPLE.counter.email),
      approver: await signIn(server, PEOPLE.approver.email),
    }
    const asCollector = caller(() => server, tokens.collector)
    const asCounter = caller(() => server, tokens.counter)
    const asApprover = caller(() => server, tokens.approver)
    const approverAuth = { authorization: `Bearer ${tokens.approver}` }
    // One target on both databases: issuing takes the same path on each.
    const issueTarget = 100

    for (let run = 0; run < runs; run += 1) {
      if (run > 0) {
        // Each run on a new server process (the sessions are kept in the database): the journal's peak memory is its
        // own, not the heap the previous run's 50-connection issuing left behind.
        await server.stop()
        server = await startServer({ DATABASE_URL: database.url })
      }
      const pageUrl = `${server.url}/api/receipts?siteId=${pageSite.siteId}&state=DEPOSITED&search=club&limit=50&offset=100`
      if (run === 0) await totalOf(pageUrl, approverAuth)
      const page = await load(pageUrl, approverAuth, 1)
      record(
        'page-p95',
        {
          label: `GET /api/receipts by site, state and payer over ${stored} receipts, one at a time, p95`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        page.p95,
      )

      const registerStart = performance.now()
      const register = await asApprover<{ data: { entries: unknown[]; gaps: number[] } }>(
        'GET',
        `/api/receipts/register?siteId=${registerSite.siteId}&fiscalYear=${FILLED_YEAR}`,
      )
      const registerMs = performance.now() - registerStart
      if (register.data.entries.length !== registerSite.count || register.data.gaps.length > 0)
        throw new Error(
          `The register of ${registerSite.code} holds ${register.data.entries.length} numbers and ${register.data.gaps.length} gaps`,
        )
      record(
        'register',
        {
          label: `GET /api/receipts/register of a site's year (${registerSite.count.toLocaleString('en-US')} numbers)`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 200 },
        },
        registerMs,
      )

      if (run === 0) {
        // The filled deposits were confirmed around the API, so their entries were never stored: the first download
        // writes them (as it does for deposits confirmed before the journal was stored). The figure is of the
        // downloads after it, which read the stored lines, as every download of a running district does.
        const first = await fetch(`${server.url}/api/receipts/journal.csv?${JOURNAL_RANGE}`, { headers: approverAuth })
        if (!first.ok) throw new Error(`The journal answered ${first.status}: ${await first.text()}`)
        await countLines(first.body!)
      }
      const memory = watchPeakMemory(server.pid)
      const journalStart = performance.now()
      const journal = await fetch(`${server.url}/api/receipts/journal.csv?${JOURNAL_RANGE}`, { headers: approverAuth })
      if (!journal.ok) throw new Error(`The journal answered ${journal.status}: ${await journal.text()}`)
      const lines = (await countLines(journal.body!)) - 1
      const journalSeconds = (performance.now() - journalStart) / 1000
      const peak = memory.stop()
      const deposited = layout.reduce((sum, site) => sum + site.deposited, 0)
      if (lines < deposited) throw new Error(`The journal held ${lines} lines for ${deposited} deposited receipts`)
      record(
        'journal-rate',
        {
          label: `GET /api/receipts/journal.csv (${lines.toLocaleString('en-US')} lines)`,
          unit: 'lines/s',
          kind: 'rate',
          target: { op: '>=', value: 100_000 },
        },
        lines / journalSeconds,
      )
      record(
        'journal-memory',
        { label: 'server peak memory during the journal', unit: 'MB', kind: 'memory', target: { op: '<', value: MEMORY_BUDGET_MB } },
        peak,
      )

      // A fresh deposit of 500 waiting receipts per run: gathered by the collector, blind-counted, then the approval timed.
      const firstWaiting = waitingSite.firstReceiptId + waitingSite.deposited + run * PER_DEPOSIT
      const receiptIds = Array.from({ length: PER_DEPOSIT }, (_, index) => firstWaiting + index)
      const gathered = await asCollector<{ data: { id: number; receiptCount: number; version: number } }>('POST', '/api/deposits', {
        siteId: waitingSite.siteId,
        receiptIds,
      })
      await asCounter('POST', `/api/deposits/${gathered.data.id}/count`, {
        cash: [{ denominationCents: 1000, count: PER_DEPOSIT }],
        checks: [],
        bagNumber: `BENCH-${run + 1}`,
        version: gathered.data.version,
      })
      const approveStart = performance.now()
      const approved = await asApprover<{ data: { state: string; receiptCount: number } }>(
        'POST',
        `/api/deposits/${gathered.data.id}/approve`,
        {},
      )
      const approveMs = performance.now() - approveStart
      if (approved.data.state !== 'APPROVED' || approved.data.receiptCount !== PER_DEPOSIT)
        throw new Error(`The deposit is ${approved.data.state} with ${approved.data.receiptCount} receipts`)
      record(
        'approve',
        { label: `approving a deposit of ${PER_DEPOSIT} receipts`, unit: 'ms', kind: 'time', target: { op: '<', value: 200 } },
        approveMs,
      )

      // Issuing at one site from 50 connections, each receipt numbered and stored with its audit row.
      const issued = await autocannon({
        url: `${server.url}/api/receipts`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { authorization: `Bearer ${tokens.collector}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          siteId: issuingSite.siteId,
          payer: 'Load payer',
          tender: 'CASH',
          purpose: 'Fees',
          amountCents: 1000,
          lines: [{ account: ACCOUNT, amountCents: 1000 }],
        }),
      })
      if (issued.non2xx > 0) throw new Error(`Issuing: ${issued.non2xx} answers were not 2xx`)
      // Requests still on their way when the run ends may count as errors; the register shows whatever was stored is whole.
      if (issued.errors > 0) console.log(`  issuing: ${issued.errors} requests cut off or timed out at the end of the run`)
      record(
        'issue-rate',
        {
          label: `POST /api/receipts at one site, ${CONNECTIONS} connections (each with its audit row)`,
          unit: 'receipts/s',
          kind: 'rate',
          target: { op: '>=', value: issueTarget },
        },
        issued.requests.average,
      )
      // Requests still in flight when autocannon stops are finished by the server after it: the register is read once
      // the last number no longer moves (it reads the receipts and the counter apart, so a number committed between the
      // two reads would show as a gap that is not one).
      const registerPath = `/api/receipts/register?siteId=${issuingSite.siteId}&fiscalYear=${currentFiscalYear}`
      type Register = { data: { entries: unknown[]; gaps: number[]; lastSequence: number } }
      let issuedRegister = await asApprover<Register>('GET', registerPath)
      for (let settled = false, waited = 0; !settled && waited < 10_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        const again = await asApprover<Register>('GET', registerPath)
        settled = again.data.lastSequence === issuedRegister.data.lastSequence
        issuedRegister = again
      }
      if (issuedRegister.data.gaps.length > 0)
        throw new Error(
          `The register of ${issuingSite.code} ${currentFiscalYear} has gaps: ${issuedRegister.data.gaps.slice(0, 20).join(', ')}`,
        )
      if (issuedRegister.data.entries.length !== issuedRegister.data.lastSequence)
        throw new Error(
          `The register of ${issuingSite.code} holds ${issuedRegister.data.entries.length} numbers up to ${issuedRegister.data.lastSequence}`,
        )
    }
  } finally {
    await server.stop()
  }
}
