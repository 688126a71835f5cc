import {
  type Cycle,
  type CycleInput,
  type CycleTotals,
  DEADLINE_NAMES,
  type JournalExport,
  type LiquidationVariance,
} from '@platform/contracts/accruals'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { DbTransaction } from '../../db/database.js'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { AccrualAccess } from './accrual-access.js'
import { type Client, CYCLE_TARGET, journalTarget } from './accrual-mapping.js'
import { isLocked } from './accrual-rules.js'
import { CYCLE_DUTY, PARTS } from './accrual-steps.js'
import { exactCents } from './accrual-sums.js'
import { type IssuedJournal, accrualsEscapeFiles, storeIssuedJournal } from './accruals-journal.js'
import type { AccrualsRepository, CycleRow } from './accruals.repository.js'

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** Close cycles (set up by a district CONTROLLER), their totals, and the journal that posts approved requests. */
export function createAccrualCyclesService(deps: {
  accruals: AccrualsRepository
  finance: FinanceService
  access: AccrualAccess
  audit: AuditService
  clock: Clock
}) {
  const { accruals, finance, access, audit, clock } = deps
  const today = () => localDate(clock.now(), finance.districtTimeZone)

  function toCycle(row: CycleRow): Cycle {
    const now = today()
    const dates: Record<(typeof DEADLINE_NAMES)[number], string> = {
      cutoffOn: row.cutoff_on,
      submitBy: row.submit_by,
      lockOn: row.lock_on,
      boardOn: row.board_on,
      countyOn: row.county_on,
    }
    return {
      id: row.cycle_id,
      fiscalYear: row.fiscal_year,
      cutoffOn: row.cutoff_on,
      submitBy: row.submit_by,
      lockOn: row.lock_on,
      boardOn: row.board_on,
      countyOn: row.county_on,
      materialityCents: Number(row.materiality_cents),
      today: now,
      locked: isLocked(row, now),
      createdAt: row.created_at,
      createdByName: row.created_by_name,
      datesFixed: row.journal_posted_at !== null,
      deadlines: DEADLINE_NAMES.map((name) => ({
        name,
        on: dates[name],
        daysLeft: daysBetween(now, dates[name]),
        passed: dates[name] < now,
      })),
    }
  }

  async function load(cycleId: number): Promise<CycleRow> {
    const row = await accruals.findCycle(cycleId)
    if (!row) throw new AppError('not_found', `There is no accrual cycle ${cycleId}.`, { code: 'cycle_not_found' })
    return row
  }

  /** The cycle's dates must sit in its fiscal year's calendar: the cut-off is its last day at the latest. */
  function checkDates(input: CycleInput) {
    const start = Number(input.fiscalYear.slice(0, 4))
    const first = `${start}-07-01`
    const last = `${start + 1}-06-30`
    if (input.cutoffOn < first || input.cutoffOn > last) {
      throw new AppError(
        'bad_request',
        `cutoffOn must be within the fiscal year ${input.fiscalYear} (${first} to ${last}); it is usually ${last}.`,
        { code: 'invalid_dates' },
      )
    }
  }

  const record = (
    action: string,
    user: AuthUser,
    target: { type: string; id: string | number },
    client: Client,
    details: Record<string, unknown>,
    within?: DbTransaction,
  ) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: user.id,
        targetType: target.type,
        targetId: target.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details,
      },
      within,
    )

  const values = (input: CycleInput) => ({
    cutoff_on: input.cutoffOn,
    submit_by: input.submitBy,
    lock_on: input.lockOn,
    board_on: input.boardOn,
    county_on: input.countyOn,
    materiality_cents: input.materialityCents,
  })

  return {
    toCycle,
    list: async () => (await accruals.listCycles()).map(toCycle),
    get: async (cycleId: number) => toCycle(await load(cycleId)),

    async create(input: CycleInput, user: AuthUser, client: Client): Promise<Cycle> {
      await access.requireEverywhere(user, CYCLE_DUTY, 'Setting up a cycle')
      checkDates(input)
      const at = clock.now().toISOString()
      const inserted = await accruals.insertCycle({
        fiscal_year: input.fiscalYear,
        ...values(input),
        created_by: user.id,
        created_at: at,
        updated_at: at,
        journal_posted_at: null,
      })
      if (!inserted)
        throw new AppError('conflict', `The ${input.fiscalYear} cycle is already set up; change its dates instead.`, {
          code: 'cycle_exists',
        })
      await record('accruals.cycle_created', user, { type: CYCLE_TARGET, id: inserted.cycle_id }, client, { ...input })
      return toCycle(await load(inserted.cycle_id))
    },

    async update(cycleId: number, input: CycleInput, user: AuthUser, client: Client): Promise<Cycle> {
      const before = await load(cycleId)
      await access.requireEverywhere(user, CYCLE_DUTY, 'Changing a cycle')
      if (input.fiscalYear !== before.fiscal_year)
        throw new AppError('bad_request', `Cycle ${cycleId} is the ${before.fiscal_year} cycle; its fiscal year does not change.`, {
          code: 'fiscal_year_fixed',
        })
      checkDates(input)
      const changed = await accruals.updateCycle(cycleId, { ...values(input), updated_at: clock.now().toISOString() })
      if (!changed) {
        const posted = (await load(cycleId)).journal_posted_at
        throw new AppError(
          'conflict',
          `The ${before.fiscal_year} cycle's dates cannot change: a journal was posted from it${posted ? ` on ${localDate(new Date(posted), finance.districtTimeZone)}` : ''}, dated by them, and what was posted stays as it was issued. Its materiality may still change.`,
          { code: 'cycle_dates_fixed' },
        )
      }
      await record('accruals.cycle_changed', user, { type: CYCLE_TARGET, id: cycleId }, client, {
        before: {
          cutoffOn: before.cutoff_on,
          submitBy: before.submit_by,
          lockOn: before.lock_on,
          boardOn: before.board_on,
          countyOn: before.county_on,
          materialityCents: Number(before.materiality_cents),
        },
        after: input,
      })
      return toCycle(await load(cycleId))
    },

    async totals(cycleId: number, user: AuthUser): Promise<CycleTotals> {
      await load(cycleId)
      const rows = await accruals.totals(cycleId, await access.scope(user))
      const shape = (list: Array<{ key: string; count: number; amount: number | null }>) =>
        list.map((row) => ({ key: row.key, count: Number(row.count), amountCents: exactCents(row.amount) }))
      return { byState: shape(rows.byState), byType: shape(rows.byType), byFund: shape(rows.byFund), byResource: shape(rows.byResource) }
    },

    /**
     * Posts every approved request of the cycle under one new journal and answers which (its CSV: accrualsJournalCsv). The claim is one
     * conditional update in one transaction, so two exports at once (here or on another instance) post each request
     * once: the later one finds nothing left and is refused before any byte is sent.
     */
    async postJournal(cycleId: number, user: AuthUser, client: Client) {
      const cycle = await load(cycleId)
      await access.requireEverywhere(user, CYCLE_DUTY, 'Posting the journal')
      const posted = await accruals.postJournal(cycleId, cycle.fiscal_year, user.id, clock.now().toISOString(), async (trx, written) => {
        await storeIssuedJournal(accruals, trx, written, (accrualId) =>
          access.recordParts(trx, accrualId, [{ userId: user.id, part: PARTS.posted }]),
        )
        await record(
          'accruals.journal_posted',
          user,
          journalTarget(written.reference),
          client,
          {
            cycleId,
            reference: written.reference,
            requestCount: written.count,
            amountCents: written.amountCents,
            journalDate: written.cutoffOn,
          },
          trx,
        )
      })
      if (!posted)
        throw new AppError(
          'conflict',
          `The ${cycle.fiscal_year} cycle has no approved request left to post: each is posted once, and an earlier export holds them.`,
          { code: 'nothing_to_post' },
        )
      return { journalId: posted.journalId, reference: posted.reference } satisfies IssuedJournal
    },

    /** The cycle's liquidations that paid something other than what remained open, with the reason given for each. */
    async variances(cycleId: number, user: AuthUser): Promise<LiquidationVariance[]> {
      await load(cycleId)
      return (await accruals.variances(cycleId, await access.scope(user))).map((row) => ({
        liquidationId: row.liquidation_id,
        accrualId: row.accrual_id,
        siteCode: row.site_code,
        vendor: row.vendor,
        accruedCents: exactCents(row.accrued_cents),
        openCents: exactCents(row.expected_cents),
        paidCents: exactCents(row.amount_cents),
        differenceCents: exactCents(row.amount_cents) - exactCents(row.expected_cents),
        reason: row.variance_reason,
        paidOn: row.paid_on,
        reference: row.reference,
        recordedByName: row.recorded_by_name,
        recordedAt: row.recorded_at,
      }))
    },

    async journals(cycleId: number, user: AuthUser): Promise<JournalExport[]> {
      await load(cycleId)
      await access.requireEverywhere(user, CYCLE_DUTY, 'The journal exports')
      return (await accruals.journals(cycleId)).map((row) => ({
        reference: row.reference,
        cycleId: row.cycle_id,
        requestCount: row.request_count,
        amountCents: exactCents(row.amount_cents),
        exportedAt: row.exported_at,
        exportedByName: row.exported_by_name,
      }))
    },

    /**
     * A posted journal's files in the district's ERP import layout: null for the platform's CSV (streamed as issued),
     * else Escape Online's entry and reversal.
     */
    async journalFiles(journal: IssuedJournal): Promise<Array<{ name: string; text: string }> | null> {
      const layout = await accruals.erpLayout()
      return layout.layout === 'ESCAPE_ONLINE' ? accrualsEscapeFiles(accruals, journal, layout) : null
    },

    /** An earlier journal, to download again (a lost download): it posts nothing. */
    async journalAgain(cycleId: number, reference: string, user: AuthUser, client: Client) {
      const cycle = await load(cycleId)
      await access.requireEverywhere(user, CYCLE_DUTY, 'The journal exports')
      const journal = await accruals.journalByReference(cycleId, reference)
      if (!journal)
        throw new AppError('not_found', `There is no journal ${reference} in the ${cycle.fiscal_year} cycle.`, {
          code: 'journal_not_found',
        })
      await record('accruals.journal_downloaded', user, journalTarget(reference), client, { cycleId, reference })
      return { journalId: journal.journal_id, reference } satisfies IssuedJournal
    },
  }
}
export type AccrualCyclesService = ReturnType<typeof createAccrualCyclesService>
