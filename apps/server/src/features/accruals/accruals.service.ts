import {
  type AccrualActions,
  type AccrualDetail,
  type AccrualInputParsed,
  type AccrualListQuery,
  type AccrualStep,
  type AccrualSummary,
  isRestrictedResource,
} from '@platform/contracts/accruals'
import type { Attachment } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { AccrualAccess } from './accrual-access.js'
import { type Client, REQUEST_TARGET, SEPARATION_TARGET, journalTarget, stateWords, toHistory } from './accrual-mapping.js'
import { checkContent, contentOrThrow, isLocked } from './accrual-rules.js'
import {
  type AccrualPart,
  CLEARING_RULE,
  EDITABLE_STATES,
  EDIT_DUTY,
  FINAL_STATES,
  LOCKED_DUTY,
  STEP_TABLE,
  type StepRule,
} from './accrual-steps.js'
import type { AccrualRow, AccrualsRepository, CycleRow } from './accruals.repository.js'

/** December 31 after the cut-off: an accrual still open then is flagged (it should have cleared by now). */
export const yearEndAfter = (cutoffOn: string) => `${cutoffOn.slice(0, 4)}-12-31`

/** Requests: drafting, editing (each version kept), reading, the review steps (issue 16 §2–4). */
export function createAccrualsService(deps: {
  accruals: AccrualsRepository
  finance: FinanceService
  access: AccrualAccess
  audit: AuditService
  clock: Clock
  listAttachments: (recordId: string, user: AuthUser) => Promise<Attachment[]>
  /** Called after a step that may need an e-mail (returned to the requester, waiting for approval). */
  onStep?: (accrualId: number, step: AccrualStep) => Promise<void>
}) {
  const { accruals, finance, access, audit, clock } = deps
  const today = () => localDate(clock.now(), finance.districtTimeZone)
  const ruleDeps = {
    accountProblems: finance.accountProblems,
    postingAccounts: finance.postingAccounts,
    siteOf: async (siteId: number) => finance.site(siteId).catch(() => null),
    repository: accruals,
  }

  async function cycleOf(cycleId: number): Promise<CycleRow> {
    const cycle = await accruals.findCycle(cycleId)
    if (!cycle) throw new AppError('bad_request', `There is no accrual cycle ${cycleId}.`, { code: 'unknown_cycle' })
    return cycle
  }

  async function load(id: number, user: AuthUser): Promise<AccrualRow> {
    const row = await accruals.findById(id)
    if (!row) throw new AppError('not_found', `There is no accrual ${id}.`, { code: 'accrual_not_found' })
    await access.requireView(user, row.site_id, `accrual ${id}`)
    return row
  }

  const partsOf = (row: AccrualRow, parts: AccrualPart[]) =>
    parts.map((part) => ({
      role: part,
      userIds: part === 'requester' ? [row.requester_id] : row.site_approved_by === null ? [] : [row.site_approved_by],
    }))

  /** The duty that adds or changes a request now: the requester's before the lock date, a controller's after it. */
  const changeDuty = (cycle: Pick<CycleRow, 'lock_on'>) => (isLocked(cycle, today()) ? LOCKED_DUTY : EDIT_DUTY)

  async function requireChange(user: AuthUser, cycle: Pick<CycleRow, 'lock_on' | 'fiscal_year'>, siteId: number) {
    if (isLocked(cycle, today()) && !(await access.has(user, LOCKED_DUTY, siteId))) {
      throw new AppError(
        'forbidden',
        `The ${cycle.fiscal_year} cycle locked on ${cycle.lock_on}: only a CONTROLLER may add or change a request now.`,
        { code: 'cycle_locked' },
      )
    }
    await access.require(user, changeDuty(cycle), siteId)
  }

  async function mayTake(user: AuthUser, row: AccrualRow, rule: { duty: StepRule['duty']; conflicts: AccrualPart[] }) {
    if (!(await access.has(user, rule.duty, row.site_id))) return false
    return !partsOf(row, rule.conflicts).some((conflict) => conflict.userIds.includes(user.id))
  }

  function toSummary(row: AccrualRow | Omit<AccrualRow, 'accrual_account'>): AccrualSummary {
    const open = row.state === 'POSTED' || row.state === 'PARTIALLY_LIQUIDATED'
    return {
      id: row.accrual_id,
      cycleId: row.cycle_id,
      fiscalYear: row.fiscal_year,
      siteId: row.site_id,
      siteCode: row.site_code,
      type: row.type as AccrualSummary['type'],
      state: row.state as AccrualSummary['state'],
      clearing: row.clearing as AccrualSummary['clearing'],
      vendor: row.vendor,
      description: row.description,
      poNumber: row.po_number,
      invoiceNumber: row.invoice_number,
      receivedOn: row.received_on,
      basis: row.basis as AccrualSummary['basis'],
      amountCents: Number(row.amount_cents),
      clearedCents: Number(row.cleared_cents),
      writtenOffCents: Number(row.written_off_cents),
      requesterId: row.requester_id,
      requesterName: row.requester_name,
      version: row.version,
      journalReference: row.journal_reference,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      flags: {
        belowMateriality: Number(row.amount_cents) < Number(row.materiality_cents),
        possibleDuplicate: row.duplicate_note !== null,
        restricted: false,
        openAtYearEnd: open && today() > yearEndAfter(row.cutoff_on),
      },
    }
  }

  async function detail(id: number, user: AuthUser): Promise<AccrualDetail> {
    const row = await load(id, user)
    const lines = await accruals.lines(id)
    const cycle = await cycleOf(row.cycle_id)
    const duplicates = ['REJECTED', 'WITHDRAWN'].includes(row.state)
      ? []
      : await accruals.possibleDuplicates(row.cycle_id, {
          accrualId: id,
          poNumber: row.po_number,
          invoiceNumber: row.invoice_number,
          vendorKey: row.vendor_key,
          amountCents: Number(row.amount_cents),
        })
    const liquidations = await accruals.liquidations(id)
    const targets = [
      { type: REQUEST_TARGET, id: String(id) },
      { type: SEPARATION_TARGET, id: String(id) },
    ]
    if (row.journal_reference) targets.push(journalTarget(row.journal_reference))
    const history = await audit.history(targets)
    const versions = await accruals.versions(id)
    const approverName = async (userId: number | null) => (userId === null ? null : ((await accruals.userEmail(userId))?.full_name ?? null))
    const step = async (name: AccrualStep) => {
      const rule = STEP_TABLE[name][row.state as keyof (typeof STEP_TABLE)[typeof name]]
      if (!rule) return false
      if (name === 'submit' && isLocked(cycle, today())) return access.has(user, LOCKED_DUTY, row.site_id)
      return mayTake(user, row, rule)
    }
    const editable =
      EDITABLE_STATES.includes(row.state as AccrualDetail['state']) && (await access.has(user, changeDuty(cycle), row.site_id))
    const clearable = CLEARING_RULE.from.includes(row.state as AccrualDetail['state']) && (await mayTake(user, row, CLEARING_RULE))
    const actions: AccrualActions = {
      edit: editable,
      submit: await step('submit'),
      siteApprove: await step('site-approve'),
      approve: await step('approve'),
      return: await step('return'),
      reject: await step('reject'),
      withdraw: await step('withdraw'),
      liquidate: clearable,
      writeOff: clearable,
      attach:
        !FINAL_STATES.includes(row.state as AccrualDetail['state']) &&
        ((await access.has(user, EDIT_DUTY, row.site_id)) || (await access.has(user, LOCKED_DUTY, row.site_id))),
    }
    const cleared = Number(row.cleared_cents)
    const writtenOff = Number(row.written_off_cents)
    const summary = toSummary(row)
    return {
      ...summary,
      flags: {
        ...summary.flags,
        possibleDuplicate: duplicates.length > 0 || row.duplicate_note !== null,
        restricted: lines.some((line) => isRestrictedResource(line.account)),
      },
      accrualAccount: row.accrual_account,
      forGoods: row.for_goods === 1,
      servicePeriodFrom: row.service_from,
      servicePeriodTo: row.service_to,
      basisNote: row.basis_note,
      duplicateNote: row.duplicate_note,
      restrictedJustification: row.restricted_justification,
      lines: lines.map((line) => ({ account: line.account, amountCents: Number(line.amount_cents) })),
      lastReason: row.last_reason,
      siteApproverName: await approverName(row.site_approved_by),
      approverName: await approverName(row.approved_by),
      postedAt: row.posted_at,
      duplicates: duplicates.map((candidate) => ({
        id: candidate.accrual_id,
        state: candidate.state as AccrualDetail['state'],
        vendor: candidate.vendor,
        poNumber: candidate.po_number,
        invoiceNumber: candidate.invoice_number,
        amountCents: Number(candidate.amount_cents),
        reason:
          row.po_number !== null && candidate.po_number === row.po_number && candidate.invoice_number === row.invoice_number
            ? ('po_invoice' as const)
            : ('vendor_amount' as const),
      })),
      liquidations: liquidations.map((liquidation) => ({
        id: liquidation.liquidation_id,
        accrualId: liquidation.accrual_id,
        paidOn: liquidation.paid_on,
        reference: liquidation.reference,
        amountCents: Number(liquidation.amount_cents),
        recordedByName: liquidation.recorded_by_name,
        recordedAt: liquidation.recorded_at,
      })),
      variance: {
        accruedCents: Number(row.amount_cents),
        clearedCents: cleared,
        writtenOffCents: writtenOff,
        varianceCents: Number(row.amount_cents) - cleared,
        remainingCents: Math.max(0, Number(row.amount_cents) - cleared - writtenOff),
      },
      attachments: await deps.listAttachments(String(id), user),
      versions: versions.map((version) => ({
        version: version.version,
        savedAt: version.saved_at,
        savedByName: version.saved_by_name,
        content: JSON.parse(version.content) as Record<string, unknown>,
      })),
      history: toHistory(history),
      actions,
    }
  }

  /** The audit row of a step, written inside the step's own transaction: the step and its row commit together or not at all. */
  const record = (action: string, user: AuthUser, id: number, client: Client, details: Record<string, unknown>) => (trx: DbTransaction) =>
    audit.record(
      {
        action,
        outcome: 'success',
        actorUserId: user.id,
        targetType: REQUEST_TARGET,
        targetId: id,
        ip: client.ip,
        userAgent: client.userAgent,
        details,
      },
      trx,
    )

  async function takeStep(id: number, name: AccrualStep, reason: string | null, user: AuthUser, client: Client): Promise<AccrualDetail> {
    const row = await load(id, user)
    const rule = STEP_TABLE[name][row.state as keyof (typeof STEP_TABLE)[typeof name]]
    if (!rule) {
      const rules = Object.values(STEP_TABLE[name])
      const already = rules.some((candidate) => candidate.to === row.state)
      const from = Object.keys(STEP_TABLE[name]).map(stateWords).join(' or ')
      throw new AppError(
        'conflict',
        already
          ? `Accrual ${id} is already ${rules[0]!.verb}.`
          : `Accrual ${id} is ${stateWords(row.state)}; it must be ${from} to be ${rules[0]!.verb}.`,
        {
          code: already ? 'already_done' : 'wrong_state',
        },
      )
    }
    const cycle = await cycleOf(row.cycle_id)
    if (name === 'submit') await requireChange(user, cycle, row.site_id)
    else await access.require(user, rule.duty, row.site_id)
    if (rule.conflicts.length > 0)
      await access.separation({
        recordId: String(id),
        recordLabel: `accrual #${id}`,
        step: name,
        userId: user.id,
        conflicts: partsOf(row, rule.conflicts),
      })
    if (name === 'submit') {
      // Submitting checks the rules again: the cycle's other requests or the chart may have changed since the draft was saved.
      const lines = await accruals.lines(id)
      const input = inputOf(row, lines)
      contentOrThrow(await checkContent(ruleDeps, input, cycle, id))
    }
    const now = clock.now().toISOString()
    const changes: Record<string, unknown> = { updated_at: now }
    if (name === 'submit') changes.submitted_at = now
    if (name === 'site-approve') Object.assign(changes, { site_approved_by: user.id, site_approved_at: now })
    if (name === 'approve') Object.assign(changes, { approved_by: user.id, approved_at: now })
    if (reason !== null) changes.last_reason = reason
    // A returned request goes round again: its site approval no longer stands.
    if (name === 'return') Object.assign(changes, { site_approved_by: null, site_approved_at: null })
    const moved = await accruals.advance(
      id,
      row.state,
      rule.to,
      changes,
      record(`accruals.${name.replace('-', '_')}`, user, id, client, {
        from: row.state,
        to: rule.to,
        ...(reason === null ? {} : { reason }),
      }),
    )
    if (!moved) throw new AppError('conflict', `Accrual ${id} was changed by someone else meanwhile. Reload it.`, { code: 'already_done' })
    await deps.onStep?.(id, name)
    return detail(id, user)
  }

  return {
    detail,
    toSummary,

    /** Whether the person may see the request (attachments use it; no detail is built). */
    async canSee(id: number, user: AuthUser): Promise<{ siteId: number; state: string } | null> {
      const row = await accruals.findById(id)
      if (!row) return null
      const scope = await access.scope(user)
      return scope.all || scope.siteIds.includes(row.site_id) ? { siteId: row.site_id, state: row.state } : null
    },

    async create(input: AccrualInputParsed, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const cycle = await cycleOf(input.cycleId)
      const site = await finance.site(input.siteId).catch(() => null)
      if (!site) throw new AppError('bad_request', `There is no site ${input.siteId}.`, { code: 'unknown_site' })
      await requireChange(user, cycle, site.id)
      const content = contentOrThrow(await checkContent(ruleDeps, input, cycle, null))
      const id = await accruals.create(content, user.id, clock.now().toISOString(), (trx, written) =>
        record('accruals.drafted', user, written, client, {
          cycleId: cycle.cycle_id,
          siteId: site.id,
          type: content.type,
          amountCents: content.amountCents,
          version: 1,
          duplicateNote: content.duplicateNote,
        })(trx),
      )
      return detail(id, user)
    },

    async update(id: number, input: AccrualInputParsed, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const row = await load(id, user)
      if (!EDITABLE_STATES.includes(row.state as AccrualDetail['state'])) {
        throw new AppError('conflict', `Accrual ${id} is ${stateWords(row.state)}: only a draft or a returned request is edited.`, {
          code: 'not_editable',
        })
      }
      if (input.cycleId !== row.cycle_id)
        throw new AppError('bad_request', `Accrual ${id} belongs to cycle ${row.cycle_id}; it cannot move to another cycle.`, {
          code: 'cycle_fixed',
        })
      if (input.siteId !== row.site_id)
        throw new AppError('bad_request', `Accrual ${id} belongs to site ${row.site_code}; it cannot move to another site.`, {
          code: 'site_fixed',
        })
      const cycle = await cycleOf(row.cycle_id)
      await requireChange(user, cycle, row.site_id)
      const content = contentOrThrow(await checkContent(ruleDeps, input, cycle, id))
      const saved = await accruals.update(
        id,
        row.version,
        EDITABLE_STATES,
        content,
        user.id,
        clock.now().toISOString(),
        record('accruals.edited', user, id, client, { version: row.version + 1, amountCents: content.amountCents, state: row.state }),
      )
      if (!saved)
        throw new AppError('conflict', `Accrual ${id} was changed by someone else meanwhile. Reload it and edit again.`, {
          code: 'accrual_changed',
        })
      return detail(id, user)
    },

    async list(query: AccrualListQuery, user: AuthUser) {
      const scope = await access.scope(user)
      let states: string[] | undefined
      let scopeForView = scope
      if (query.view === 'review') {
        // Waiting for a step the person may take: submitted where they approve for the site, site-approved where they review.
        const duties = await access.duties(user)
        const sitesOf = (duty: string) => duties.filter((candidate) => candidate.duty === duty)
        const approver = sitesOf('SITE_APPROVER')
        const reviewer = sitesOf('FISCAL_REVIEWER')
        states = [...(approver.length > 0 ? ['SUBMITTED'] : []), ...(reviewer.length > 0 ? ['SITE_APPROVED'] : [])]
        const ids = [...approver, ...reviewer]
        scopeForView = ids.some((duty) => duty.siteIds === null)
          ? scope
          : { all: false, siteIds: [...new Set(ids.flatMap((duty) => duty.siteIds ?? []))] }
      }
      const { rows, total } = await accruals.list(
        {
          scope: scopeForView,
          cycleId: query.cycleId,
          siteId: query.siteId,
          type: query.type,
          state: query.state,
          states,
          requesterId: query.view === 'me' ? user.id : query.requesterId,
          search: query.search,
        },
        query.limit,
        query.offset,
      )
      return { data: rows.map((row) => toSummary(row as AccrualRow)), pagination: { total, limit: query.limit, offset: query.offset } }
    },

    submit: (id: number, user: AuthUser, client: Client) => takeStep(id, 'submit', null, user, client),
    siteApprove: (id: number, user: AuthUser, client: Client) => takeStep(id, 'site-approve', null, user, client),
    approve: (id: number, user: AuthUser, client: Client) => takeStep(id, 'approve', null, user, client),
    withdraw: (id: number, user: AuthUser, client: Client) => takeStep(id, 'withdraw', null, user, client),
    returnToRequester: (id: number, reason: string, user: AuthUser, client: Client) => takeStep(id, 'return', reason, user, client),
    reject: (id: number, reason: string, user: AuthUser, client: Client) => takeStep(id, 'reject', reason, user, client),

    async myDuties(user: AuthUser) {
      const duties = await access.duties(user)
      return { isAdmin: access.isAdmin(user), duties: duties.map((duty) => ({ duty: duty.duty, siteIds: duty.siteIds })) }
    },
  }
}
export type AccrualsService = ReturnType<typeof createAccrualsService>

/** The stored request read back as input, so submitting can check the rules again on what was saved. */
function inputOf(row: AccrualRow, lines: Array<{ account: string; amount_cents: number }>): AccrualInputParsed {
  return {
    cycleId: row.cycle_id,
    siteId: row.site_id,
    type: row.type as AccrualInputParsed['type'],
    accrualAccount: row.named_account,
    clearing: row.clearing as AccrualInputParsed['clearing'],
    forGoods: row.for_goods === 1,
    vendor: row.vendor,
    description: row.description,
    poNumber: row.po_number,
    invoiceNumber: row.invoice_number,
    receivedOn: row.received_on,
    servicePeriodFrom: row.service_from,
    servicePeriodTo: row.service_to,
    basis: row.basis as AccrualInputParsed['basis'],
    basisNote: row.basis_note,
    amountCents: Number(row.amount_cents),
    lines: lines.map((line) => ({ account: line.account, amountCents: Number(line.amount_cents) })),
    duplicateNote: row.duplicate_note,
    restrictedJustification: row.restricted_justification,
  }
}
