import type { Expression, ExpressionBuilder, SqlBool, Transaction } from 'kysely'
import type { Db, WrittenAlong } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import type { SiteScope } from '../../db/sql-fragments.js'
import { stepTransaction } from '../../db/step-transaction.js'

export type { SiteScope }

export interface ReceiptFilters {
  scope: SiteScope
  siteId?: number | undefined
  state?: string | undefined
  from?: string | undefined
  to?: string | undefined
  search?: string | undefined
  undeposited?: boolean | undefined
}

export interface NewReceipt {
  siteId: number
  fiscalYear: string
  payer: string
  tender: string
  checkNumber: string | null
  purpose: string
  amountCents: number
  collectorId: number
  issuedAt: string
  issuedOn: string
  lines: Array<{ account: string; amountCents: number }>
}

/** What issuing wrote that the caller could not know beforehand: the receipt's id and the number it was given. */
export interface IssuedReceipt {
  id: number
  number: string
}

const SUMMARY = [
  'r.receipt_id',
  'r.number',
  'r.site_id',
  's.code as site_code',
  'r.fiscal_year',
  'r.sequence',
  'r.state',
  'r.payer',
  'r.tender',
  'r.check_number',
  'r.purpose',
  'r.amount_cents',
  'r.issued_at',
  'r.issued_on',
  'r.collector_id',
  'u.full_name as collector_name',
  'r.deposit_id',
] as const

/** Takes the next number of a site's fiscal year inside the caller's transaction: the row lock (PostgreSQL) or the write lock (SQLite) queues every other issuer behind it until commit. */
async function nextSequence(trx: Transaction<Database>, siteId: number, fiscalYear: string): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const bumped = await trx
      .updateTable('receipt_counters')
      .set((eb) => ({ last_sequence: eb('last_sequence', '+', 1) }))
      .where('site_id', '=', siteId)
      .where('fiscal_year', '=', fiscalYear)
      .returning('last_sequence')
      .executeTakeFirst()
    if (bumped) return bumped.last_sequence
    await trx
      .insertInto('receipt_counters')
      .values({ site_id: siteId, fiscal_year: fiscalYear, last_sequence: 0 })
      .onConflict((oc) => oc.columns(['site_id', 'fiscal_year']).doNothing())
      .execute()
  }
  throw new Error(`the receipt counter of site ${siteId}, ${fiscalYear} could not be created`)
}

/**
 * The site's code and the next number, both read inside the issuing transaction while the site is held against a
 * change of its code. PostgreSQL: a share lock on the site's row first (issuers do not wait on each other; a site edit,
 * which locks the row first, waits for them, and they for it, reading the code it committed), then the counter's row
 * lock: the order every writer keeps (a deposit's gathering takes the same share lock). SQLite: the counter's change
 * takes the write lock, under which the code is read.
 */
async function numberUnderSiteLock(
  trx: Transaction<Database>,
  receipt: Pick<NewReceipt, 'siteId' | 'fiscalYear'>,
  dialect: Db['dialect'],
): Promise<{ sequence: number; siteCode: string }> {
  const code = trx.selectFrom('finance_sites').select('code').where('site_id', '=', receipt.siteId)
  if (dialect === 'postgres') {
    const { code: siteCode } = await code.forShare().executeTakeFirstOrThrow()
    return { siteCode, sequence: await nextSequence(trx, receipt.siteId, receipt.fiscalYear) }
  }
  const sequence = await nextSequence(trx, receipt.siteId, receipt.fiscalYear)
  return { sequence, siteCode: (await code.executeTakeFirstOrThrow()).code }
}

