import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, issue, receiptBody, setUpReceipts, step, onePerDuty, type PeoplePerDuty } from '../../../test/receipts.js'
import {
  CASH_01,
  CASH_13,
  OVER_SHORT,
  amounts,
  confirmedDeposit,
  journal,
  setOverShortAccount,
  submittedDeposit,
} from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'

const sum = (rows: string[][]) =>
  rows.reduce((total, row) => ({ debit: total.debit + amounts(row).debit, credit: total.credit + amounts(row).credit }), {
    debit: 0,
    credit: 0,
  })

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return parts.join('\n').replace(/\s+/g, ' ')
}

describe.each(testDialects())('receipts: the ERP journal’s cash, over/short and returned checks (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let people: PeoplePerDuty
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    people = await onePerDuty(setup)
  })
  afterEach(() => t.close())

  it('debits cash at what was counted and posts a shortage to the over/short account; no confirmation until one is set', async () => {
    const first = await issue(t, people.collector.token, receiptBody(setup.siteId))
    const second = await issue(
      t,
      people.collector.token,
      receiptBody(setup.siteId, { amountCents: 1000, lines: [{ account: GENERAL, amountCents: 1000 }] }),
    )
    // $35.00 collected, $30.00 counted.
    const { id, label } = await submittedDeposit(t, people, { siteId: setup.siteId, receiptIds: [first.id, second.id], cashCents: 3000 })
    // Its entry could not be written: the deposit is not confirmed into the journal.
    const confirm = { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' }
    const refused = await step(t, people.reconciler.token, id, 'confirm', confirm)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'over_short_account_missing' })
    expect(refused.json().error).toContain('Fund 01 has no cash over/short account')

    await setOverShortAccount(t, setup.admin)
    expect((await step(t, people.reconciler.token, id, 'confirm', confirm)).statusCode).toBe(200)
    const { answer, rows } = await journal(t, setup.admin, '2026-03-01', '2026-03-31')
    expect(answer.statusCode).toBe(200)
    const cash = rows.filter((row) => row[4] === CASH_01)
    expect(cash.map(amounts)).toEqual([{ debit: 3000, credit: 0 }])
    const overShort = rows.filter((row) => row[4] === OVER_SHORT)
    expect(overShort.map(amounts)).toEqual([{ debit: 500, credit: 0 }])
    expect(overShort[0]!.slice(7).join(',')).toContain(`Deposit ${label} counted short 5.00`)
    expect(sum(rows)).toEqual({ debit: 3500, credit: 3500 })
  })

  it('refuses an over/short account outside the chart or in another fund', async () => {
    const put = (overShortAccounts: Record<string, string>) =>
      t.request({
        method: 'PUT',
        url: '/api/finance/settings/posting-accounts',
        token: setup.admin,
        payload: { cashAccounts: { '01': CASH_01 }, clearingAccounts: {}, overShortAccounts, accrualAccounts: {} },
      })
    const unknown = await put({ '01': '01-0000-0-0000-0000-5899-000' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toContain('overShortAccounts 01: The object value 5899 is not in the chart of accounts.')
    const otherFund = await put({ '01': CASH_13 })
    expect(otherFund.json().error).toContain('overShortAccounts 01: the account 13-0000-0-0000-0000-9110-000 is not in fund 01.')
    await setOverShortAccount(t, setup.admin)
    const settings = await t.request({ method: 'GET', url: '/api/finance/settings', token: setup.admin })
    expect(settings.json().postingAccounts.overShortAccounts).toEqual({ '01': OVER_SHORT })
  })

  it('reverses a returned check on the district day it was recorded, in that day’s journal only', async () => {
    await setOverShortAccount(t, setup.admin)
    const check = await issue(
      t,
      people.collector.token,
      receiptBody(setup.siteId, {
        tender: 'CHECK',
        checkNumber: '1042',
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    )
    const { label } = await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [check.id],
      cashCents: 0,
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      confirmedOn: '2026-03-02',
    })
    // 11:30 pm on March 10 in California (PDT), already March 11 in UTC.
    t.clock.set(new Date('2026-03-11T06:30:00.000Z'))
    const reconciler = await t.signIn(people.reconciler.email)
    const admin = await t.signIn('admin@example.org')
    const returned = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/returned-check`,
      token: reconciler,
      payload: { reason: 'Insufficient funds' },
    })
    expect(returned.statusCode).toBe(200)
    const correctionId = returned.json().data.correction.id as number

    const { rows } = await journal(t, admin, '2026-03-10', '2026-03-10')
    expect(rows.every((row) => row[0] === '2026-03-10' && row[1] === label && row[3] === check.number)).toBe(true)
    expect(rows.map((row) => [row[4], amounts(row)])).toEqual([
      [GENERAL, { debit: 10000, credit: 0 }],
      [CAFETERIA, { debit: 50, credit: 0 }],
      [CASH_01, { debit: 0, credit: 10000 }],
      [CASH_13, { debit: 0, credit: 50 }],
    ])
    expect(rows[0]!.slice(7).join(',')).toContain(`Returned check of receipt ${check.number} (returned-check record ${correctionId})`)
    expect((await journal(t, admin, '2026-03-11', '2026-03-11')).rows).toEqual([])
    // The deposit's own day still shows it as deposited; over the whole month the check nets to nothing.
    const month = await journal(t, admin, '2026-03-01', '2026-03-31')
    expect(sum(month.rows)).toEqual({ debit: 20100, credit: 20100 })
    const cashNet = month.rows.filter((row) => row[4] === CASH_01).reduce((net, row) => net + amounts(row).debit - amounts(row).credit, 0)
    expect(cashNet).toBe(0)
  })

  it('prints a voided receipt and a returned check as such: in the title and across the page, never as an official receipt', async () => {
    const pdf = async (id: number) => {
      const answer = await t.request({ method: 'GET', url: `/api/receipts/${id}/pdf`, token: people.collector.token })
      expect(answer.statusCode).toBe(200)
      return pdfText(answer.rawPayload)
    }
    const good = await issue(t, people.collector.token, receiptBody(setup.siteId))
    expect(await pdf(good.id)).toContain('Official receipt')

    const voided = await issue(t, people.collector.token, receiptBody(setup.siteId))
    const voiding = await t.request({
      method: 'POST',
      url: `/api/receipts/${voided.id}/void`,
      token: people.approver.token,
      payload: { reason: 'Keyed twice' },
    })
    expect(voiding.statusCode).toBe(200)
    const voidText = await pdf(voided.id)
    expect(voidText).toContain(`VOID — Receipt ${voided.number}`)
    expect(voidText).toContain('VOID: Keyed twice')
    expect(voidText).not.toContain('Official receipt')
    // The stamp across the page is a word of its own, beside the title's.
    expect(voidText.match(/VOID/g)!.length).toBeGreaterThanOrEqual(3)

    const check = await issue(t, people.collector.token, receiptBody(setup.siteId, { tender: 'CHECK', checkNumber: '77' }))
    await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [check.id],
      cashCents: 0,
      checks: [{ receiptId: check.id, amountCents: 2500 }],
      confirmedOn: '2026-03-02',
    })
    const returned = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/returned-check`,
      token: people.reconciler.token,
      payload: { reason: 'Account closed' },
    })
    expect(returned.statusCode).toBe(200)
    const returnedText = await pdf(check.id)
    expect(returnedText).toContain(`RETURNED CHECK — Receipt ${check.number}`)
    expect(returnedText).toContain('RETURNED CHECK: Account closed')
    expect(returnedText).not.toContain('Official receipt')
  })
})
