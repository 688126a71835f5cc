import { type Transaction, sql } from 'kysely'
import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import { stepTransaction } from '../../db/step-transaction.js'
import type { Database } from '../../db/schema.js'
import { type SiteScope, withinSites } from '../../db/sql-fragments.js'
import { ERP_LAYOUT_SETTING_KEY, erpLayoutOf } from '@platform/contracts/finance-erp-layout'
import { createSettingsRepository } from '../../db/settings.repository.js'
import { exactCents, sumCents } from './accrual-sums.js'

export type { SiteScope }

export interface AccrualFilters {
  scope: SiteScope
  cycleId?: number | undefined
  siteId?: number | undefined
  type?: string | undefined
  state?: string | undefined
  states?: string[] | undefined
  requesterId?: number | undefined
  holderId?: number | undefined
  search?: string | undefined
}

/** The content of a request a person writes (what each version keeps). */
export interface AccrualContent {
  cycleId: number
  siteId: number
  type: string
  accrualAccount: string
  namedAccount: string | null
  clearing: string
  forGoods: boolean
  vendor: string
  description: string
  poNumber: string | null
  invoiceNumber: string | null
  receivedOn: string | null
  servicePeriodFrom: string | null
  servicePeriodTo: string | null
  basis: string
  basisNote: string | null
  amountCents: number
  lines: Array<{ account: string; amountCents: number }>
  duplicateNote: string | null
  restrictedJustification: string | null
}

export const vendorKey = (vendor: string) => vendor.trim().toLowerCase().replace(/\s+/g, ' ')

const columnsOf = (content: AccrualContent) => ({
  cycle_id: content.cycleId,
  site_id: content.siteId,
  type: content.type,
  accrual_account: content.accrualAccount,
  named_account: content.namedAccount,
  clearing: content.clearing,
  for_goods: content.forGoods ? 1 : 0,
  vendor: content.vendor,
  vendor_key: vendorKey(content.vendor),
  search_text: [content.vendor, content.description, content.poNumber ?? '', content.invoiceNumber ?? ''].join(' ').toLowerCase(),
  description: content.description,
  po_number: content.poNumber,
  invoice_number: content.invoiceNumber,
  received_on: content.receivedOn,
  service_from: content.servicePeriodFrom,
  service_to: content.servicePeriodTo,
  basis: content.basis,
  basis_note: content.basisNote,
  amount_cents: content.amountCents,
  duplicate_note: content.duplicateNote,
  restricted_justification: content.restrictedJustification,
})

/** A request's lines as stored: fund and resource cut from the account, and which line first reaches each (for the totals). */
export const lineRows = (accrualId: number, lines: AccrualContent['lines']) => {
  const funds = new Set<string>()
  const resources = new Set<string>()
  return lines.map((line, index) => {
    const fund = line.account.slice(0, 2)
    const resource = line.account.slice(3, 7)
    const row = {
      accrual_id: accrualId,
      line_no: index + 1,
      account: line.account,
      fund,
      resource,
      amount_cents: line.amountCents,
      first_in_fund: funds.has(fund) ? 0 : 1,
      first_in_resource: resources.has(resource) ? 0 : 1,
    }
    funds.add(fund)
    resources.add(resource)
    return row
  })
}

const SUMMARY = [
  'a.accrual_id',
  'a.cycle_id',
  'c.fiscal_year',
  'a.site_id',
  's.code as site_code',
  'a.type',
  'a.state',
  'a.clearing',
  'a.vendor',
  'a.description',
  'a.po_number',
  'a.invoice_number',
  'a.received_on',
  'a.basis',
  'a.amount_cents',
  'a.cleared_cents',
  'a.written_off_cents',
  'a.requester_id',
  'u.full_name as requester_name',
  'a.version',
  'j.reference as journal_reference',
  'a.created_at',
  'a.updated_at',
  'a.duplicate_note',
  'c.materiality_cents',
  'c.cutoff_on',
  'a.posted_at',
] as const

const DETAIL = [
  ...SUMMARY,
  'a.accrual_account',
  'a.named_account',
  'a.for_goods',
  'a.service_from',
  'a.service_to',
  'a.basis_note',
  'a.restricted_justification',
  'a.last_reason',
  'a.site_approved_by',
  'a.approved_by',
  'a.submitted_at',
  'a.vendor_key',
  'a.holder_id',
] as const