/** Receipts, their lines and corrections. SQL only. */
export function createReceiptsRepository(db: Db) {
  const k = db.kysely
  const summaries = () =>
    k
      .selectFrom('receipts as r')
      .innerJoin('finance_sites as s', 's.site_id', 'r.site_id')
      .innerJoin('users as u', 'u.user_id', 'r.collector_id')

  /** The filters as one condition on `r`, so the page (joined to its site and collector) and its count (not) share them. */
  const matching = (filters: ReceiptFilters) => (eb: ExpressionBuilder<Database & { r: Database['receipts'] }, 'r'>) => {
    const conditions: Expression<SqlBool>[] = []
    if (!filters.scope.all) conditions.push(eb('r.site_id', 'in', filters.scope.siteIds.length > 0 ? filters.scope.siteIds : [-1]))
    if (filters.siteId !== undefined) conditions.push(eb('r.site_id', '=', filters.siteId))
    if (filters.state !== undefined) conditions.push(eb('r.state', '=', filters.state))
    if (filters.from !== undefined) conditions.push(eb('r.issued_on', '>=', filters.from))
    if (filters.to !== undefined) conditions.push(eb('r.issued_on', '<=', filters.to))
    if (filters.undeposited) conditions.push(eb('r.state', '=', 'ISSUED'))
    if (filters.search) {
      const words = filters.search.replace(/[%_\\]/g, '')
      conditions.push(eb.or([eb('r.payer_search', 'like', `%${words.toLowerCase()}%`), eb('r.number', 'like', `%${words.toUpperCase()}%`)]))
    }
    return eb.and(conditions)
  }

  return {
    /** The chart's names of these segment values (the printed receipt names its accounts in words). */
    segmentNames: (values: string[]) =>
      values.length === 0
        ? Promise.resolve([])
        : k.selectFrom('finance_segment_values').select(['segment', 'value', 'name']).where('value', 'in', values).execute(),
    /** Numbers and stores a receipt with its lines, all in one transaction. */
    issue: (receipt: NewReceipt, along: WrittenAlong<IssuedReceipt>): Promise<IssuedReceipt> =>
      stepTransaction(db, async (trx) => {
        const { sequence, siteCode } = await numberUnderSiteLock(trx, receipt, db.dialect)
        const number = `${siteCode}-${receipt.fiscalYear}-${String(sequence).padStart(6, '0')}`
        const { receipt_id: id } = await trx
          .insertInto('receipts')
          .values({
            number,
            site_id: receipt.siteId,
            fiscal_year: receipt.fiscalYear,
            sequence,
            state: 'ISSUED',
            payer: receipt.payer,
            payer_search: receipt.payer.toLowerCase(),
            tender: receipt.tender,
            check_number: receipt.checkNumber,
            purpose: receipt.purpose,
            amount_cents: receipt.amountCents,
            collector_id: receipt.collectorId,
            issued_at: receipt.issuedAt,
            issued_on: receipt.issuedOn,
            deposit_id: null,
            void_reason: null,
            voided_by: null,
            voided_at: null,
          })
          .returning('receipt_id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('receipt_lines')
          .values(
            receipt.lines.map((line, index) => ({
              receipt_id: id,
              line_no: index + 1,
              account: line.account,
              amount_cents: line.amountCents,
            })),
          )
          .execute()
        await trx
          .insertInto('finance_participants')
          .values({
            app_code: 'PAYMENT_RECEIPTS',
            record_type: 'receipt',
            record_id: String(id),
            user_id: receipt.collectorId,
            part: 'collected',
            first_at: receipt.issuedAt,
          })
          .execute()
        await along(trx, { id, number })
        return { id, number }
      }),

    async list(filters: ReceiptFilters, limit: number, offset: number) {
      const rows = await summaries()
        .where(matching(filters))
        .select(SUMMARY)
        .orderBy('r.issued_at', 'desc')
        .orderBy('r.receipt_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      // Counted on the receipts alone: every receipt has its site and collector, and the joins only slowed the count.
      const { n } = await k
        .selectFrom('receipts as r')
        .where(matching(filters))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    findById: (id: number) =>
      summaries()
        .select([...SUMMARY, 'r.void_reason', 'r.voided_at', 'r.voided_by'])
        .where('r.receipt_id', '=', id)
        .executeTakeFirst(),
    findMany: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : summaries().select(SUMMARY).where('r.receipt_id', 'in', ids).orderBy('r.sequence').execute(),
    inDeposit: (depositId: number) => summaries().select(SUMMARY).where('r.deposit_id', '=', depositId).orderBy('r.sequence').execute(),

    lines: (id: number) =>
      k.selectFrom('receipt_lines').select(['account', 'amount_cents']).where('receipt_id', '=', id).orderBy('line_no').execute(),

    /**
     * Voids a receipt waiting for a deposit or in an open one, taking it out of that deposit in the same transaction.
     * Locks in the order every writer keeps: the deposit's row first (its expected total and count lowered, its version
     * moved on, only while it is OPEN and holds another receipt: a deposit is never empty), then the receipt's (only
     * while it is where it was read). What the caller read may be stale: the answer says what stopped the void.
     */
    voidReceipt: (
      id: number,
      change: { reason: string; voidedBy: number; at: string; depositId: number | null; amountCents: number },
      along: WrittenAlong,
    ): Promise<'voided' | 'changed' | 'deposit_not_open' | 'last_receipt'> =>
      stepTransaction(db, async (trx) => {
        if (change.depositId !== null) {
          const shrunk = await trx
            .updateTable('receipt_deposits')
            .set((eb) => ({
              expected_cents: eb('expected_cents', '-', change.amountCents),
              receipt_count: eb('receipt_count', '-', 1),
              version: eb('version', '+', 1),
            }))
            .where('deposit_id', '=', change.depositId)
            .where('state', '=', 'OPEN')
            .where('receipt_count', '>', 1)
            .executeTakeFirst()
          if (Number(shrunk.numUpdatedRows) !== 1) {
            const deposit = await trx
              .selectFrom('receipt_deposits')
              .select(['state', 'receipt_count'])
              .where('deposit_id', '=', change.depositId)
              .executeTakeFirst()
            return deposit?.state === 'OPEN' ? 'last_receipt' : 'deposit_not_open'
          }
        }
        const result = await trx
          .updateTable('receipts')
          .set({ state: 'VOIDED', deposit_id: null, void_reason: change.reason, voided_by: change.voidedBy, voided_at: change.at })
          .where('receipt_id', '=', id)
          .where('state', '=', change.depositId === null ? 'ISSUED' : 'DEPOSITED')
          .where((eb) => (change.depositId === null ? eb('deposit_id', 'is', null) : eb('deposit_id', '=', change.depositId)))
          .executeTakeFirst()
        // Moved meanwhile (gathered, voided, its deposit changed): undo the deposit's change with the rest.
        if (Number(result.numUpdatedRows) !== 1) throw new ReceiptMoved()
        await along(trx, undefined)
        return 'voided' as const
      }).catch((error: unknown) => {
        if (error instanceof ReceiptMoved) return 'changed' as const
        throw error
      }),

    /** Records a returned check: the receipt becomes RETURNED and a negative correction with its own accounts is stored. */
    recordReturn: (id: number, change: { reason: string; recordedBy: number; at: string }, along: WrittenAlong<{ correctionId: number }>) =>
      k.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('receipts')
          .set({ state: 'RETURNED' })
          .where('receipt_id', '=', id)
          .where('state', '=', 'DEPOSITED')
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) !== 1) return false
        const receipt = await trx.selectFrom('receipts').select('amount_cents').where('receipt_id', '=', id).executeTakeFirstOrThrow()
        const lines = await trx
          .selectFrom('receipt_lines')
          .select(['line_no', 'account', 'amount_cents'])
          .where('receipt_id', '=', id)
          .orderBy('line_no')
          .execute()
        const { correction_id: correctionId } = await trx
          .insertInto('receipt_corrections')
          .values({
            receipt_id: id,
            kind: 'RETURNED_CHECK',
            reason: change.reason,
            amount_cents: -receipt.amount_cents,
            recorded_by: change.recordedBy,
            recorded_at: change.at,
          })
          .returning('correction_id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('receipt_correction_lines')
          .values(
            lines.map((line) => ({
              correction_id: correctionId,
              line_no: line.line_no,
              account: line.account,
              amount_cents: -line.amount_cents,
            })),
          )
          .execute()
        await along(trx, { correctionId })
        return true
      }),

    async correctionOf(receiptId: number) {
      const row = await k
        .selectFrom('receipt_corrections as c')
        .innerJoin('users as u', 'u.user_id', 'c.recorded_by')
        .select([
          'c.correction_id',
          'c.kind',
          'c.reason',
          'c.amount_cents',
          'c.recorded_by',
          'u.full_name as recorded_by_name',
          'c.recorded_at',
        ])
        .where('c.receipt_id', '=', receiptId)
        .executeTakeFirst()
      if (!row) return null
      const lines = await k
        .selectFrom('receipt_correction_lines')
        .select(['account', 'amount_cents'])
        .where('correction_id', '=', row.correction_id)
        .orderBy('line_no')
        .execute()
      return { ...row, lines }
    },

    returnedChecks: (scope: SiteScope, siteId: number | undefined) => {
      let query = k
        .selectFrom('receipt_corrections as c')
        .innerJoin('receipts as r', 'r.receipt_id', 'c.receipt_id')
        .innerJoin('users as u', 'u.user_id', 'c.recorded_by')
        .select([
          'r.receipt_id',
          'r.number',
          'r.site_id',
          'r.payer',
          'r.check_number',
          'c.amount_cents',
          'c.reason',
          'c.recorded_at',
          'u.full_name as recorded_by_name',
        ])
      if (!scope.all) query = query.where('r.site_id', 'in', scope.siteIds.length > 0 ? scope.siteIds : [-1])
      if (siteId !== undefined) query = query.where('r.site_id', '=', siteId)
      return query.orderBy('c.recorded_at', 'desc').execute()
    },

    voids: (scope: SiteScope, siteId: number | undefined) => {
      let query = k
        .selectFrom('receipts as r')
        .leftJoin('users as u', 'u.user_id', 'r.voided_by')
        .select([
          'r.receipt_id',
          'r.number',
          'r.site_id',
          'r.amount_cents',
          'r.void_reason',
          'r.voided_at',
          'u.full_name as voided_by_name',
        ])
        .where('r.state', '=', 'VOIDED')
      if (!scope.all) query = query.where('r.site_id', 'in', scope.siteIds.length > 0 ? scope.siteIds : [-1])
      if (siteId !== undefined) query = query.where('r.site_id', '=', siteId)
      return query.orderBy('r.voided_at', 'desc').execute()
    },

    /**
     * Every number of a site's year, in order, named as the register's entries are (a year holds tens of thousands:
     * read straight into the answer's shape rather than copied into it).
     */
    register: (siteId: number, fiscalYear: string) =>
      k
        .selectFrom('receipts as r')
        .leftJoin('receipt_deposits as d', 'd.deposit_id', 'r.deposit_id')
        .select([
          'r.receipt_id as id',
          'r.number',
          'r.sequence',
          'r.state',
          'r.payer',
          'r.amount_cents as amountCents',
          'r.issued_on as issuedOn',
          'r.deposit_id as depositId',
          // Whether the amount is counted yet (the blind count); the answer's schema leaves it out.
          'd.state as depositState',
        ])
        .where('r.site_id', '=', siteId)
        .where('r.fiscal_year', '=', fiscalYear)
        .orderBy('r.sequence')
        .execute(),

    lastSequence: async (siteId: number, fiscalYear: string) =>
      (
        await k
          .selectFrom('receipt_counters')
          .select('last_sequence')
          .where('site_id', '=', siteId)
          .where('fiscal_year', '=', fiscalYear)
          .executeTakeFirst()
      )?.last_sequence ?? 0,

    /** Undeposited receipts per site: how many, how much, and the oldest. */
    undepositedBySite: (scope: SiteScope) => {
      let query = k
        .selectFrom('receipts as r')
        .innerJoin('finance_sites as s', 's.site_id', 'r.site_id')
        .select((eb) => [
          'r.site_id',
          's.code',
          's.name',
          's.deposit_frequency_days',
          eb.fn.countAll<number>().as('receipt_count'),
          eb.fn.sum<number>('r.amount_cents').as('amount_cents'),
          eb.fn.min<string>('r.issued_at').as('oldest_issued_at'),
        ])
        .where('r.state', '=', 'ISSUED')
        .groupBy(['r.site_id', 's.code', 's.name', 's.deposit_frequency_days'])
      if (!scope.all) query = query.where('r.site_id', 'in', scope.siteIds.length > 0 ? scope.siteIds : [-1])
      return query.orderBy('oldest_issued_at').execute()
    },

    /** Marks today's notice for a site; false when another request or instance already did. */
    async claimClockNotice(siteId: number, day: string, at: string): Promise<boolean> {
      const result = await k
        .insertInto('receipt_clock_notices')
        .values({ site_id: siteId, notice_day: day, sent_at: at })
        .onConflict((oc) => oc.columns(['site_id', 'notice_day']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },
  }
}
export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>

/** Thrown inside a void's transaction to roll it back when the receipt moved after it was read. */
class ReceiptMoved extends Error {
  constructor() {
    super('the receipt was gathered, voided or moved meanwhile')
  }
}
export type ReceiptRow = Awaited<ReturnType<ReceiptsRepository['inDeposit']>>[number]
/** A receipt with its void, as its page shows it. */
export type ReceiptRecord = NonNullable<Awaited<ReturnType<ReceiptsRepository['findById']>>>

/** Addresses of the active people who approve deposits at a site in Payment Receipts. SQL only. */
export function createApproverDirectory(db: Db) {
  return {
    approverEmails: async (siteId: number): Promise<string[]> =>
      (
        await db.kysely
          .selectFrom('finance_duties as d')
          .innerJoin('applications as a', 'a.app_id', 'd.app_id')
          .innerJoin('users as u', 'u.user_id', 'd.user_id')
          .select('u.email')
          .distinct()
          .where('a.app_code', '=', 'PAYMENT_RECEIPTS')
          .where('d.duty', '=', 'APPROVER')
          .where((eb) => eb.or([eb('d.site_id', '=', siteId), eb('d.site_id', 'is', null)]))
          .where('u.is_active', '=', 1)
          .orderBy('u.email')
          .execute()
      ).map((row) => row.email),
  }
}
