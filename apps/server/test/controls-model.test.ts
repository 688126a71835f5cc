import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from './build-test-app.js'
import { type DutyHolder, addSite, dutyHolders, importChart, setUpFinance } from './finance.js'
import { CAFETERIA, GENERAL, RECEIPTS_CHART, cashFor } from './receipts.js'
import { testDialects } from './test-database.js'
import { type TwoInstances, startTwoInstances } from './two-instances.js'

/*
 * The controls of Payment Receipts as a model: random sequences of steps, by people holding random sets of duties,
 * sent to either of two instances on one database, some of them at the same moment on both. After every step the
 * database is read directly and the controls are checked, whatever the answers said; every answer a COUNTER receives
 * is searched for the amount of any cash not yet counted.
 */

const CASH_ACCOUNTS = { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' }
const DUTIES = ['COLLECTOR', 'COUNTER', 'APPROVER', 'RECONCILER'] as const
type Instance = 'a' | 'b'
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Answer = { statusCode: number; body: string; json: () => any }

interface Model {
  receipts: number[]
  deposits: number[]
}

interface Real {
  sys: TwoInstances
  admin: string
  siteId: number
  people: Array<DutyHolder & { duties: string[] }>
  /** The first day of the run's journal. */
  journalFrom: string
}

/** The amounts are large and odd enough that a six- or seven-digit amount in an answer is not an id or a date by chance. */
const cents = fc.integer({ min: 100_003, max: 4_999_999 })
const instance = fc.constantFrom<Instance>('a', 'b')

async function send(real: Real, by: number, on: Instance, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> {
  const answer = await real.sys[on].request({
    method,
    url,
    token: real.people[by]!.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
  if (real.people[by]!.duties.includes('COUNTER')) await assertBlind(real, answer.body)
  expect(answer.statusCode, `${method} ${url} answered ${answer.statusCode}: ${answer.body}`).toBeLessThan(500)
  return answer as Answer
}

const pick = (ids: number[], index: number) => (ids.length === 0 ? undefined : ids[index % ids.length])

class Issue implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly by: number,
    readonly on: Instance,
    readonly amount: number,
    readonly byCheck: boolean,
    readonly split: boolean,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const lines = this.split
      ? [
          { account: GENERAL, amountCents: this.amount - 100_001 },
          { account: CAFETERIA, amountCents: 100_001 },
        ]
      : [{ account: GENERAL, amountCents: this.amount }]
    const answer = await send(real, this.by, this.on, 'POST', '/api/receipts', {
      siteId: real.siteId,
      payer: 'Model payer',
      purpose: 'Model test',
      amountCents: this.amount,
      lines,
      ...(this.byCheck ? { tender: 'CHECK', checkNumber: `C${this.amount % 997}` } : { tender: 'CASH' }),
    })
    if (answer.statusCode === 201) model.receipts.push(answer.json().data.id)
    await checkControls(real)
  }
  toString = () => `issue(${this.by}@${this.on}, ${this.amount}${this.byCheck ? ' check' : ''})`
}

class Gather implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly by: number,
    readonly on: Instance,
    readonly picks: number[],
  ) {}
  check = (model: Readonly<Model>) => model.receipts.length > 0
  async run(model: Model, real: Real) {
    await gather(model, real, this.by, this.on, this.picks)
    await checkControls(real)
  }
  toString = () => `gather(${this.by}@${this.on}, ${this.picks.join('/')})`
}

async function gather(model: Model, real: Real, by: number, on: Instance, picks: number[]) {
  const receiptIds = [...new Set(picks.map((index) => pick(model.receipts, index)!))]
  const answer = await send(real, by, on, 'POST', '/api/deposits', { siteId: real.siteId, receiptIds })
  if (answer.statusCode === 201) model.deposits.push(answer.json().data.id)
}

