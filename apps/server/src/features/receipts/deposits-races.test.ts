import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { type ReceiptsPerson, cashFor, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'
import { type TwoInstances, raceTries, startTwoInstances } from '../../../test/two-instances.js'

/**
 * The steps of a deposit raced on two instances of the platform on one database, as two people at two screens behind a
 * load balancer: a void against a count, a void against a gather, two counts, two approvals. After every try the
 * deposit still adds up (its expected total is the sum of its receipts, its over/short the count less that total, with
 * a note when not zero), no deposit is empty, each loser was told in words (409 or 422), and nothing answered 500.
 */
describe.each(testDialects())('deposit steps raced on two instances (%s)', (dialect) => {
  const TRIES = raceTries(dialect)
  let two: TwoInstances
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  let counters: ReceiptsPerson[]
  let approvers: ReceiptsPerson[]

  beforeAll(async () => {
    two = await startTwoInstances({ dialect })
    // Two instances in one process: a connection waiting for SQLite's write lock holds the event loop the other needs to
    // finish its step, so a wait there can only end as busy. Each waits briefly, as for a writer in another process, and
    // the step's transaction is tried again (stepTransaction): the loser must still answer in words, never 500.
    if (dialect === 'sqlite') for (const instance of [two.a, two.b]) await sql`pragma busy_timeout = 20`.execute(instance.db.kysely)
    // The test helpers set up through one instance; the races go through both.
    const through = { request: two.a.request, signIn: two.signIn, createUser: two.createUser, db: two.a.db } as unknown as TestApp
    setup = await setUpReceipts(through)
    collector = await setup.person(['COLLECTOR'])
    counters = [await setup.person(['COUNTER']), await setup.person(['COUNTER'])]
    approvers = [await setup.person(['APPROVER']), await setup.person(['APPROVER'])]
  }, 120_000)
  afterAll(() => two?.close())

  const on = (which: 'a' | 'b', token: string, options: InjectOptions) => two[which].request({ ...options, token })
  const ok = (answer: LightMyRequestResponse, status = 200) => {
    expect(answer.statusCode, answer.body).toBe(status)
    return answer.json().data
  }
  const issue = async (cents: number, tender = 'CASH') =>
    ok(
      await on('a', collector.token, {
        method: 'POST',
        url: '/api/receipts',
        payload: receiptBody(setup.siteId, {
          amountCents: cents,
          tender,
          checkNumber: tender === 'CASH' ? null : '777',
          lines: [{ account: receiptBody(0).lines[0]!.account, amountCents: cents }],
        }),
      }),
      201,
    ) as { id: number }
  const gather = async (receiptIds: number[]) =>
    ok(await on('b', collector.token, { method: 'POST', url: '/api/deposits', payload: { siteId: setup.siteId, receiptIds } }), 201) as {
      id: number
      version: number
    }
  const voidOn = (which: 'a' | 'b', receiptId: number) =>
    on(which, approvers[0]!.token, { method: 'POST', url: `/api/receipts/${receiptId}/void`, payload: { reason: 'Raced void' } })
  const countOn = (
    which: 'a' | 'b',
    counter: ReceiptsPerson,
    depositId: number,
    cents: number,
    version: number,
    note: string | null = null,
  ) =>
    on(which, counter.token, {
      method: 'POST',
      url: `/api/deposits/${depositId}/count`,
      payload: { cash: cashFor(cents), checks: [], bagNumber: 'RACE', note, version },
    })

  /** The deposits and receipts as stored: every deposit adds up, none is empty, a difference has its note. */
  async function expectBooksHold() {
    const k = two.a.db.kysely
    const deposits = await k.selectFrom('receipt_deposits').selectAll().execute()
    const receipts = await k.selectFrom('receipts').select(['receipt_id', 'deposit_id', 'state', 'amount_cents']).execute()
    for (const deposit of deposits) {
      const inside = receipts.filter((row) => row.deposit_id === deposit.deposit_id)
      expect(inside.length, `deposit ${deposit.deposit_id} is empty`).toBeGreaterThan(0)
      expect(inside.every((row) => row.state === 'DEPOSITED')).toBe(true)
      expect(deposit.receipt_count).toBe(inside.length)
      expect(deposit.expected_cents).toBe(inside.reduce((sum, row) => sum + row.amount_cents, 0))
      if (deposit.counted_cents === null) continue
      expect(deposit.over_short_cents).toBe(deposit.counted_cents - deposit.expected_cents)
      if (deposit.over_short_cents !== 0) expect(deposit.count_note, `deposit ${deposit.deposit_id} differs without a note`).toBeTruthy()
    }
    for (const row of receipts) expect(row.state === 'VOIDED' || row.state === 'ISSUED').toBe(row.deposit_id === null)
  }

  const codes = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode).sort()

  it('a void sent as the deposit is counted: the count holds only against the total it was made for', { timeout: 600_000 }, async () => {
    const seen = new Set<string>()
    for (let index = 0; index < TRIES; index += 1) {
      const kept = await issue(2500)
      const raced = await issue(1000)
      const deposit = await gather([kept.id, raced.id])
      // The counter counts both (the bag held both when it was counted), sending the version the screen was built from.
      const counter = counters[index % 2]!
      const [voided, counted] = await Promise.all([
        voidOn(index % 2 === 0 ? 'a' : 'b', raced.id),
        countOn(index % 2 === 0 ? 'b' : 'a', counter, deposit.id, 3500, deposit.version),
      ])
      expect([voided.statusCode, counted.statusCode]).not.toContain(500)
      if (voided.statusCode === 200) {
        expect(counted.statusCode).toBe(409)
        expect(counted.json()).toMatchObject({ code: 'deposit_changed' })
        expect(counted.json().error).toContain('count again')
      } else {
        expect(counted.statusCode).toBe(200)
        expect(voided.statusCode).toBe(422)
        expect(voided.json()).toMatchObject({ code: 'deposit_counted' })
      }
      seen.add(`${voided.statusCode}/${counted.statusCode}`)
      await expectBooksHold()
    }
    // A count that lost is made again against what is in the deposit now.
    expect([...seen].every((pair) => ['200/409', '422/200'].includes(pair))).toBe(true)
  })

  it('a void sent as its receipt is gathered: one of them wins whole, and no deposit is left empty', { timeout: 600_000 }, async () => {
    for (let index = 0; index < TRIES; index += 1) {
      const alone = index % 2 === 0
      const first = await issue(1500)
      const raced = alone ? first : await issue(700)
      const ids = alone ? [first.id] : [first.id, raced.id]
      const [voided, gathered] = await Promise.all([
        voidOn(index % 4 < 2 ? 'a' : 'b', raced.id),
        on(index % 4 < 2 ? 'b' : 'a', collector.token, {
          method: 'POST',
          url: '/api/deposits',
          payload: { siteId: setup.siteId, receiptIds: ids },
        }),
      ])
      expect(codes([voided, gathered])).not.toContain(500)
      if (gathered.statusCode === 201) {
        // Voided before it was gathered is impossible here; after, only out of a deposit that keeps another receipt.
        expect([200, 409, 422]).toContain(voided.statusCode)
        if (voided.statusCode === 200) expect(alone).toBe(false)
        if (voided.statusCode === 422) expect(voided.json()).toMatchObject({ code: 'last_receipt' })
        if (voided.statusCode === 409) expect(voided.json()).toMatchObject({ code: 'receipt_changed' })
      } else {
        expect(voided.statusCode).toBe(200)
        expect([409, 422]).toContain(gathered.statusCode)
        expect(gathered.json()).toMatchObject({ code: 'receipt_not_available' })
      }
      await expectBooksHold()
    }
  })

  it('two counts of one deposit at once: one is saved, the other is told it was counted', { timeout: 600_000 }, async () => {
    for (let index = 0; index < TRIES; index += 1) {
      const one = await issue(1200)
      const deposit = await gather([one.id])
      // One counts it right, the other a dollar short with a note: whichever is saved, the deposit adds up.
      const answers = await Promise.all([
        countOn('a', counters[0]!, deposit.id, 1200, deposit.version),
        countOn('b', counters[1]!, deposit.id, 1100, deposit.version, 'A dollar short'),
      ])
      expect(codes(answers)).toEqual([200, 409])
      const lost = answers.find((answer) => answer.statusCode === 409)!
      expect(['already_done', 'deposit_changed']).toContain(lost.json().code)
      await expectBooksHold()
    }
  })

  it('two approvals of one deposit at once: one approves it, the other is told so', { timeout: 600_000 }, async () => {
    for (let index = 0; index < TRIES; index += 1) {
      const one = await issue(900)
      const deposit = await gather([one.id])
      ok(await countOn('a', counters[index % 2]!, deposit.id, 900, deposit.version))
      const answers = await Promise.all([
        on('a', approvers[0]!.token, { method: 'POST', url: `/api/deposits/${deposit.id}/approve` }),
        on('b', approvers[1]!.token, { method: 'POST', url: `/api/deposits/${deposit.id}/approve` }),
      ])
      expect(codes(answers)).toEqual([200, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ code: 'already_done' })
      // The one who approved is the deposit's only approver, in its row and among its participants.
      const winner = answers[0]!.statusCode === 200 ? approvers[0]! : approvers[1]!
      const row = await two.a.db.kysely
        .selectFrom('receipt_deposits')
        .select('approved_by')
        .where('deposit_id', '=', deposit.id)
        .executeTakeFirstOrThrow()
      expect(row.approved_by).toBe(winner.userId)
      const approvedParts = await two.a.db.kysely
        .selectFrom('finance_participants')
        .select('user_id')
        .where('record_type', '=', 'deposit')
        .where('record_id', '=', String(deposit.id))
        .where('part', '=', 'approved')
        .execute()
      expect(approvedParts).toEqual([{ user_id: winner.userId }])
    }
    await expectBooksHold()
    const verified = await two.a.request({ method: 'GET', url: '/api/audit/verify', token: setup.admin })
    expect(verified.json()).toMatchObject({ ok: true })
  })
})
