import { MAX_RECORD_CENTS } from '@platform/contracts/finance-money'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { GENERAL, issue, receiptBody, setUpReceipts, step, onePerDuty, type PeoplePerDuty } from '../../../test/receipts.js'
import { amounts, confirmedDeposit, journal } from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'
import { exactCents } from './exact-cents.js'

describe('sums of cents read back from SQL', () => {
  it('are taken exactly, as text (PostgreSQL) or number (SQLite), and refused in words past what a number holds', () => {
    expect(exactCents('200000000001')).toBe(200_000_000_001)
    expect(exactCents(12)).toBe(12)
    expect(exactCents(null)).toBe(0)
    expect(() => exactCents('9007199254740993')).toThrow('larger than the platform can show exactly')
  })
})

describe.each(testDialects())('receipts: amounts up to the ceiling, exact totals, real dates in the window (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let people: PeoplePerDuty
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    people = await onePerDuty(setup)
  })
  afterEach(() => t.close())

  const bigCheck = (checkNumber: string) =>
    receiptBody(setup.siteId, {
      tender: 'CHECK',
      checkNumber,
      amountCents: MAX_RECORD_CENTS,
      lines: [{ account: GENERAL, amountCents: MAX_RECORD_CENTS }],
    })

  it('takes amounts from 1 cent to $1,000,000,000.00 and refuses more, on the receipt and on each line', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/receipts', token: people.collector.token, payload })
    for (const cents of [0, MAX_RECORD_CENTS + 1, Number.MAX_SAFE_INTEGER]) {
      const refused = await post(receiptBody(setup.siteId, { amountCents: cents, lines: [{ account: GENERAL, amountCents: cents }] }))
      expect(refused.statusCode).toBe(400)
    }
    const split = await post(
      receiptBody(setup.siteId, {
        amountCents: MAX_RECORD_CENTS,
        lines: [
          { account: GENERAL, amountCents: MAX_RECORD_CENTS + 1 },
          { account: GENERAL, amountCents: -1 },
        ],
      }),
    )
    expect(split.statusCode).toBe(400)
    expect((await post(receiptBody(setup.siteId, { amountCents: 1, lines: [{ account: GENERAL, amountCents: 1 }] }))).statusCode).toBe(201)
    expect((await post(bigCheck('1'))).statusCode).toBe(201)
    expect(await t.db.kysely.selectFrom('receipts').select('amount_cents').orderBy('receipt_id').execute()).toEqual([
      { amount_cents: 1 },
      { amount_cents: MAX_RECORD_CENTS },
    ])
  })

  it('keeps every total exact with several receipts at the ceiling: undeposited cash, the deposit, the deposits list and the journal', async () => {
    const receipts = [await issue(t, people.collector.token, bigCheck('1')), await issue(t, people.collector.token, bigCheck('2'))]
    receipts.push(
      await issue(t, people.collector.token, receiptBody(setup.siteId, { amountCents: 1, lines: [{ account: GENERAL, amountCents: 1 }] })),
    )
    const total = 2 * MAX_RECORD_CENTS + 1

    const undeposited = await t.request({ method: 'GET', url: '/api/receipts/undeposited', token: people.approver.token })
    expect(undeposited.statusCode).toBe(200)
    expect(undeposited.json().data).toMatchObject([{ receiptCount: 3, amountCents: total }])

    const { id } = await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: receipts.map((receipt) => receipt.id),
      cashCents: 1,
      checks: receipts.slice(0, 2).map((receipt) => ({ receiptId: receipt.id, amountCents: MAX_RECORD_CENTS })),
      confirmedOn: '2026-03-02',
    })
    const list = await t.request({ method: 'GET', url: '/api/deposits', token: people.approver.token })
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toMatchObject([{ id, amountCents: total, countedCents: total, overShortCents: 0 }])
    const detail = await t.request({ method: 'GET', url: `/api/deposits/${id}`, token: people.approver.token })
    expect(detail.json().data).toMatchObject({ amountCents: total, countedCents: total })

    const { answer, rows } = await journal(t, setup.admin, '2026-03-02', '2026-03-02')
    expect(answer.statusCode).toBe(200)
    expect(rows.find((row) => row[4] === '01-0000-0-0000-0000-9110-000')?.[5]).toBe('2000000000.01')
    const credits = rows.reduce((sum, row) => sum + BigInt(amounts(row).credit), 0n)
    const debits = rows.reduce((sum, row) => sum + BigInt(amounts(row).debit), 0n)
    expect([credits, debits]).toEqual([BigInt(total), BigInt(total)])
  })

  it('refuses a confirmation date that is not a real day, is in the future, or is before the earliest fiscal year', async () => {
    const receipt = await issue(t, people.collector.token, receiptBody(setup.siteId))
    const gathered = await t.request({
      method: 'POST',
      url: '/api/deposits',
      token: people.collector.token,
      payload: { siteId: setup.siteId, receiptIds: [receipt.id] },
    })
    const id = gathered.json().data.id as number
    const seen = (await t.request({ method: 'GET', url: `/api/deposits/${id}`, token: people.counter.token })).json().data
    const count = { cash: [{ denominationCents: 500, count: 5 }], checks: [], bagNumber: 'B-1', note: null, version: seen.version }
    expect((await step(t, people.counter.token, id, 'count', count)).statusCode).toBe(200)
    expect((await step(t, people.approver.token, id, 'approve')).statusCode).toBe(200)
    expect((await step(t, people.approver.token, id, 'submit')).statusCode).toBe(200)
    const confirm = (confirmedOn: string) => step(t, people.reconciler.token, id, 'confirm', { treasuryReference: 'CT-1', confirmedOn })

    const unreal = await confirm('2026-02-30')
    expect(unreal.statusCode).toBe(400)
    expect(unreal.json().error).toContain('confirmedOn')
    const future = await confirm('2026-03-03')
    expect(future.json()).toMatchObject({
      code: 'date_out_of_window',
      error: 'The confirmation date (confirmedOn) 2026-03-03 is in the future; enter a day up to today, 2026-03-02.',
    })
    const ancient = await confirm('1900-01-01')
    expect(ancient.json()).toMatchObject({ code: 'date_out_of_window' })
    expect(ancient.json().error).toContain('is before 2020-07-01, the first day of 2020-21')
    // Nothing moved: the deposit is still waiting for its confirmation, and takes a real one.
    expect((await confirm('2026-03-02')).json().data).toMatchObject({ state: 'CONFIRMED', confirmedOn: '2026-03-02' })
  })
})