/** What is in the bag, read from the database: the count a careful counter makes, less `shortCents`. */
async function countPayload(real: Real, by: number, on: Instance, depositId: number, shortCents: number) {
  const view = await send(real, by, on, 'GET', `/api/deposits/${depositId}`)
  if (view.statusCode !== 200) return null
  const shown = view.json().data
  const inside = await real.sys.a.db.kysely
    .selectFrom('receipts')
    .select(['receipt_id', 'tender', 'amount_cents'])
    .where('deposit_id', '=', depositId)
    .where('state', '<>', 'VOIDED')
    .execute()
  const checks = inside.filter((row) => row.tender !== 'CASH').map((row) => ({ receiptId: row.receipt_id, amountCents: row.amount_cents }))
  const cash = Math.max(0, inside.filter((row) => row.tender === 'CASH').reduce((sum, row) => sum + row.amount_cents, 0) - shortCents)
  return {
    cash: cashFor(cash),
    checks,
    bagNumber: 'M',
    note: shortCents === 0 ? null : 'Difference found in the model',
    // Whatever the counter's screen was built from, sent back as the screen would.
    ...(shown.version === undefined ? {} : { version: shown.version }),
  }
}

class Count implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly by: number,
    readonly on: Instance,
    readonly deposit: number,
    readonly shortCents: number,
  ) {}
  check = (model: Readonly<Model>) => model.deposits.length > 0
  async run(model: Model, real: Real) {
    const id = pick(model.deposits, this.deposit)!
    const payload = await countPayload(real, this.by, this.on, id, this.shortCents)
    if (payload) await send(real, this.by, this.on, 'POST', `/api/deposits/${id}/count`, payload)
    await checkControls(real)
  }
  toString = () => `count(${this.by}@${this.on}, deposit ${this.deposit}, short ${this.shortCents})`
}

type Later = 'approve' | 'submit' | 'confirm' | 'reconcile'
const stepPayload = (step: Later) =>
  step === 'confirm'
    ? { treasuryReference: 'CT-M', confirmedOn: '2026-03-02' }
    : step === 'reconcile'
      ? { statementReference: 'S-M' }
      : undefined

class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly by: number,
    readonly on: Instance,
    readonly step: Later,
    readonly deposit: number,
  ) {}
  check = (model: Readonly<Model>) => model.deposits.length > 0
  async run(model: Model, real: Real) {
    const id = pick(model.deposits, this.deposit)!
    await send(real, this.by, this.on, 'POST', `/api/deposits/${id}/${this.step}`, stepPayload(this.step))
    await checkControls(real)
  }
  toString = () => `${this.step}(${this.by}@${this.on}, deposit ${this.deposit})`
}

const NEXT_STEP: Record<string, { step: Later; duty: (typeof DUTIES)[number] }> = {
  COUNTED: { step: 'approve', duty: 'APPROVER' },
  APPROVED: { step: 'submit', duty: 'APPROVER' },
  SUBMITTED: { step: 'confirm', duty: 'RECONCILER' },
  CONFIRMED: { step: 'reconcile', duty: 'RECONCILER' },
}

/** The deposit's next step, taken by one of the people who hold its duty (who may still be barred from it). */
class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly seed: number,
    readonly on: Instance,
    readonly deposit: number,
  ) {}
  check = (model: Readonly<Model>) => model.deposits.length > 0
  async run(model: Model, real: Real) {
    const id = pick(model.deposits, this.deposit)!
    const { state } = await real.sys.a.db.kysely
      .selectFrom('receipt_deposits')
      .select('state')
      .where('deposit_id', '=', id)
      .executeTakeFirstOrThrow()
    const next = NEXT_STEP[state]
    if (!next) return
    const holders = real.people.flatMap((someone, index) => (someone.duties.includes(next.duty) ? [index] : []))
    if (holders.length === 0) return
    const by = holders[this.seed % holders.length]!
    await send(real, by, this.on, 'POST', `/api/deposits/${id}/${next.step}`, stepPayload(next.step))
    await checkControls(real)
  }
  toString = () => `advance(${this.seed}@${this.on}, deposit ${this.deposit})`
}

class Correct implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly by: number,
    readonly on: Instance,
    readonly kind: 'void' | 'returned-check',
    readonly receipt: number,
  ) {}
  check = (model: Readonly<Model>) => model.receipts.length > 0
  async run(model: Model, real: Real) {
    const id = pick(model.receipts, this.receipt)!
    await send(real, this.by, this.on, 'POST', `/api/receipts/${id}/${this.kind}`, { reason: 'Model correction' })
    await checkControls(real)
  }
  toString = () => `${this.kind}(${this.by}@${this.on}, receipt ${this.receipt})`
}

