import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Payment Receipts' ERP journal stored as issued: each deposit's entry is written when the treasury's
 * confirmation is recorded, each returned check's reversing entry when the check is recorded, and every download reads
 * these rows only, so a posting account changed later changes no entry already issued.
 *
 * Deposits confirmed before this migration get their entry here, as a download would have written it today (the rules
 * are copied below as they stand, since the application's may change later). A deposit whose fund lacks a cash account
 * (or, counted over or short, an over/short account) gets none: no download could write its entry, so none was ever
 * issued; the first download once the account is set writes it. Returned checks recorded before this migration are
 * left to that first download too: their entry is dated by the district's day, and the district's time zone is the
 * server's configuration, which a migration does not read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const money = postgres ? 'bigint' : 'integer'
  await db.schema
    .createTable('receipt_journal_lines')
    .addColumn('entry_kind', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('journal_date', 'text', (c) => c.notNull())
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('receipt_deposits.deposit_id'))
    .addColumn('deposit_label', 'text', (c) => c.notNull())
    .addColumn('treasury_reference', 'text', (c) => c.notNull())
    .addColumn('receipt_number', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('debit_cents', money, (c) => c.notNull())
    .addColumn('credit_cents', money, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_journal_lines_pk', ['entry_kind', 'entry_id', 'seq'])
    .execute()
  // The order every download reads in, page after page.
  await db.schema
    .createIndex('receipt_journal_lines_order')
    .on('receipt_journal_lines')
    .columns(['journal_date', 'entry_kind', 'entry_id', 'seq'])
    .execute()
  await fillIn(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipt_journal_lines').execute()
}

interface Accounts {
  cash: Record<string, string>
  overShort: Record<string, string>
}

interface DepositRow {
  deposit_id: number
  fiscal_year: string
  site_code: string
  confirmed_on: string
  treasury_reference: string | null
  counted_cents: number | string | null
}

interface LineRow {
  deposit_id: number
  number: string
  account: string
  amount_cents: number | string
}

const DEPOSITS_PER_READ = 200

/** The entries of deposits confirmed before this migration (exported so a test can run it again). */
export async function fillIn(db: Kysely<unknown>): Promise<void> {
  const stored = (
    await sql<{ setting_value: string }>`select setting_value from settings where setting_key = 'finance.posting_accounts'`.execute(db)
  ).rows[0]?.setting_value
  const parsed = stored ? (JSON.parse(stored) as { cashAccounts?: Record<string, string>; overShortAccounts?: Record<string, string> }) : {}
  const accounts: Accounts = { cash: parsed.cashAccounts ?? {}, overShort: parsed.overShortAccounts ?? {} }
  let after = 0
  for (;;) {
    const deposits = (
      await sql<DepositRow>`
        select d.deposit_id, d.fiscal_year, coalesce(d.site_code, s.code) as site_code, d.confirmed_on, d.treasury_reference,
          d.counted_cents
        from receipt_deposits d inner join finance_sites s on s.site_id = d.site_id
        where d.state in ('CONFIRMED', 'RECONCILED') and d.deposit_id > ${after}
          and not exists (select 1 from receipt_journal_lines j where j.entry_kind = 'DEPOSIT' and j.entry_id = d.deposit_id)
        order by d.deposit_id
        limit ${DEPOSITS_PER_READ}`.execute(db)
    ).rows
    if (deposits.length === 0) return
    after = deposits[deposits.length - 1]!.deposit_id
    const lines = (
      await sql<LineRow>`
        select r.deposit_id, r.number, l.account, l.amount_cents
        from receipts r inner join receipt_lines l on l.receipt_id = r.receipt_id
        where r.deposit_id in (${sql.join(deposits.map((deposit) => deposit.deposit_id))}) and r.state in ('DEPOSITED', 'RETURNED')
        order by r.deposit_id, r.receipt_id, l.line_no`.execute(db)
    ).rows
    const rows = deposits.flatMap((deposit) =>
      entryOf(
        deposit,
        lines.filter((line) => line.deposit_id === deposit.deposit_id),
        accounts,
      ),
    )
    for (let at = 0; at < rows.length; at += 500) {
      await db
        .insertInto('receipt_journal_lines' as never)
        .values(rows.slice(at, at + 500) as never)
        .execute()
    }
  }
}

const fundOf = (account: string) => account.slice(0, 2)
const labelOf = (deposit: DepositRow) => `${deposit.site_code}-${deposit.fiscal_year}-D${String(deposit.deposit_id).padStart(4, '0')}`
const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/**
 * One deposit's entry as the journal wrote it when this migration was written: a credit per receipt line, a cash debit
 * per fund (at what was counted: the over/short moved into the cash of the fund with the largest debit, the lowest
 * fund code among equals), and the over/short to that fund's over/short account. None when an account is missing.
 */
function entryOf(deposit: DepositRow, lines: LineRow[], accounts: Accounts) {
  const label = labelOf(deposit)
  const common = {
    entry_kind: 'DEPOSIT',
    entry_id: deposit.deposit_id,
    journal_date: deposit.confirmed_on ?? '',
    deposit_id: deposit.deposit_id,
    deposit_label: label,
    treasury_reference: deposit.treasury_reference ?? '',
  }
  const rows: Array<Record<string, unknown>> = []
  const byFund = new Map<string, number>()
  let expected = 0
  for (const line of lines) {
    const amount = Number(line.amount_cents)
    const fund = fundOf(line.account)
    if (!accounts.cash[fund]) return []
    byFund.set(fund, (byFund.get(fund) ?? 0) + amount)
    expected += amount
    rows.push({
      ...common,
      seq: rows.length + 1,
      receipt_number: line.number,
      account: line.account,
      debit_cents: 0,
      credit_cents: amount,
      description: `Receipt ${line.number}`,
    })
  }
  if (byFund.size === 0) return []
  const overShort = (deposit.counted_cents === null ? expected : Number(deposit.counted_cents)) - expected
  let absorbing: string | undefined
  if (overShort !== 0) {
    for (const [fund, amount] of byFund) {
      const best = absorbing === undefined ? undefined : byFund.get(absorbing)!
      if (best === undefined || amount > best || (amount === best && fund < absorbing!)) absorbing = fund
    }
    if (!accounts.overShort[absorbing!]) return []
  }
  const signed = (amount: number) => (amount < 0 ? { debit_cents: 0, credit_cents: -amount } : { debit_cents: amount, credit_cents: 0 })
  for (const [fund, amount] of [...byFund].sort()) {
    rows.push({
      ...common,
      seq: rows.length + 1,
      receipt_number: '',
      account: accounts.cash[fund],
      ...signed(fund === absorbing ? amount + overShort : amount),
      description: `Deposit ${label} cash, fund ${fund}`,
    })
  }
  if (absorbing !== undefined) {
    rows.push({
      ...common,
      seq: rows.length + 1,
      receipt_number: '',
      account: accounts.overShort[absorbing],
      ...signed(-overShort),
      description: `Deposit ${label} counted ${overShort < 0 ? 'short' : 'over'} ${dollars(Math.abs(overShort))}, fund ${absorbing}`,
    })
  }
  return rows
}
