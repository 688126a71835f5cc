import type { Updateable } from 'kysely'
import type { Db, WrittenAlong } from '../../db/database.js'
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
     * Opens a deposit and moves its receipts into it in one transaction. The receipts move only while still ISSUED,
     * so two collectors gathering the same receipt at once cannot both succeed: the second rolls back whole.
     */
    gather: (
      input: { siteId: number; fiscalYear: string; receiptIds: number[]; expectedCents: number; createdBy: number; at: string },
      along: WrittenAlong<number>,
    ) =>
      k.transaction().execute(async (trx) => {
        const { deposit_id: id } = await trx
          .insertInto('receipt_deposits')
          .values({
            site_id: input.siteId,
            // The code the deposit is labelled with, kept as it was (migration 0035): the journal reads it, not the site's.
            site_code: (eb) => eb.selectFrom('finance_sites').select('code').where('site_id', '=', input.siteId),
            fiscal_year: input.fiscalYear,
            state: 'OPEN',
            expected_cents: input.expectedCents,
            receipt_count: input.receiptIds.length,
            created_by: input.createdBy,
            created_at: input.at,
          })
          .returning('deposit_id')
          .executeTakeFirstOrThrow()
        let moved = 0
        for (let i = 0; i < input.receiptIds.length; i += 500) {
          const result = await trx
            .updateTable('receipts')
            .set({ state: 'DEPOSITED', deposit_id: id })
            .where('receipt_id', 'in', input.receiptIds.slice(i, i + 500))
            .where('site_id', '=', input.siteId)
            .where('state', '=', 'ISSUED')
            .executeTakeFirst()
          moved += Number(result.numUpdatedRows)
        }
        if (moved !== input.receiptIds.length) throw new GatherConflict()
        await along(trx, id)
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

    collectorsOf: async (id: number) =>
      (await k.selectFrom('receipts').select('collector_id').distinct().where('deposit_id', '=', id).execute()).map(
        (row) => row.collector_id,
      ),

    counts: (id: number) =>
      k
        .selectFrom('receipt_deposit_counts as c')
        .leftJoin('receipts as r', 'r.receipt_id', 'c.receipt_id')
        .select(['c.denomination_cents', 'c.piece_count', 'c.receipt_id', 'r.number', 'c.amount_cents'])
        .where('c.deposit_id', '=', id)
        .execute(),

    /** Saves the blind count while the deposit is still OPEN; false when someone else counted it first. */
    saveCount: (
      id: number,
      count: {
        cash: Array<{ denominationCents: number; count: number }>
        checks: Array<{ receiptId: number; amountCents: number }>
        countedCents: number
        bagNumber: string
        note: string | null
        countedBy: number
        at: string
      },
      along: WrittenAlong<{ overShortCents: number }>,
    ) =>
      k.transaction().execute(async (trx) => {
        const deposit = await trx
          .selectFrom('receipt_deposits')
          .select('expected_cents')
          .where('deposit_id', '=', id)
          .where('state', '=', 'OPEN')
          .executeTakeFirst()
        if (!deposit) return null
        const overShort = count.countedCents - deposit.expected_cents
        const moved = await trx
          .updateTable('receipt_deposits')
          .set({
            state: 'COUNTED',
            counted_cents: count.countedCents,
            over_short_cents: overShort,
            bag_number: count.bagNumber,
            count_note: count.note,
            counted_by: count.countedBy,
            counted_at: count.at,
          })
          .where('deposit_id', '=', id)
          .where('state', '=', 'OPEN')
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) !== 1) return null
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
        await along(trx, { overShortCents: overShort })
        return { overShortCents: overShort, expectedCents: deposit.expected_cents }
      }),

    /** Moves a deposit one state on, only from the state expected: a second approval (or any repeat) changes nothing. */
    advance: (id: number, from: string, to: string, changes: Updateable<ReceiptDepositsTable>, along: WrittenAlong): Promise<boolean> =>
      k.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('receipt_deposits')
          .set({ ...changes, state: to })
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
