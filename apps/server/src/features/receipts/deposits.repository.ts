import type { Updateable } from 'kysely'
import type { Db, Executor, WrittenAlong } from '../../db/database.js'
import { stepTransaction } from '../../db/step-transaction.js'
import type { ReceiptDepositsTable } from '../../db/schema.js'
import type { SiteScope } from './receipts.repository.js'

const SUMMARY = [
  'd.deposit_id',
  'd.site_id',
  's.code as site_code',
  'd.fiscal_year',
  'd.state',
  'd.expected_cents',
  'd.receipt_count',
  'd.created_by',
  'c.full_name as created_by_name',
  'd.created_at',
  'd.counted_cents',
  'd.over_short_cents',
  'd.confirmed_on',
] as const

/** Deposits and their counts. SQL only. */
export function createDepositsRepository(db: Db) {
  const k = db.kysely
  const base = () =>
    k
      .selectFrom('receipt_deposits as d')
      .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
      .innerJoin('users as c', 'c.user_id', 'd.created_by')

  return {
    /**
     * Opens a deposit and moves its receipts into it in one transaction: the new deposit's row first, then the receipts
     * in the order of their ids (every writer locks in that order), each only while still ISSUED at the site, so a
     * receipt gathered or voided meanwhile rolls the whole deposit back. The expected total is summed in SQL from the
     * receipts actually moved, never from what was read before.
     */
    gather: (
      input: { siteId: number; fiscalYear: string; receiptIds: number[]; createdBy: number; at: string },
      along: WrittenAlong<{ depositId: number; expectedCents: number }>,
    ) =>
      stepTransaction(db, async (trx) => {
        const { deposit_id: id } = await trx
          .insertInto('receipt_deposits')
          .values({
            site_id: input.siteId,
            // The code the deposit is labelled with, kept as it was (migration 0035): the journal reads it, not the site's.
            // Read under the site's lock, as issuing reads it (PostgreSQL: a share lock; SQLite: this first write's lock),
            // so a change of the code waits for the deposit, and the deposit for the change.
            site_code: (eb) => {
              const code = eb.selectFrom('finance_sites').select('code').where('site_id', '=', input.siteId)
              return db.dialect === 'postgres' ? code.forShare() : code
            },
            fiscal_year: input.fiscalYear,
            state: 'OPEN',
            expected_cents: 0,
            receipt_count: 0,
            created_by: input.createdBy,
            created_at: input.at,
          })
          .returning('deposit_id')
          .executeTakeFirstOrThrow()
        const ids = [...input.receiptIds].sort((a, b) => a - b)
        let moved = 0
        for (let i = 0; i < ids.length; i += 500) {
          const result = await trx
            .updateTable('receipts')
            .set({ state: 'DEPOSITED', deposit_id: id })
            .where('receipt_id', 'in', ids.slice(i, i + 500))
            .where('site_id', '=', input.siteId)
            .where('state', '=', 'ISSUED')
            .executeTakeFirst()
          moved += Number(result.numUpdatedRows)
        }
        if (moved !== ids.length) throw new GatherConflict()
        const totals = await trx
          .updateTable('receipt_deposits')
          .set((eb) => ({
            expected_cents: eb
              .selectFrom('receipts')
              .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('amount_cents'), inner.lit(0)).as('total'))
              .where('deposit_id', '=', id),
            receipt_count: moved,
          }))
          .where('deposit_id', '=', id)
          .returning('expected_cents')
          .executeTakeFirstOrThrow()
        await along(trx, { depositId: id, expectedCents: Number(totals.expected_cents) })
        return id
      }),

    findById: (id: number) =>
      base()
        .leftJoin('users as n', 'n.user_id', 'd.counted_by')
        .leftJoin('users as a', 'a.user_id', 'd.approved_by')
        .leftJoin('users as z', 'z.user_id', 'd.reconciled_by')
        .select([
          ...SUMMARY,
          'd.bag_number',
          'd.count_note',
          'd.counted_by',
          'n.full_name as counted_by_name',
          'd.approved_by',
          'a.full_name as approved_by_name',
          'd.submitted_at',
          'd.treasury_reference',
          'd.confirmed_by',
          'd.statement_reference',
          'd.reconciled_by',
          'z.full_name as reconciled_by_name',
          'd.version',
        ])
        .where('d.deposit_id', '=', id)
        .executeTakeFirst(),

    async list(scope: SiteScope, filters: { siteId?: number | undefined; state?: string | undefined }, limit: number, offset: number) {
      let query = base()
      if (!scope.all) query = query.where('d.site_id', 'in', scope.siteIds.length > 0 ? scope.siteIds : [-1])
      if (filters.siteId !== undefined) query = query.where('d.site_id', '=', filters.siteId)
      if (filters.state !== undefined) query = query.where('d.state', '=', filters.state)
      const rows = await query
        .select(SUMMARY)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.deposit_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    /** Deposits in some states at some sites, oldest first (My queue). */
    waiting: (states: string[], siteIds: number[] | null) => {
      let query = base().select(SUMMARY).where('d.state', 'in', states)
      if (siteIds !== null) query = query.where('d.site_id', 'in', siteIds.length > 0 ? siteIds : [-1])
      return query.orderBy('d.created_at').limit(200).execute()
    },

    /** Whoever collected a receipt now in the deposit; given a step's transaction, as that transaction sees it. */
    collectorsOf: async (id: number, executor: Executor = k) =>
      (await executor.selectFrom('receipts').select('collector_id').distinct().where('deposit_id', '=', id).execute()).map(
        (row) => row.collector_id,
      ),

    counts: (id: number) =>
      k
        .selectFrom('receipt_deposit_counts as c')
        .leftJoin('receipts as r', 'r.receipt_id', 'c.receipt_id')
        .select(['c.denomination_cents', 'c.piece_count', 'c.receipt_id', 'r.number', 'c.amount_cents'])
        .where('c.deposit_id', '=', id)
        .execute(),

    /**
     * Saves the blind count, only while the deposit is still OPEN at the version the counter's screen was built from:
     * the conditional update locks the deposit's row, and a void or another count since moved its version on. The
     * over/short is worked out in the same statement from the expected total it was counted against. Null when the
     * deposit moved on (the caller says how).
     */
    saveCount: (
      id: number,
      count: {
        version: number
        cash: Array<{ denominationCents: number; count: number }>
        checks: Array<{ receiptId: number; amountCents: number }>
        countedCents: number
        bagNumber: string
        note: string | null
        countedBy: number
        at: string
      },
      along: WrittenAlong<{ expectedCents: number; overShortCents: number }>,
    ) =>
      stepTransaction(db, async (trx) => {
        const saved = await trx
          .updateTable('receipt_deposits')
          .set((eb) => ({
            state: 'COUNTED',
            counted_cents: count.countedCents,
            over_short_cents: eb(eb.val(count.countedCents), '-', eb.ref('expected_cents')),
            bag_number: count.bagNumber,
            count_note: count.note,
            counted_by: count.countedBy,
            counted_at: count.at,
            version: eb('version', '+', 1),
          }))
          .where('deposit_id', '=', id)
          .where('state', '=', 'OPEN')
          .where('version', '=', count.version)
          .returning(['expected_cents', 'over_short_cents'])
          .executeTakeFirst()
        if (!saved) return null
        const rows = [
          ...count.cash
            .filter((line) => line.count > 0)
            .map((line) => ({
              deposit_id: id,
              denomination_cents: line.denominationCents,
              piece_count: line.count,
              receipt_id: null,
              amount_cents: line.denominationCents * line.count,
            })),
          ...count.checks.map((check) => ({
            deposit_id: id,
            denomination_cents: null,
            piece_count: null,
            receipt_id: check.receiptId,
            amount_cents: check.amountCents,
          })),
        ]
        if (rows.length > 0) await trx.insertInto('receipt_deposit_counts').values(rows).execute()
        const result = { expectedCents: Number(saved.expected_cents), overShortCents: Number(saved.over_short_cents) }
        await along(trx, result)
        return result
      }),

    /**
     * Moves a deposit one state on, only from the state expected: the conditional update locks its row, so of two
     * approvals (or any repeat) one moves it and the other changes nothing. Every change moves the version on.
     */
    advance: (id: number, from: string, to: string, changes: Updateable<ReceiptDepositsTable>, along: WrittenAlong): Promise<boolean> =>
      stepTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('receipt_deposits')
          .set((eb) => ({ ...changes, state: to, version: eb('version', '+', 1) }))
          .where('deposit_id', '=', id)
          .where('state', '=', from)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, undefined)
        return true
      }),

    overShorts: (scope: SiteScope, siteId: number | undefined) => {
      let query = base()
        .leftJoin('users as n', 'n.user_id', 'd.counted_by')
        .select([...SUMMARY, 'd.count_note', 'd.counted_at', 'n.full_name as counted_by_name'])
        .where('d.over_short_cents', '<>', 0)
      if (!scope.all) query = query.where('d.site_id', 'in', scope.siteIds.length > 0 ? scope.siteIds : [-1])
      if (siteId !== undefined) query = query.where('d.site_id', '=', siteId)
      return query.orderBy('d.counted_at', 'desc').execute()
    },
  }
}
export type DepositsRepository = ReturnType<typeof createDepositsRepository>
export type DepositRow = NonNullable<Awaited<ReturnType<DepositsRepository['findById']>>>

/** Thrown inside the gathering transaction to roll it back when a receipt moved meanwhile. */
export class GatherConflict extends Error {
  constructor() {
    super('a receipt was gathered, voided or moved by someone else meanwhile')
  }
}