/** A cycle's dates: fixed once a journal was posted from it (the journal is dated by them). */
export const CYCLE_DATES = ['cutoff_on', 'submit_by', 'lock_on', 'board_on', 'county_on'] as const
export type CycleDates = Pick<Database['accrual_cycles'], (typeof CYCLE_DATES)[number]>

class NothingToPost extends Error {}

/** Journal lines written per statement (well under either database's limit of parameters). */
const JOURNAL_INSERT_ROWS = 200

/**
 * Adds up groups under one of their columns, in key order; `count` names the column counted. Amounts are added as
 * BigInt: PostgreSQL's sums are strings, and many groups' amounts added as floating point could lose cents.
 */
function rollUp<Row extends { amount: number | string | null }>(
  rows: Row[],
  key: keyof Row & string,
  count: keyof Row & string,
): Array<{ key: string; count: number; amount: number }> {
  const totals = new Map<string, { key: string; count: number; amounts: Array<number | string | null> }>()
  for (const row of rows) {
    const name = String(row[key])
    const total = totals.get(name) ?? { key: name, count: 0, amounts: [] }
    total.count += Number(row[count])
    total.amounts.push(row.amount)
    totals.set(name, total)
  }
  return [...totals.values()]
    .map((total) => ({ key: total.key, count: total.count, amount: sumCents(total.amounts) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/** States whose request no longer counts as an accrual (for duplicates and the fund totals). */
export const DEAD_STATES = ['REJECTED', 'WITHDRAWN']

/** One saved version of a request, as its content stood. */
async function insertVersion(
  trx: Transaction<Database>,
  accrualId: number,
  version: number,
  content: AccrualContent,
  savedBy: number,
  at: string,
) {
  await trx
    .insertInto('accrual_versions')
    .values({ accrual_id: accrualId, version, content: JSON.stringify(content), saved_by: savedBy, saved_at: at })
    .execute()
}

/** A new draft with its lines and its first version, inside the caller's transaction; answers its id. */
async function insertDraft(trx: Transaction<Database>, content: AccrualContent, requesterId: number, at: string): Promise<number> {
  const { accrual_id: id } = await trx
    .insertInto('accruals')
    .values({
      ...columnsOf(content),
      state: 'DRAFT',
      requester_id: requesterId,
      holder_id: requesterId,
      version: 1,
      created_at: at,
      updated_at: at,
      cleared_cents: 0,
      written_off_cents: 0,
    })
    .returning('accrual_id')
    .executeTakeFirstOrThrow()
  await trx.insertInto('accrual_lines').values(lineRows(id, content.lines)).execute()
  await insertVersion(trx, id, 1, content, requesterId, at)
  return id
}

/** Accrual cycles, requests, lines, versions, liquidations and journal exports. SQL only. */
export function createAccrualsRepository(db: Db) {
  const k = db.kysely
  const summaries = (from: typeof k | Transaction<Database> = k) =>
    from
      .selectFrom('accruals as a')
      .innerJoin('accrual_cycles as c', 'c.cycle_id', 'a.cycle_id')
      .innerJoin('finance_sites as s', 's.site_id', 'a.site_id')
      .innerJoin('users as u', 'u.user_id', 'a.requester_id')
      .leftJoin('accrual_journals as j', 'j.journal_id', 'a.journal_id')

  function filtered(filters: AccrualFilters) {
    let query = summaries()
    if (!filters.scope.all) query = query.where('a.site_id', 'in', filters.scope.siteIds.length > 0 ? filters.scope.siteIds : [-1])
    if (filters.cycleId !== undefined) query = query.where('a.cycle_id', '=', filters.cycleId)
    if (filters.siteId !== undefined) query = query.where('a.site_id', '=', filters.siteId)
    if (filters.type !== undefined) query = query.where('a.type', '=', filters.type)
    if (filters.state !== undefined) query = query.where('a.state', '=', filters.state)
    if (filters.states !== undefined) query = query.where('a.state', 'in', filters.states.length > 0 ? filters.states : ['-'])
    if (filters.requesterId !== undefined) query = query.where('a.requester_id', '=', filters.requesterId)
    if (filters.holderId !== undefined) query = query.where('a.holder_id', '=', filters.holderId)
    if (filters.search) query = query.where('a.search_text', 'like', `%${filters.search.toLowerCase().replace(/[%_\\]/g, '')}%`)
    return query
  }

  return {
    // ---- cycles ----
    insertCycle: (values: Omit<Database['accrual_cycles'], 'cycle_id'> & { cycle_id?: never }) =>
      k
        .insertInto('accrual_cycles')
        .values(values)
        .onConflict((oc) => oc.column('fiscal_year').doNothing())
        .returning('cycle_id')
        .executeTakeFirst(),
    /**
     * Changes a cycle, only while no journal was posted from it or when its dates stay as they are: false when a
     * posting (here or on another instance) froze the dates first, writing nothing.
     */
    async updateCycle(cycleId: number, values: CycleDates & { materiality_cents: number; updated_at: string }): Promise<boolean> {
      const result = await k
        .updateTable('accrual_cycles')
        .set(values)
        .where('cycle_id', '=', cycleId)
        .where((eb) => eb.or([eb('journal_posted_at', 'is', null), eb.and(CYCLE_DATES.map((column) => eb(column, '=', values[column])))]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    cycleByYear: (fiscalYear: string) =>
      k.selectFrom('accrual_cycles').select('cycle_id').where('fiscal_year', '=', fiscalYear).executeTakeFirst(),
    findCycle: (cycleId: number) =>
      k
        .selectFrom('accrual_cycles as c')
        .innerJoin('users as u', 'u.user_id', 'c.created_by')
        .selectAll('c')
        .select('u.full_name as created_by_name')
        .where('c.cycle_id', '=', cycleId)
        .executeTakeFirst(),
    listCycles: () =>
      k
        .selectFrom('accrual_cycles as c')
        .innerJoin('users as u', 'u.user_id', 'c.created_by')
        .selectAll('c')
        .select('u.full_name as created_by_name')
        .orderBy('c.fiscal_year', 'desc')
        .execute(),

    // ---- requests ----
    /** Stores a new draft, its lines and its first version in one transaction. */
    create: (content: AccrualContent, requesterId: number, at: string, along: WrittenAlong<number>) =>
      stepTransaction(db, async (trx) => {
        const id = await insertDraft(trx, content, requesterId, at)
        await along(trx, id)
        return id
      }),

    /** Many drafts at once (an import), all or none. */
    createMany: (contents: AccrualContent[], requesterId: number, at: string, along: WrittenAlong<number[]>) =>
      stepTransaction(db, async (trx) => {
        const ids: number[] = []
        for (const content of contents) ids.push(await insertDraft(trx, content, requesterId, at))
        await along(trx, ids)
        return ids
      }),

    /**
     * Saves an edit as the next version, only while the request is still in one of `states`, at the version the editor
     * read and held by the editor; false when it moved on meanwhile (nothing is written then). The conditional update
     * is the transaction's first statement: it locks the request's row before anything else is read or written.
     */
    update: (
      accrualId: number,
      expectedVersion: number,
      states: string[],
      content: AccrualContent,
      savedBy: number,
      at: string,
      along: WrittenAlong,
    ) =>
      stepTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable('accruals')
          .set({ ...columnsOf(content), version: expectedVersion + 1, updated_at: at })
          .where('accrual_id', '=', accrualId)
          .where('version', '=', expectedVersion)
          .where('state', 'in', states)
          .where('holder_id', '=', savedBy)
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) !== 1) return false
        await trx.deleteFrom('accrual_lines').where('accrual_id', '=', accrualId).execute()
        await trx.insertInto('accrual_lines').values(lineRows(accrualId, content.lines)).execute()
        await insertVersion(trx, accrualId, expectedVersion + 1, content, savedBy, at)
        await along(trx, undefined)
        return true
      }),

    /**
     * Moves a request from the state (and version, and holder, when given) its taker read to the next, with the step's
     * changes; false when it no longer stood so (nothing is written then). The conditional update is the transaction's
     * first statement, so it locks the request's row (on SQLite, the database) before `along` reads its participants.
     */
    advance: (
      accrualId: number,
      from: { state: string; version?: number; holderId?: number; clearedCents?: number },
      to: string,
      changes: Partial<Database['accruals']>,
      along: WrittenAlong,
    ): Promise<boolean> =>
      stepTransaction(db, async (trx) => {
        let update = trx
          .updateTable('accruals')
          .set({ ...changes, state: to } as never)
          .where('accrual_id', '=', accrualId)
          .where('state', '=', from.state)
        if (from.version !== undefined) update = update.where('version', '=', from.version)
        if (from.holderId !== undefined) update = update.where('holder_id', '=', from.holderId)
        if (from.clearedCents !== undefined) update = update.where('cleared_cents', '=', from.clearedCents)
        const result = await update.executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, undefined)
        return true
      }),

    /** Gives the request to another holder, only from a state and holder read; false when it moved on meanwhile. */
    handOver: (accrualId: number, from: { states: string[]; holderId: number }, to: number, at: string, along: WrittenAlong) =>
      stepTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('accruals')
          .set({ holder_id: to, updated_at: at })
          .where('accrual_id', '=', accrualId)
          .where('state', 'in', from.states)
          .where('holder_id', '=', from.holderId)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, undefined)
        return true
      }),

    findById: (accrualId: number) => summaries().select(DETAIL).where('a.accrual_id', '=', accrualId).executeTakeFirst(),

    async list(filters: AccrualFilters, limit: number, offset: number) {
      const rows = await filtered(filters).select(SUMMARY).orderBy('a.accrual_id', 'desc').limit(limit).offset(offset).execute()
      const { n } = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    lines: (accrualId: number) =>
      k.selectFrom('accrual_lines').select(['account', 'amount_cents']).where('accrual_id', '=', accrualId).orderBy('line_no').execute(),

    versions: (accrualId: number) =>
      k
        .selectFrom('accrual_versions as v')
        .innerJoin('users as u', 'u.user_id', 'v.saved_by')
        .select(['v.version', 'v.content', 'v.saved_at', 'u.full_name as saved_by_name'])
        .where('v.accrual_id', '=', accrualId)
        .orderBy('v.version')
        .execute(),

    /** Live requests of the cycle with the same PO and invoice, or the same vendor and amount (never the request itself). */
    possibleDuplicates: (
      cycleId: number,
      candidate: {
        accrualId: number | null
        poNumber: string | null
        invoiceNumber: string | null
        vendorKey: string
        amountCents: number
      },
    ) =>
      k
        .selectFrom('accruals')
        .select(['accrual_id', 'state', 'vendor', 'po_number', 'invoice_number', 'amount_cents', 'vendor_key'])
        .where('cycle_id', '=', cycleId)
        .where('state', 'not in', DEAD_STATES)
        .where('accrual_id', '!=', candidate.accrualId ?? -1)
        .where((eb) => {
          const sameVendor = eb.and([eb('vendor_key', '=', candidate.vendorKey), eb('amount_cents', '=', candidate.amountCents)])
          if (candidate.poNumber === null || candidate.invoiceNumber === null) return sameVendor
          return eb.or([eb.and([eb('po_number', '=', candidate.poNumber), eb('invoice_number', '=', candidate.invoiceNumber)]), sameVendor])
        })
        .orderBy('accrual_id')
        .limit(20)
        .execute(),

    // ---- liquidations and write-off ----
    liquidations: (accrualId: number) =>
      k
        .selectFrom('accrual_liquidations as l')
        .innerJoin('users as u', 'u.user_id', 'l.recorded_by')
        .select([
          'l.liquidation_id',
          'l.accrual_id',
          'l.paid_on',
          'l.reference',
          'l.amount_cents',
          'l.expected_cents',
          'l.variance_reason',
          'l.recorded_at',
          'u.full_name as recorded_by_name',
        ])
        .where('l.accrual_id', '=', accrualId)
        .orderBy('l.liquidation_id')
        .execute(),

    /** The cycle's liquidations that paid something other than what remained open, within the sites, in order. */
    variances: (cycleId: number, scope: SiteScope) =>
      withinSites(
        k
          .selectFrom('accrual_liquidations as l')
          .innerJoin('accruals as a', 'a.accrual_id', 'l.accrual_id')
          .innerJoin('finance_sites as s', 's.site_id', 'a.site_id')
          .innerJoin('users as u', 'u.user_id', 'l.recorded_by')
          .select([
            'l.liquidation_id',
            'a.accrual_id',
            's.code as site_code',
            'a.vendor',
            'a.amount_cents as accrued_cents',
            'l.expected_cents',
            'l.amount_cents',
            'l.variance_reason',
            'l.paid_on',
            'l.reference',
            'l.recorded_at',
            'u.full_name as recorded_by_name',
          ])
          .where('a.cycle_id', '=', cycleId)
          .where('l.expected_cents', 'is not', null)
          .whereRef('l.amount_cents', '!=', 'l.expected_cents'),
        'a.site_id',
        scope,
      )
        .orderBy('l.liquidation_id')
        .execute(),

    /**
     * Records a payment against a posted request and moves it to PARTIALLY_LIQUIDATED or LIQUIDATED, in one
     * transaction and only from the state read (a concurrent liquidation makes this one return false, writing nothing).
     */
    liquidate: (
      accrualId: number,
      from: string,
      expectedCleared: number,
      liquidation: {
        paidOn: string
        reference: string
        amountCents: number
        expectedCents: number
        varianceReason: string | null
        recordedBy: number
        at: string
      },
      to: string,
      along: WrittenAlong<number>,
    ) =>
      stepTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable('accruals')
          .set({ state: to, cleared_cents: expectedCleared + liquidation.amountCents, updated_at: liquidation.at })
          .where('accrual_id', '=', accrualId)
          .where('state', '=', from)
          .where('cleared_cents', '=', expectedCleared)
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) !== 1) return null
        const { liquidation_id: id } = await trx
          .insertInto('accrual_liquidations')
          .values({
            accrual_id: accrualId,
            paid_on: liquidation.paidOn,
            reference: liquidation.reference,
            amount_cents: liquidation.amountCents,
            expected_cents: liquidation.expectedCents,
            variance_reason: liquidation.varianceReason,
            recorded_by: liquidation.recordedBy,
            recorded_at: liquidation.at,
          })
          .returning('liquidation_id')
          .executeTakeFirstOrThrow()
        await along(trx, id)
        return id
      }),

    // ---- journal ----
    /**
     * Posts every APPROVED request of the cycle (within `siteIds` unless null) under a new journal, in one
     * transaction: the conditional UPDATE claims each row, so a second export at the same time (on this instance or
     * another) finds nothing left to claim and posts nothing. Null when there was nothing to post (nothing is written).
     */
    async postJournal(
      cycleId: number,
      fiscalYear: string,
      exportedBy: number,
      at: string,
      along: WrittenAlong<{ journalId: number; reference: string; count: number; amountCents: number; cutoffOn: string }>,
    ) {
      try {
        return await stepTransaction(db, async (trx) => {
          // Locks are taken in one order, the cycle's row before its requests': a change of the cycle's dates waits for
          // the posting, and the cut-off the journal is dated by is read under that lock. From now on the dates stay.
          const cycle = await trx
            .updateTable('accrual_cycles')
            .set({ journal_posted_at: sql<string>`coalesce(journal_posted_at, ${at})` })
            .where('cycle_id', '=', cycleId)
            .returning('cutoff_on')
            .executeTakeFirstOrThrow()
          const { journal_id: journalId } = await trx
            .insertInto('accrual_journals')
            .values({
              reference: `pending-${cycleId}-${at}-${Math.random().toString(36).slice(2)}`,
              cycle_id: cycleId,
              request_count: 0,
              amount_cents: 0,
              exported_by: exportedBy,
              exported_at: at,
            })
            .returning('journal_id')
            .executeTakeFirstOrThrow()
          const reference = `ACR-${fiscalYear}-${String(journalId).padStart(4, '0')}`
          const claimed = await trx
            .updateTable('accruals')
            .set({ state: 'POSTED', journal_id: journalId, posted_at: at, updated_at: at })
            .where('cycle_id', '=', cycleId)
            .where('state', '=', 'APPROVED')
            .executeTakeFirst()
          const count = Number(claimed.numUpdatedRows)
          if (count === 0) throw new NothingToPost()
          const { total } = await trx
            .selectFrom('accruals')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
            .where('journal_id', '=', journalId)
            .executeTakeFirstOrThrow()
          const amountCents = exactCents(total)
          await trx
            .updateTable('accrual_journals')
            .set({ reference, request_count: count, amount_cents: amountCents })
            .where('journal_id', '=', journalId)
            .execute()
          const written = { journalId, reference, count, amountCents, cutoffOn: cycle.cutoff_on }
          await along(trx, written)
          return written
        })
      } catch (error) {
        // Rolled back: the journal row is not kept when it would post nothing.
        if (error instanceof NothingToPost) return null
        throw error
      }
    },

    /** Stores a posted journal's lines as issued (inside the posting's transaction); downloads read only these. */
    async insertJournalLines(trx: DbTransaction, rows: Array<Database['accrual_journal_lines']>): Promise<void> {
      for (let start = 0; start < rows.length; start += JOURNAL_INSERT_ROWS)
        await trx
          .insertInto('accrual_journal_lines')
          .values(rows.slice(start, start + JOURNAL_INSERT_ROWS))
          .execute()
    },

    /** One page of a journal's lines as issued, in order (request, then line), after the last line of the previous page. */
    issuedPage: (journalId: number, after: { accrualId: number; seq: number } | null, size: number) => {
      let query = k
        .selectFrom('accrual_journal_lines')
        .select([
          'accrual_id',
          'seq',
          'entry',
          'journal_date',
          'site_code',
          'type',
          'account',
          'debit_cents',
          'credit_cents',
          'description',
        ])
        .where('journal_id', '=', journalId)
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('accrual_id', '>', after.accrualId), eb.and([eb('accrual_id', '=', after.accrualId), eb('seq', '>', after.seq)])]),
        )
      }
      return query.orderBy('accrual_id').orderBy('seq').limit(size).execute()
    },

    /** The district's ERP import layout, which says how a journal is written out. */
    erpLayout: async () => erpLayoutOf(await createSettingsRepository(db).get(ERP_LAYOUT_SETTING_KEY)),

    journals: (cycleId: number) =>
      k
        .selectFrom('accrual_journals as j')
        .innerJoin('users as u', 'u.user_id', 'j.exported_by')
        .select([
          'j.journal_id',
          'j.reference',
          'j.cycle_id',
          'j.request_count',
          'j.amount_cents',
          'j.exported_at',
          'u.full_name as exported_by_name',
        ])
        .where('j.cycle_id', '=', cycleId)
        .where('j.request_count', '>', 0)
        .orderBy('j.journal_id', 'desc')
        .execute(),

    journalByReference: (cycleId: number, reference: string) =>
      k
        .selectFrom('accrual_journals')
        .select(['journal_id', 'reference'])
        .where('cycle_id', '=', cycleId)
        .where('reference', '=', reference)
        .executeTakeFirst(),

    /**
     * One page of the lines of the requests a journal claimed, in order (request, then line), after the last line of the
     * previous page: what the posting stores as issued, read inside its transaction.
     */
    claimedPage: (trx: DbTransaction, journalId: number, after: { accrualId: number; lineNo: number } | null, size: number) => {
      let query = trx
        .selectFrom('accrual_lines as l')
        .innerJoin('accruals as a', 'a.accrual_id', 'l.accrual_id')
        .innerJoin('finance_sites as s', 's.site_id', 'a.site_id')
        .select([
          'a.accrual_id',
          'a.type',
          'a.clearing',
          'a.accrual_account',
          'a.vendor',
          's.code as site_code',
          'l.line_no',
          'l.account',
          'l.amount_cents',
        ])
        .where('a.journal_id', '=', journalId)
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('a.accrual_id', '>', after.accrualId),
            eb.and([eb('a.accrual_id', '=', after.accrualId), eb('l.line_no', '>', after.lineNo)]),
          ]),
        )
      }
      return query.orderBy('a.accrual_id').orderBy('l.line_no').limit(size).execute()
    },

    // ---- totals ----
    async totals(cycleId: number, scope: SiteScope) {
      const inScope = <Q extends { where: (...args: never[]) => Q }>(query: Q): Q => withinSites(query, 'a.site_id', scope)
      // Grouped in the order of the totals index (cycle, state, type), so the requests are counted without a sort.
      const byStateAndType = await inScope(
        k
          .selectFrom('accruals as a')
          .select((eb) => ['a.state', 'a.type', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('a.amount_cents').as('amount')])
          .where('a.cycle_id', '=', cycleId),
      )
        .groupBy(['a.state', 'a.type'])
        .execute()
      // One pass over the lines grouped by fund and resource serves both totals; a request counts once in a fund
      // (or resource) because only its first line there carries a 1 (migration 0027).
      const byFundAndResource = await inScope(
        k
          .selectFrom('accrual_lines as l')
          .innerJoin('accruals as a', 'a.accrual_id', 'l.accrual_id')
          .select((eb) => [
            'l.fund',
            'l.resource',
            eb.fn.sum<number>('l.first_in_fund').as('fund_requests'),
            eb.fn.sum<number>('l.first_in_resource').as('resource_requests'),
            eb.fn.sum<number>('l.amount_cents').as('amount'),
          ])
          .where('a.cycle_id', '=', cycleId)
          .where('a.state', 'not in', DEAD_STATES),
      )
        .groupBy(['l.fund', 'l.resource'])
        .execute()
      const live = byStateAndType.filter((row) => !DEAD_STATES.includes(row.state))
      return {
        byState: rollUp(byStateAndType, 'state', 'count'),
        byType: rollUp(live, 'type', 'count'),
        byFund: rollUp(byFundAndResource, 'fund', 'fund_requests'),
        byResource: rollUp(byFundAndResource, 'resource', 'resource_requests'),
      }
    },

    // ---- queue and notices ----
    /** Requests in these states at these sites (null: all), oldest first, for My queue. */
    waiting: (states: string[], siteIds: number[] | null, limit = 200) => {
      let query = summaries().select(DETAIL).where('a.state', 'in', states)
      if (siteIds !== null) query = query.where('a.site_id', 'in', siteIds.length > 0 ? siteIds : [-1])
      return query.orderBy('a.updated_at').limit(limit).execute()
    },

    /** Marks a notice sent; false when another request or instance already did. */
    async claimNotice(key: string, at: string): Promise<boolean> {
      const result = await k
        .insertInto('accrual_notices')
        .values({ notice_key: key, sent_at: at })
        .onConflict((oc) => oc.column('notice_key').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },

    /** People holding an Accruals duty at a site (or everywhere), active, with their addresses. */
    holders: (duty: string, siteId: number) =>
      k
        .selectFrom('finance_duties as d')
        .innerJoin('applications as ap', 'ap.app_id', 'd.app_id')
        .innerJoin('users as u', 'u.user_id', 'd.user_id')
        .select(['u.user_id', 'u.email', 'u.full_name'])
        .distinct()
        .where('ap.app_code', '=', 'ACCRUALS')
        .where('d.duty', '=', duty)
        .where((eb) => eb.or([eb('d.site_id', '=', siteId), eb('d.site_id', 'is', null)]))
        .where('u.is_active', '=', 1)
        .orderBy('u.email')
        .execute(),

    userEmail: (userId: number) =>
      k.selectFrom('users').select(['email', 'full_name', 'is_active']).where('user_id', '=', userId).executeTakeFirst(),

    /** Drafts and returned requests of a cycle per requester (the deadline reminder). */
    unsubmittedByRequester: (cycleId: number) =>
      k
        .selectFrom('accruals as a')
        .innerJoin('users as u', 'u.user_id', 'a.requester_id')
        .select((eb) => ['a.requester_id', 'u.email', 'u.is_active', eb.fn.countAll<number>().as('n')])
        .where('a.cycle_id', '=', cycleId)
        .where('a.state', 'in', ['DRAFT', 'RETURNED'])
        .groupBy(['a.requester_id', 'u.email', 'u.is_active'])
        .execute(),
  }
}
export type AccrualsRepository = ReturnType<typeof createAccrualsRepository>
export type AccrualRow = NonNullable<Awaited<ReturnType<AccrualsRepository['findById']>>>
export type CycleRow = NonNullable<Awaited<ReturnType<AccrualsRepository['findCycle']>>>
