import type { TestApp } from './build-test-app.js'
import { importChart } from './finance.js'
import { type ReceiptsPerson, cashFor, step } from './receipts.js'

/** The general fund's cash over/short account of the books tests (district-wide All Other Local Revenue). */
export const OVER_SHORT = '01-0000-0-0000-0000-8699-000'
export const CASH_01 = '01-0000-0-0000-0000-9110-000'
export const CASH_13 = '13-0000-0-0000-0000-9110-000'

/** Lists the over/short account in the chart and sets it as the general fund's, with both funds' cash accounts. */
export async function setOverShortAccount(t: TestApp, admin: string) {
  const imported = await importChart(t, admin, `segment,value,name,active\nACCOUNT,${OVER_SHORT},,true\n`, true)
  if (imported.statusCode !== 200) throw new Error(`chart import answered ${imported.statusCode}: ${imported.body}`)
  const saved = await t.request({
    method: 'PUT',
    url: '/api/finance/settings/posting-accounts',
    token: admin,
    payload: {
      cashAccounts: { '01': CASH_01, '13': CASH_13 },
      clearingAccounts: {},
      overShortAccounts: { '01': OVER_SHORT },
      accrualAccounts: {},
    },
  })
  if (saved.statusCode !== 200) throw new Error(`posting accounts answered ${saved.statusCode}: ${saved.body}`)
}

type DepositPeople = { collector: ReceiptsPerson; counter: ReceiptsPerson; approver: ReceiptsPerson; reconciler: ReceiptsPerson }
type DepositInput = {
  siteId: number
  receiptIds: number[]
  cashCents: number
  checks?: Array<{ receiptId: number; amountCents: number }>
  confirmedOn: string
}

/**
 * Gathers receipts into a deposit and takes it to CONFIRMED: counted at `countedCents` in cash (the checks at their
 * amounts), approved, submitted and confirmed on `confirmedOn`. Answers the deposit's id and label.
 */
export async function confirmedDeposit(t: TestApp, people: DepositPeople, input: DepositInput) {
  const deposit = await submittedDeposit(t, people, input)
  const answer = await step(t, people.reconciler.token, deposit.id, 'confirm', {
    treasuryReference: `CT-${deposit.id}`,
    confirmedOn: input.confirmedOn,
  })
  if (answer.statusCode !== 200) throw new Error(`confirm answered ${answer.statusCode}: ${answer.body}`)
  return deposit
}

/** The same deposit taken to SUBMITTED only: the treasury's confirmation is left to the test. */
export async function submittedDeposit(t: TestApp, people: DepositPeople, input: Omit<DepositInput, 'confirmedOn'>) {
  const gathered = await t.request({
    method: 'POST',
    url: '/api/deposits',
    token: people.collector.token,
    payload: { siteId: input.siteId, receiptIds: input.receiptIds },
  })
  if (gathered.statusCode !== 201) throw new Error(`gathering answered ${gathered.statusCode}: ${gathered.body}`)
  const id = gathered.json().data.id as number
  const seen = (await t.request({ method: 'GET', url: `/api/deposits/${id}`, token: people.counter.token })).json().data
  const count = {
    cash: cashFor(input.cashCents),
    checks: input.checks ?? [],
    bagNumber: 'B-1',
    note: 'Counted as found',
    ...(seen.version === undefined ? {} : { version: seen.version }),
  }
  for (const [who, name, payload] of [
    [people.counter, 'count', count],
    [people.approver, 'approve', undefined],
    [people.approver, 'submit', undefined],
  ] as const) {
    const answer = await step(t, who.token, id, name, payload)
    if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}: ${answer.body}`)
  }
  return { id, label: gathered.json().data.label as string }
}

/** The journal of a date range as rows of cells (header left out), or the refusal. */
export async function journal(t: TestApp, token: string, from: string, to: string) {
  const answer = await t.request({ method: 'GET', url: `/api/receipts/journal.csv?from=${from}&to=${to}`, token })
  const rows =
    answer.statusCode === 200
      ? answer.body
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((row) => row.split(','))
      : []
  return { answer, rows }
}

/** A journal row's debit and credit in cents. */
export const amounts = (row: string[]) => ({ debit: Math.round(Number(row[5]) * 100), credit: Math.round(Number(row[6]) * 100) })
