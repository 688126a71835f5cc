import { sql } from 'kysely'
import type { Db } from '../../db/database.js'

const JOURNALED = ['CONFIRMED', 'RECONCILED']
const fundOf = sql<string>`substr(l.account, 1, 2)`

/**
 * What the ERP journal reads: confirmed deposits with what was counted, their receipts' lines, and the returned checks
 * recorded in a stretch of time. Labels come from what was stored when the numbers were issued (the deposit's
 * `site_code`, the receipt's `number`), never from the site as it is now. SQL only.
 */
export function createReceiptsJournalRepository(db: Db) {
  const k = db.kysely
  const inRange = (from: string, to: string) =>
    k
      .selectFrom('receipt_deposits as d')
      .where('d.state', 'in', JOURNALED)
      .where('d.confirmed_on', '>=', from)
      .where('d.confirmed_on', '<=', to)

  return {
    /** The confirmed (or reconciled) deposits of a date range, in order, with about how many receipts each holds. */
    deposits: (from: string, to: string) =>
      inRange(from, to)
        .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
        .select((eb) => [
          'd.deposit_id',
          'd.fiscal_year',
          // Deposits gathered before migration 0035 were given their site's code then; the coalesce is for none but a
          // deposit gathered by an older instance still running beside a new one.
          eb.fn.coalesce('d.site_code', 's.code').as('site_code'),
          'd.confirmed_on',
          'd.treasury_reference',
          'd.receipt_count',
          'd.counted_cents',
        ])
        .orderBy('d.deposit_id')
        .execute(),

    /** The receipt lines of some deposits (through the deposit index), by deposit, receipt and line. */
    linesOf: (depositIds: number[]) =>
      k
        .selectFrom('receipts as r')
        .innerJoin('receipt_lines as l', 'l.receipt_id', 'r.receipt_id')
        .select(['r.deposit_id', 'r.receipt_id', 'r.number', 'l.line_no', 'l.account', 'l.amount_cents'])
        .where('r.deposit_id', 'in', depositIds)
        .where('r.state', 'in', ['DEPOSITED', 'RETURNED'])
        .orderBy('r.deposit_id')
        .orderBy('r.receipt_id')
        .orderBy('l.line_no')
        .execute(),

    /** The funds of the deposits' receipt lines in a date range (each needs a cash account before the export starts). */
    depositFunds: async (from: string, to: string) =>
      (
        await inRange(from, to)
          .innerJoin('receipts as r', 'r.deposit_id', 'd.deposit_id')
          .innerJoin('receipt_lines as l', 'l.receipt_id', 'r.receipt_id')
          .select(fundOf.as('fund'))
          .distinct()
          .where('r.state', 'in', ['DEPOSITED', 'RETURNED'])
          .execute()
      ).map((row) => row.fund),

    /**
     * For each deposit of a date range counted over or short, what its receipt lines hold per fund (summed in SQL as
     * integers: PostgreSQL answers a bigint sum as exact text).
     */
    overShortFunds: (from: string, to: string) =>
      inRange(from, to)
        .innerJoin('receipts as r', 'r.deposit_id', 'd.deposit_id')
        .innerJoin('receipt_lines as l', 'l.receipt_id', 'r.receipt_id')
        .select((eb) => ['d.deposit_id', fundOf.as('fund'), eb.fn.sum<string | number>('l.amount_cents').as('amount_cents')])
        .where('d.over_short_cents', '<>', 0)
        .where('r.state', 'in', ['DEPOSITED', 'RETURNED'])
        .groupBy(['d.deposit_id', fundOf])
        .execute(),

    /**
     * The lines of the returned checks recorded from one instant to before another (the caller keeps those of its
     * district days), with the receipt and deposit each reverses, in the order they were recorded.
     */
    returnedCheckLines: (fromInstant: string, beforeInstant: string) =>
      k
        .selectFrom('receipt_corrections as c')
        .innerJoin('receipt_correction_lines as cl', 'cl.correction_id', 'c.correction_id')
        .innerJoin('receipts as r', 'r.receipt_id', 'c.receipt_id')
        .innerJoin('receipt_deposits as d', 'd.deposit_id', 'r.deposit_id')
        .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
        .select((eb) => [
          'c.correction_id',
          'c.recorded_at',
          'r.number',
          'd.deposit_id',
          'd.fiscal_year',
          eb.fn.coalesce('d.site_code', 's.code').as('site_code'),
          'd.treasury_reference',
          'cl.line_no',
          'cl.account',
          'cl.amount_cents',
        ])
        .where('c.kind', '=', 'RETURNED_CHECK')
        .where('c.recorded_at', '>=', fromInstant)
        .where('c.recorded_at', '<', beforeInstant)
        .orderBy('c.recorded_at')
        .orderBy('c.correction_id')
        .orderBy('cl.line_no')
        .execute(),
  }
}
export type ReceiptsJournalRepository = ReturnType<typeof createReceiptsJournalRepository>