/** Two steps sent at the same moment, one to each instance: the races an auditor tries. */
class Race implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: 'void-count' | 'void-gather' | 'count-count' | 'approve-approve',
    readonly first: number,
    readonly second: number,
    readonly receipt: number,
    readonly deposit: number,
  ) {}
  check = (model: Readonly<Model>) => model.receipts.length > 0 && (this.kind === 'void-gather' || model.deposits.length > 0)
  async run(model: Model, real: Real) {
    const depositId = pick(model.deposits, this.deposit)
    if (this.kind === 'void-gather') {
      const receiptId = pick(model.receipts, this.receipt)!
      await Promise.all([
        send(real, this.first, 'a', 'POST', `/api/receipts/${receiptId}/void`, { reason: 'Race in the model' }),
        gather(model, real, this.second, 'b', [this.receipt]),
      ])
    } else if (this.kind === 'void-count') {
      const inside = await real.sys.a.db.kysely.selectFrom('receipts').select('receipt_id').where('deposit_id', '=', depositId!).execute()
      const payload = await countPayload(real, this.second, 'b', depositId!, 0)
      const receiptId = inside[this.receipt % Math.max(1, inside.length)]?.receipt_id
      await Promise.all([
        receiptId === undefined
          ? null
          : send(real, this.first, 'a', 'POST', `/api/receipts/${receiptId}/void`, { reason: 'Race in the model' }),
        payload ? send(real, this.second, 'b', 'POST', `/api/deposits/${depositId}/count`, payload) : null,
      ])
    } else if (this.kind === 'count-count') {
      const [one, two] = await Promise.all([
        countPayload(real, this.first, 'a', depositId!, 0),
        countPayload(real, this.second, 'b', depositId!, 0),
      ])
      await Promise.all([
        one ? send(real, this.first, 'a', 'POST', `/api/deposits/${depositId}/count`, one) : null,
        two ? send(real, this.second, 'b', 'POST', `/api/deposits/${depositId}/count`, two) : null,
      ])
    } else {
      await Promise.all([
        send(real, this.first, 'a', 'POST', `/api/deposits/${depositId}/approve`),
        send(real, this.second, 'b', 'POST', `/api/deposits/${depositId}/approve`),
      ])
    }
    await checkControls(real)
  }
  toString = () => `race ${this.kind}(${this.first}@a, ${this.second}@b, receipt ${this.receipt}, deposit ${this.deposit})`
}

/** The amounts of cash not yet counted at the site: receipts not yet in a deposit, and open deposits with their receipts. */
async function uncountedAmounts(real: Real): Promise<number[]> {
  const k = real.sys.a.db.kysely
  const loose = await k
    .selectFrom('receipts')
    .select('amount_cents')
    .where('site_id', '=', real.siteId)
    .where('state', '=', 'ISSUED')
    .execute()
  const open = await k
    .selectFrom('receipt_deposits as d')
    .innerJoin('receipts as r', 'r.deposit_id', 'd.deposit_id')
    .select(['d.expected_cents', 'r.amount_cents'])
    .where('d.site_id', '=', real.siteId)
    .where('d.state', '=', 'OPEN')
    .where('r.state', '<>', 'VOIDED')
    .execute()
  return [...new Set([...loose.map((row) => row.amount_cents), ...open.flatMap((row) => [row.expected_cents, row.amount_cents])])]
}

/** Nothing a COUNTER receives carries an amount of cash not yet counted, as cents or as dollars. */
async function assertBlind(real: Real, body: string) {
  for (const amount of await uncountedAmounts(real)) {
    const dollars = `${Math.trunc(amount / 100).toLocaleString('en-US')}.${String(amount % 100).padStart(2, '0')}`
    expect(
      new RegExp(`(?<![0-9.,])(${amount}|${dollars.replace(/[.,]/g, '\\$&')})(?![0-9])`).test(body),
      `a COUNTER received ${amount} cents: …${body.slice(Math.max(0, body.search(new RegExp(String(amount))) - 300), body.search(new RegExp(String(amount))) + 100)}`,
    ).toBe(false)
  }
}

