import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite } from '../../../test/finance.js'
import { CAFETERIA, GENERAL, type ReceiptsPerson, cashFor, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

type Action =
  | { kind: 'issue'; by: number; cents: number; split: boolean }
  | { kind: 'gather'; by: number; pick: number[] }
  | { kind: 'count'; by: number; deposit: number; shortCents: number }
  | { kind: 'approve' | 'submit' | 'confirm' | 'reconcile'; by: number; deposit: number }
  | { kind: 'void' | 'return'; by: number; receipt: number }

const person = fc.nat({ max: 6 })
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('issue' as const),
      by: person,
      cents: fc.integer({ min: 1, max: 50_000 }),
      split: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('gather' as const),
      by: person,
      pick: fc.uniqueArray(fc.nat({ max: 11 }), { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      by: person,
      deposit: fc.nat({ max: 3 }),
      shortCents: fc.constantFrom(0, 0, 500, -100),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('approve' as const, 'submit' as const, 'confirm' as const, 'reconcile' as const),
      by: person,
      deposit: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('void' as const, 'return' as const), by: person, receipt: fc.nat({ max: 11 }) }),
  },
)

describe.each(testDialects())('random sequences of actions keep the invariants (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let people: ReceiptsPerson[]
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    // Duties everywhere, with deliberate overlaps so that conflicting people try every step.
    people = [
      await setup.person(['COLLECTOR'], [null]),
      await setup.person(['COLLECTOR'], [null]),
      await setup.person(['COUNTER'], [null]),
      await setup.person(['COLLECTOR', 'APPROVER'], [null]),
      await setup.person(['APPROVER', 'RECONCILER'], [null]),
      await setup.person(['RECONCILER'], [null]),
      await setup.person(['COLLECTOR', 'COUNTER', 'APPROVER', 'RECONCILER'], [null]),
    ]
  })
  afterAll(() => t.close())

  it('each receipt in at most one deposit, totals equal their lines, no step by a conflicting person, numbers gapless', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 24 }), async (actions) => {
        run += 1
        const siteId = await addSite(t, setup.admin, { code: `P${run}`, name: `Property site ${run}` })
        const receipts: number[] = []
        const deposits: number[] = []
        for (const next of actions) {
          const token = people[next.by]!.token
          let answer
          if (next.kind === 'issue') {
            const lines =
              next.split && next.cents > 1
                ? [
                    { account: GENERAL, amountCents: next.cents - 1 },
                    { account: CAFETERIA, amountCents: 1 },
                  ]
                : [{ account: GENERAL, amountCents: next.cents }]
            const tender = next.cents % 2 === 0 ? { tender: 'CHECK', checkNumber: String(next.cents) } : { tender: 'CASH' }
            answer = await t.request({
              method: 'POST',
              url: '/api/receipts',
              token,
              payload: { siteId, payer: 'Random payer', purpose: 'Property test', amountCents: next.cents, lines, ...tender },
            })
            if (answer.statusCode === 201) receipts.push(answer.json().data.id)
          } else if (next.kind === 'gather') {
            const ids = [
              ...new Set(
                next.pick.map((index) => receipts[index % Math.max(1, receipts.length)]).filter((id): id is number => id !== undefined),
              ),
            ]
            if (ids.length === 0) continue
            answer = await t.request({ method: 'POST', url: '/api/deposits', token, payload: { siteId, receiptIds: ids } })
            if (answer.statusCode === 201) deposits.push(answer.json().data.id)
          } else if ('receipt' in next) {
            const id = receipts[next.receipt % Math.max(1, receipts.length)]
            if (id === undefined) continue
            answer = await t.request({
              method: 'POST',
              url: `/api/receipts/${id}/${next.kind === 'void' ? 'void' : 'returned-check'}`,
              token,
              payload: { reason: 'Property test reason' },
            })
          } else {
            const id = deposits[next.deposit % Math.max(1, deposits.length)]
            if (id === undefined) continue
            if (next.kind === 'count') {
              // What is really in the bag: read as an administrator (the counter never sees it).
              const inside = (await t.request({ method: 'GET', url: `/api/deposits/${id}`, token: setup.admin })).json().data
              const checks = inside.receipts
                .filter((receipt: { tender: string }) => receipt.tender !== 'CASH')
                .map((receipt: { id: number; amountCents: number }) => ({ receiptId: receipt.id, amountCents: receipt.amountCents }))
              const cash = Math.max(
                0,
                (inside.amountCents as number) -
                  checks.reduce((sum: number, check: { amountCents: number }) => sum + check.amountCents, 0) -
                  next.shortCents,
              )
              answer = await t.request({
                method: 'POST',
                url: `/api/deposits/${id}/count`,
                token,
                payload: {
                  cash: cashFor(cash),
                  checks,
                  bagNumber: 'P',
                  note: next.shortCents === 0 ? null : 'Difference found',
                  version: inside.version,
                },
              })
            } else {
              const payload =
                next.kind === 'confirm'
                  ? { treasuryReference: 'CT-P', confirmedOn: '2026-03-02' }
                  : next.kind === 'reconcile'
                    ? { statementReference: 'S-P' }
                    : undefined
              answer = await t.request({ method: 'POST', url: `/api/deposits/${id}/${next.kind}`, token, ...(payload ? { payload } : {}) })
            }
          }
          // Every refusal is a clear 4xx, never a server error.
          expect(answer.statusCode, answer.body).toBeLessThan(500)
        }
        await checkInvariants(siteId)
      }),
      {
        numRuns: dialect === 'postgres' ? 12 : 20,
        // One known path all the way to RECONCILED (with refusals on the way), beside the random ones.
        examples: [
          [
            [
              { kind: 'issue', by: 0, cents: 2501, split: true },
              { kind: 'issue', by: 1, cents: 1000, split: false },
              { kind: 'gather', by: 0, pick: [0, 1] },
              { kind: 'count', by: 0, deposit: 0, shortCents: 0 },
              { kind: 'count', by: 2, deposit: 0, shortCents: 500 },
              { kind: 'approve', by: 2, deposit: 0 },
              { kind: 'approve', by: 4, deposit: 0 },
              { kind: 'submit', by: 4, deposit: 0 },
              { kind: 'confirm', by: 5, deposit: 0 },
              { kind: 'return', by: 5, receipt: 1 },
              { kind: 'reconcile', by: 4, deposit: 0 },
              { kind: 'reconcile', by: 5, deposit: 0 },
              { kind: 'void', by: 3, receipt: 0 },
            ],
          ],
        ],
      },
    )
    // The runs went somewhere: deposits were counted and moved on, and refusals were audited.
    const advanced = await t.db.kysely.selectFrom('receipt_deposits').select('deposit_id').where('state', '<>', 'OPEN').execute()
    expect(advanced.length).toBeGreaterThan(0)
  })

  async function checkInvariants(siteId: number) {
    const k = t.db.kysely
    const rows = await k.selectFrom('receipts').selectAll().where('site_id', '=', siteId).orderBy('sequence').execute()
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1))
    for (const row of rows) {
      const lines = await k.selectFrom('receipt_lines').select('amount_cents').where('receipt_id', '=', row.receipt_id).execute()
      expect(lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(row.amount_cents)
      expect(row.state === 'DEPOSITED' || row.state === 'RETURNED').toBe(row.deposit_id !== null)
      if (row.state === 'VOIDED') expect(row.voided_by).not.toBe(row.collector_id)
    }
    for (const deposit of await k.selectFrom('receipt_deposits').selectAll().where('site_id', '=', siteId).execute()) {
      const inside = rows.filter((row) => row.deposit_id === deposit.deposit_id)
      expect(deposit.receipt_count).toBe(inside.length)
      // A deposit is never empty; a count that differs carries its note.
      expect(inside.length).toBeGreaterThan(0)
      if (deposit.over_short_cents !== null && deposit.over_short_cents !== 0) expect(deposit.count_note).toBeTruthy()
      expect(deposit.expected_cents).toBe(inside.reduce((sum, row) => sum + row.amount_cents, 0))
      if (deposit.counted_cents !== null) expect(deposit.over_short_cents).toBe(deposit.counted_cents - deposit.expected_cents)
      // Whoever gathered the deposit stands with its collectors.
      const collectors = new Set([...inside.map((row) => row.collector_id), deposit.created_by])
      if (deposit.counted_by !== null) expect(collectors.has(deposit.counted_by)).toBe(false)
      if (deposit.approved_by !== null) expect([...collectors, deposit.counted_by]).not.toContain(deposit.approved_by)
      if (deposit.confirmed_by !== null) expect([...collectors, deposit.counted_by]).not.toContain(deposit.confirmed_by)
      if (deposit.reconciled_by !== null)
        expect([...collectors, deposit.counted_by, deposit.approved_by]).not.toContain(deposit.reconciled_by)
    }
  }
})
