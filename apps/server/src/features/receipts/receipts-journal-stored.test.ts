import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { importChart } from '../../../test/finance.js'
import { CAFETERIA, GENERAL, issue, receiptBody, setUpReceipts, step, onePerDuty, type PeoplePerDuty } from '../../../test/receipts.js'
import { CASH_01, CASH_13, OVER_SHORT, confirmedDeposit, setOverShortAccount, submittedDeposit } from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'

/** Other accounts the district might move its posting to later: cash in the bank, another over/short line. */
const LATER = {
  cash01: '01-0000-0-0000-0000-9120-000',
  cash13: '13-0000-0-0000-0000-9120-000',
  overShort01: '01-0000-0-0000-1000-8699-000',
}

describe.each(testDialects())('receipts: the ERP journal stored as issued (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let people: PeoplePerDuty
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    people = await onePerDuty(setup)
  })
  afterEach(() => t.close())

  const download = async (from: string, to: string) => {
    const answer = await t.request({ method: 'GET', url: `/api/receipts/journal.csv?from=${from}&to=${to}`, token: setup.admin })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.body
  }

  const postTo = async (accounts: { cashAccounts: Record<string, string>; overShortAccounts: Record<string, string> }) => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/finance/settings/posting-accounts',
      token: setup.admin,
      payload: { ...accounts, clearingAccounts: {}, accrualAccounts: {} },
    })
    expect(saved.statusCode, saved.body).toBe(200)
  }

  const moveAccountsLater = async () => {
    const chart = `segment,value,name,active\nOBJECT,9120,Cash in Bank,true\n${Object.values(LATER)
      .map((account) => `ACCOUNT,${account},,true`)
      .join('\n')}\n`
    expect((await importChart(t, setup.admin, chart, true)).statusCode).toBe(200)
    await postTo({ cashAccounts: { '01': LATER.cash01, '13': LATER.cash13 }, overShortAccounts: { '01': LATER.overShort01 } })
  }

  const splitReceipt = (tender: 'CASH' | 'CHECK') =>
    issue(
      t,
      people.collector.token,
      receiptBody(setup.siteId, {
        tender,
        ...(tender === 'CHECK' ? { checkNumber: '1042' } : {}),
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    )

  it('downloads a confirmed deposit’s journal byte for byte the same after its cash and over/short accounts change', async () => {
    await setOverShortAccount(t, setup.admin)
    const receipt = await splitReceipt('CASH')
    // $100.50 collected, $95.50 counted: the general fund's cash takes the shortage.
    await confirmedDeposit(t, people, { siteId: setup.siteId, receiptIds: [receipt.id], cashCents: 9550, confirmedOn: '2026-03-02' })
    const issued = await download('2026-03-01', '2026-03-31')
    expect(issued).toContain(`,${CASH_01},95.00,0.00,`)
    expect(issued).toContain(`,${CASH_13},0.50,0.00,`)
    expect(issued).toContain(`,${OVER_SHORT},5.00,0.00,`)

    await moveAccountsLater()
    expect(await download('2026-03-01', '2026-03-31')).toBe(issued)
    expect(await download('2026-03-02', '2026-03-02')).toBe(issued)

    // A deposit confirmed now posts to the accounts of now, beside the first, which stays as it was.
    const later = await splitReceipt('CASH')
    await confirmedDeposit(t, people, { siteId: setup.siteId, receiptIds: [later.id], cashCents: 10050, confirmedOn: '2026-03-02' })
    const both = await download('2026-03-01', '2026-03-31')
    expect(both.startsWith(issued)).toBe(true)
    expect(both.slice(issued.length)).toContain(`,${LATER.cash01},100.00,0.00,`)
  })

  it('refuses a confirmation whose entry cannot be written, and nothing changes: state, version, parts, audit rows', async () => {
    const receipt = await splitReceipt('CASH')
    // Counted short, with no over/short account set for the general fund.
    const { id } = await submittedDeposit(t, people, { siteId: setup.siteId, receiptIds: [receipt.id], cashCents: 9550 })
    const before = await t.db.kysely
      .selectFrom('receipt_deposits')
      .select(['state', 'version'])
      .where('deposit_id', '=', id)
      .executeTakeFirst()
    const audited = async () =>
      (await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'receipts.deposit_confirmed').execute()).length
    const confirm = { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' }

    const short = await step(t, people.reconciler.token, id, 'confirm', confirm)
    expect(short.statusCode).toBe(422)
    expect(short.json()).toMatchObject({ code: 'over_short_account_missing' })
    expect(short.json().error).toBe(
      "Fund 01 has no cash over/short account in the district's posting accounts; add it under Finance settings before confirming this deposit.",
    )
    // Nor without the cafeteria fund's cash account.
    await postTo({ cashAccounts: { '01': CASH_01 }, overShortAccounts: {} })
    const noCash = await step(t, people.reconciler.token, id, 'confirm', confirm)
    expect(noCash.statusCode).toBe(422)
    expect(noCash.json()).toMatchObject({ code: 'cash_account_missing' })
    expect(noCash.json().error).toContain('Fund 13 has no cash account')

    expect(
      await t.db.kysely.selectFrom('receipt_deposits').select(['state', 'version']).where('deposit_id', '=', id).executeTakeFirst(),
    ).toEqual(before)
    expect(before).toMatchObject({ state: 'SUBMITTED' })
    expect(await audited()).toBe(0)
    const confirmedBy = await t.db.kysely
      .selectFrom('finance_participants')
      .select('user_id')
      .where('record_type', '=', 'deposit')
      .where('part', '=', 'confirmed')
      .execute()
    expect(confirmedBy).toEqual([])
    expect(await t.db.kysely.selectFrom('receipt_journal_lines').select('seq').execute()).toEqual([])

    await setOverShortAccount(t, setup.admin)
    expect((await step(t, people.reconciler.token, id, 'confirm', confirm)).statusCode).toBe(200)
    expect(await audited()).toBe(1)
  })

  it('stores a returned check’s reversing entry on its district day, which downloads the same after the accounts change', async () => {
    await setOverShortAccount(t, setup.admin)
    const check = await splitReceipt('CHECK')
    await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [check.id],
      cashCents: 0,
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      confirmedOn: '2026-03-02',
    })
    // 11:30 pm on March 10 in California, already March 11 in UTC.
    t.clock.set(new Date('2026-03-11T06:30:00.000Z'))
    const reconciler = await t.signIn(people.reconciler.email)
    setup.admin = await t.signIn('admin@example.org')
    const returned = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/returned-check`,
      token: reconciler,
      payload: { reason: 'Insufficient funds' },
    })
    expect(returned.statusCode, returned.body).toBe(200)
    const stored = await t.db.kysely
      .selectFrom('receipt_journal_lines')
      .select(['journal_date', 'account', 'debit_cents', 'credit_cents'])
      .where('entry_kind', '=', 'RETURNED_CHECK')
      .orderBy('seq')
      .execute()
    expect(stored.map((line) => [line.journal_date, line.account, Number(line.debit_cents), Number(line.credit_cents)])).toEqual([
      ['2026-03-10', GENERAL, 10000, 0],
      ['2026-03-10', CAFETERIA, 50, 0],
      ['2026-03-10', CASH_01, 0, 10000],
      ['2026-03-10', CASH_13, 0, 50],
    ])
    const day = await download('2026-03-10', '2026-03-10')
    const month = await download('2026-03-01', '2026-03-31')
    await moveAccountsLater()
    expect(await download('2026-03-10', '2026-03-10')).toBe(day)
    expect(await download('2026-03-01', '2026-03-31')).toBe(month)
    // On the month, the deposit's day comes first, then the reversing entry on its own day.
    expect(month.trimEnd().split('\n').at(-1)!.startsWith('2026-03-10,')).toBe(true)
  })

  it('refuses to record a returned check whose fund has no cash account, and nothing changes', async () => {
    const check = await splitReceipt('CHECK')
    await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [check.id],
      cashCents: 0,
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      confirmedOn: '2026-03-02',
    })
    await postTo({ cashAccounts: { '01': CASH_01 }, overShortAccounts: {} })
    const returned = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/returned-check`,
      token: people.reconciler.token,
      payload: { reason: 'Insufficient funds' },
    })
    expect(returned.statusCode).toBe(422)
    expect(returned.json().error).toBe(
      "Fund 13 has no cash account in the district's posting accounts; add it under Finance settings before recording this returned check.",
    )
    expect((await t.db.kysely.selectFrom('receipts').select('state').where('receipt_id', '=', check.id).executeTakeFirst())?.state).toBe(
      'DEPOSITED',
    )
    expect(await t.db.kysely.selectFrom('receipt_corrections').select('correction_id').execute()).toEqual([])
    expect(
      await t.db.kysely.selectFrom('receipt_journal_lines').select('seq').where('entry_kind', '=', 'RETURNED_CHECK').execute(),
    ).toEqual([])
  })
})