/** The parts each step's taker may not have played in the deposit: the control matrix's separation rows. */
const BARRED: Record<string, Array<'collector' | 'gatherer' | 'counter' | 'approver'>> = {
  counted_by: ['collector', 'gatherer'],
  approved_by: ['collector', 'gatherer', 'counter'],
  confirmed_by: ['collector', 'gatherer', 'counter'],
  reconciled_by: ['collector', 'gatherer', 'counter', 'approver'],
}

async function checkControls(real: Real) {
  const k = real.sys.a.db.kysely
  const receipts = await k.selectFrom('receipts').selectAll().where('site_id', '=', real.siteId).orderBy('sequence').execute()
  // No number is missing: each site's numbers run 1, 2, 3… within the fiscal year.
  expect(receipts.map((row) => row.sequence)).toEqual(receipts.map((_, index) => index + 1))
  const deposits = await k.selectFrom('receipt_deposits').selectAll().where('site_id', '=', real.siteId).execute()
  for (const deposit of deposits) {
    const inside = receipts.filter((row) => row.deposit_id === deposit.deposit_id && row.state !== 'VOIDED')
    // A deposit is never empty, and expects exactly the receipts in it that were not voided.
    expect(inside.length, `deposit ${deposit.deposit_id} is empty`).toBeGreaterThan(0)
    expect(deposit.expected_cents).toBe(inside.reduce((sum, row) => sum + row.amount_cents, 0))
    if (deposit.counted_cents !== null) {
      expect(deposit.over_short_cents).toBe(deposit.counted_cents - deposit.expected_cents)
      if (deposit.over_short_cents !== 0) expect(deposit.count_note ?? '').not.toBe('')
    }
    // Nobody took two conflicting parts in one deposit.
    const played = {
      collector: new Set(inside.map((row) => row.collector_id)),
      gatherer: new Set([deposit.created_by]),
      counter: new Set(deposit.counted_by === null ? [] : [deposit.counted_by]),
      approver: new Set(deposit.approved_by === null ? [] : [deposit.approved_by]),
    }
    for (const [column, barred] of Object.entries(BARRED)) {
      const taker = (deposit as Record<string, unknown>)[column] as number | null
      if (taker === null) continue
      for (const part of barred) expect(played[part].has(taker), `${column} of deposit ${deposit.deposit_id} was its ${part}`).toBe(false)
    }
  }
}

/** The journal of the run's confirmed deposits balances per deposit, and its cash lines are what was counted. */
async function checkJournal(real: Real) {
  const answer = await real.sys.b.request({
    method: 'GET',
    url: `/api/receipts/journal.csv?from=${real.journalFrom}&to=2026-03-02`,
    token: real.admin,
  })
  expect(answer.statusCode, answer.body).toBe(200)
  const [header, ...lines] = answer.body.trim().split('\n')
  const columns = header!.split(',')
  const at = (name: string) => columns.indexOf(name)
  const cashAccounts = new Set(Object.values(CASH_ACCOUNTS))
  // One entry per deposit, and one per returned check (its reversing entry, which names the returned-check record).
  const entries = new Map<string, { debit: number; credit: number; cash: number }>()
  for (const line of lines) {
    // Labels and accounts carry no commas; descriptions come last.
    const fields = line.split(',')
    const description = fields
      .slice(at('description'))
      .join(',')
      .replace(/^"(.*)"$/, '$1')
    // A reversing entry's lines are its revenue lines and its cash lines ("…: cash, fund 01").
    const key = description.startsWith('Returned check') ? description.split(':')[0]! : fields[at('deposit')]!
    const toCents = (text: string) => Math.round(Number(text) * 100)
    const totals = entries.get(key) ?? { debit: 0, credit: 0, cash: 0 }
    const [debit, credit] = [toCents(fields[at('debit')]!), toCents(fields[at('credit')]!)]
    totals.debit += debit
    totals.credit += credit
    if (cashAccounts.has(fields[at('account')]!)) totals.cash += debit - credit
    entries.set(key, totals)
  }
  for (const [key, totals] of entries) expect(totals.debit, `the entry of ${key} does not balance`).toBe(totals.credit)
  const confirmed = await real.sys.a.db.kysely
    .selectFrom('receipt_deposits')
    .select(['deposit_id', 'counted_cents', 'state'])
    .where('site_id', '=', real.siteId)
    .where('state', 'in', ['CONFIRMED', 'RECONCILED'])
    .execute()
  for (const deposit of confirmed) {
    const totals = entries.get(
      [...entries.keys()].find((label) => label.endsWith(`-D${String(deposit.deposit_id).padStart(4, '0')}`)) ?? '',
    )
    expect(totals, `deposit ${deposit.deposit_id} is not in the journal`).toBeDefined()
    expect(totals!.cash).toBe(deposit.counted_cents)
  }
  // Each returned check takes back from cash exactly the amount of its receipt.
  const returned = await real.sys.a.db.kysely
    .selectFrom('receipts')
    .select(['number', 'amount_cents'])
    .where('site_id', '=', real.siteId)
    .where('state', '=', 'RETURNED')
    .execute()
  for (const receipt of returned) {
    const key = [...entries.keys()].find((label) => label.startsWith(`Returned check of receipt ${receipt.number} `))
    expect(key, `the returned check of ${receipt.number} is not reversed in the journal`).toBeDefined()
    expect(entries.get(key!)!.cash).toBe(-receipt.amount_cents)
  }
}

