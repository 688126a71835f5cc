import type { Insertable } from 'kysely'
import type { Db, Executor } from '../../db/database.js'
import type { ReceiptJournalLinesTable } from '../../db/schema.js'
import { ERP_LAYOUT_SETTING_KEY, erpLayoutOf } from '@platform/contracts/finance-erp-layout'
import { createSettingsRepository } from '../../db/settings.repository.js'

const JOURNALED = ['CONFIRMED', 'RECONCILED']
const IN_DEPOSIT = ['DEPOSITED', 'RETURNED']

export type StoredJournalLine = Insertable<ReceiptJournalLinesTable>
/** Where a download stands in the journal's order: date, kind of entry, entry, line. */
export type JournalCursor = [string, string, number, number]

/**
 * What a deposit's entry is written from, as the executor (a step's transaction) sees it: the deposit with what was
 * counted and its label's code as stored when it was gathered, and its receipts' lines in order.
 */
async function depositSource(executor: Executor, depositId: number) {
  const deposit = await executor
    .selectFrom('receipt_deposits as d')
    .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
    .select((eb) => [
      'd.deposit_id',
      'd.fiscal_year',
      // Deposits gathered before migration 0035 were given their site's code then; the coalesce is for none but a
      // deposit gathered by an older instance still running beside a new one.
      eb.fn.coalesce('d.site_code', 's.code').as('site_code'),
      'd.confirmed_on',
      'd.treasury_reference',
      'd.counted_cents',
    ])
    .where('d.deposit_id', '=', depositId)
    .executeTakeFirstOrThrow()
  const lines = await executor
    .selectFrom('receipts as r')
    .innerJoin('receipt_lines as l', 'l.receipt_id', 'r.receipt_id')
    .select(['r.number', 'l.account', 'l.amount_cents'])
    .where('r.deposit_id', '=', depositId)
    .where('r.state', 'in', IN_DEPOSIT)
    .orderBy('r.receipt_id')
    .orderBy('l.line_no')
    .execute()
  return { deposit, lines }
}

/** What a returned check's reversing entry is written from: the correction, the receipt and deposit it reverses, its lines. */
async function returnedCheckSource(executor: Executor, correctionId: number) {
  const check = await executor
    .selectFrom('receipt_corrections as c')
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
    ])
    .where('c.correction_id', '=', correctionId)
    .executeTakeFirstOrThrow()
  const lines = await executor
    .selectFrom('receipt_correction_lines')
    .select(['account', 'amount_cents'])
    .where('correction_id', '=', correctionId)
    .orderBy('line_no')
    .execute()
  return { check, lines }
}
export type DepositSource = Awaited<ReturnType<typeof depositSource>>
export type ReturnedCheckSource = Awaited<ReturnType<typeof returnedCheckSource>>

/** Stores an entry's lines; a line stored already (the same entry written by another download) stays as it was. */
async function store(executor: Executor, lines: StoredJournalLine[]) {
  for (let at = 0; at < lines.length; at += 500)
    await executor
      .insertInto('receipt_journal_lines')
      .values(lines.slice(at, at + 500))
      .onConflict((oc) => oc.columns(['entry_kind', 'entry_id', 'seq']).doNothing())
      .execute()
}

/** The journal's writes inside a step's own transaction (the confirmation, the returned check). SQL only. */
export const journalEntries = { depositSource, returnedCheckSource, store }

/**
 * The ERP journal as issued: the lines stored when each entry was written, read in pages in the journal's order, and
 * the entries a date range should hold that were never written (see migration 0038). SQL only.
 */
export function createReceiptsJournalRepository(db: Db) {
  const k = db.kysely
  return {
    /** A page of the stored lines of a date range, after `after` in the journal's order. */
    page: (range: { from: string; to: string }, after: JournalCursor | null, limit: number) => {
      // After the first page the cursor is the lower bound alone (it lies inside the range): given the range's start
      // beside it, SQLite without statistics started every page's scan at the range's start.
      let query = k.selectFrom('receipt_journal_lines').selectAll().where('journal_date', '<=', range.to)
      query = after
        ? query.where((eb) =>
            eb(eb.refTuple('journal_date', 'entry_kind', 'entry_id', 'seq'), '>', eb.tuple(after[0], after[1], after[2], after[3])),
          )
        : query.where('journal_date', '>=', range.from)
      return query.orderBy('journal_date').orderBy('entry_kind').orderBy('entry_id').orderBy('seq').limit(limit).execute()
    },

    /** The confirmed deposits of a date range whose entry was never written. */
    depositsNotWritten: async (range: { from: string; to: string }) =>
      (
        await k
          .selectFrom('receipt_deposits as d')
          .select('d.deposit_id')
          .where('d.state', 'in', JOURNALED)
          .where('d.confirmed_on', '>=', range.from)
          .where('d.confirmed_on', '<=', range.to)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('receipt_journal_lines as j')
                  .select('j.seq')
                  .where('j.entry_kind', '=', 'DEPOSIT')
                  .whereRef('j.entry_id', '=', 'd.deposit_id'),
              ),
            ),
          )
          .orderBy('d.deposit_id')
          .execute()
      ).map((row) => row.deposit_id),

    /** The returned checks recorded from one instant to before another whose reversing entry was never written. */
    returnedChecksNotWritten: (fromInstant: string, beforeInstant: string) =>
      k
        .selectFrom('receipt_corrections as c')
        .select(['c.correction_id', 'c.recorded_at'])
        .where('c.kind', '=', 'RETURNED_CHECK')
        .where('c.recorded_at', '>=', fromInstant)
        .where('c.recorded_at', '<', beforeInstant)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('receipt_journal_lines as j')
                .select('j.seq')
                .where('j.entry_kind', '=', 'RETURNED_CHECK')
                .whereRef('j.entry_id', '=', 'c.correction_id'),
            ),
          ),
        )
        .orderBy('c.correction_id')
        .execute(),

    depositSource: (depositId: number) => depositSource(k, depositId),
    returnedCheckSource: (correctionId: number) => returnedCheckSource(k, correctionId),
    /** Stores late entries in one transaction. */
    store: (lines: StoredJournalLine[]) => k.transaction().execute((trx) => store(trx, lines)),
    /** The district's ERP import layout, which says how the journal is written out. */
    erpLayout: async () => erpLayoutOf(await createSettingsRepository(db).get(ERP_LAYOUT_SETTING_KEY)),
  }
}
export type ReceiptsJournalRepository = ReturnType<typeof createReceiptsJournalRepository>