const person = (count: number) => fc.nat({ max: count - 1 })

describe.each(testDialects())('the controls of Payment Receipts hold over random steps on two instances (%s)', (dialect) => {
  let real: Real
  let addRunSite: (run: number) => Promise<void>
  const PEOPLE = 7

  beforeAll(async () => {
    const sys = await startTwoInstances({ dialect })
    // setUpFinance and dutyHolders drive a platform through its API: either instance serves.
    const t = { request: sys.a.request, signIn: sys.signIn, createUser: sys.createUser, db: sys.a.db } as unknown as TestApp
    const { admin, siteId } = await setUpFinance(t, RECEIPTS_CHART)
    // Each fund's cash over/short account, where a count's difference is posted.
    const overShort = { '01': '01-0000-0-0000-0000-8699-000', '13': '13-0000-0-0000-0000-8699-000' }
    const listed = Object.values(overShort).map((account) => `ACCOUNT,${account},,true`)
    expect((await importChart(t, admin, `segment,value,name,active\n${listed.join('\n')}\n`, true)).statusCode).toBe(200)
    const posting = await sys.a.request({
      method: 'PUT',
      url: '/api/finance/settings/posting-accounts',
      token: admin,
      payload: { cashAccounts: CASH_ACCOUNTS, clearingAccounts: {}, overShortAccounts: overShort, accrualAccounts: {} },
    })
    expect(posting.statusCode, posting.body).toBe(200)
    // Every person's duties hold at every site, so that each run can have a site of its own.
    const holders = await dutyHolders(t, 'PAYMENT_RECEIPTS', [null])
    // Random sets of duties, drawn once: nobody holds COLLECTOR and COUNTER at one site, which the platform refuses.
    const sets = fc.sample(
      fc.subarray([...DUTIES], { minLength: 1 }).filter((duties) => !(duties.includes('COLLECTOR') && duties.includes('COUNTER'))),
      { numRuns: PEOPLE, seed: 34 },
    )
    // One holder of each duty alone, so that every step has someone who may take it; the others hold random sets.
    DUTIES.forEach((duty, index) => (sets[index] = [duty]))
    const people: Real['people'] = []
    for (const duties of sets) people.push({ ...(await holders.person([...duties])), duties: [...duties] })
    real = { sys, admin, siteId, people, journalFrom: '2026-03-02' }
    addRunSite = async (run: number) => {
      real.siteId = await addSite(t, admin, { code: `M${run}`, name: `Model site ${run}` })
    }
  })
  afterAll(() => real?.sys.close())

  it('separation, the blind count, exact totals, gapless numbers, a balanced journal at the counted amount and the audit chain', async () => {
    const who = person(PEOPLE)
    // Mostly a holder of the step's duty, sometimes anyone: the steps move on, and the refusals are tried too.
    const holderOf = (duty: (typeof DUTIES)[number]) => {
      const holders = real.people.flatMap((someone, index) => (someone.duties.includes(duty) ? [index] : []))
      return holders.length === 0 ? who : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...holders) }, { weight: 1, arbitrary: who })
    }
    const issue = fc
      .tuple(holderOf('COLLECTOR'), instance, cents, fc.boolean(), fc.boolean())
      .map(([by, on, amount, check, split]) => new Issue(by, on, amount, check, split))
    const later = (step: Later, duty: (typeof DUTIES)[number]) =>
      fc.tuple(holderOf(duty), instance, fc.nat({ max: 4 })).map(([by, on, deposit]) => new Step(by, on, step, deposit))
    const commands = [
      issue,
      issue,
      fc
        .tuple(holderOf('COLLECTOR'), instance, fc.uniqueArray(fc.nat({ max: 9 }), { minLength: 1, maxLength: 3 }))
        .map(([by, on, picks]) => new Gather(by, on, picks)),
      fc
        .tuple(holderOf('COUNTER'), instance, fc.nat({ max: 4 }), fc.constantFrom(0, 0, 500, -100))
        .map(([by, on, deposit, short]) => new Count(by, on, deposit, short)),
      later('approve', 'APPROVER'),
      later('submit', 'APPROVER'),
      later('confirm', 'RECONCILER'),
      later('reconcile', 'RECONCILER'),
      ...[1, 2, 3].map(() => fc.tuple(fc.nat(), instance, fc.nat({ max: 4 })).map(([seed, on, deposit]) => new Advance(seed, on, deposit))),
      fc
        .tuple(who, instance, fc.constantFrom<'void' | 'returned-check'>('void', 'returned-check'), fc.nat({ max: 9 }))
        .map(([by, on, kind, receipt]) => new Correct(by, on, kind, receipt)),
      fc
        .tuple(
          fc.constantFrom('void-count', 'void-gather', 'count-count', 'approve-approve') as fc.Arbitrary<Race['kind']>,
          who,
          who,
          fc.nat({ max: 9 }),
          fc.nat({ max: 4 }),
        )
        .map(([kind, first, second, receipt, deposit]) => new Race(kind, first, second, receipt, deposit)),
    ]
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (sequence) => {
        // A site of its own for each sequence, so that what one sequence left behind cannot decide the next.
        await addRunSite(++run)
        await fc.asyncModelRun(() => ({ model: { receipts: [], deposits: [] }, real }), sequence)
        await checkJournal(real)
        const verified = await real.sys.a.request({ method: 'GET', url: '/api/audit/verify', token: real.admin })
        expect(verified.statusCode).toBe(200)
        expect(verified.json()).toMatchObject({ ok: true })
      }),
      { numRuns: dialect === 'postgres' ? 15 : 30 },
    )
    // The runs went somewhere: deposits were counted and moved on.
    const states = await real.sys.a.db.kysely.selectFrom('receipt_deposits').select('state').execute()
    expect(states.filter((row) => row.state !== 'OPEN').length).toBeGreaterThan(0)
  }, 600_000)

  it('hold on a known path to the treasury and back: a count short with its note, each step by its holder, a returned check', async () => {
    await addRunSite(0)
    // People 0-3 hold COLLECTOR, COUNTER, APPROVER and RECONCILER alone.
    const path: Array<fc.AsyncCommand<Model, Real>> = [
      new Issue(0, 'a', 250_301, false, true),
      new Issue(0, 'b', 120_007, true, false),
      new Gather(0, 'a', [0, 1]),
      new Count(1, 'b', 0, 500),
      ...[0, 0, 0, 0].map((seed, index) => new Advance(seed, index % 2 === 0 ? 'a' : 'b', 0)),
      new Correct(3, 'a', 'returned-check', 1),
    ]
    await fc.asyncModelRun(() => ({ model: { receipts: [], deposits: [] }, real }), path)
    const deposit = await real.sys.a.db.kysely
      .selectFrom('receipt_deposits')
      .select(['state', 'over_short_cents'])
      .where('site_id', '=', real.siteId)
      .executeTakeFirstOrThrow()
    expect(deposit).toEqual({ state: 'RECONCILED', over_short_cents: -500 })
    await checkJournal(real)
  })
})
