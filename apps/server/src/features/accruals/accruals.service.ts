import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import {
  type AccrualActions,
  type AccrualDetail,
  type HandOverInput,
  type AccrualInputParsed,
  type AccrualListQuery,
  type AccrualStep,
  type AccrualSummary,
  isRestrictedResource,
} from '@platform/contracts/accruals'
import type { Attachment, StepReasons } from '@platform/contracts/finance'
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
import { requestLabel } from './accrual-access.js'
import {
  CLEARING_RULE,
  EDITABLE_STATES,
  EDIT_DUTY,
  FINAL_STATES,
  HAND_OVER_RULE,
  LOCKED_DUTY,
  PARTS,
  STEP_TABLE,
  type StepRule,
} from './accrual-steps.js'
import type { AccrualRow, AccrualsRepository, CycleRow } from './accruals.repository.js'

/** December 31 after the cut-off: an accrual still open then is flagged (it should have cleared by now). */
export const yearEndAfter = (cutoffOn: string) => `${cutoffOn.slice(0, 4)}-12-31`

/** Requests: drafting, editing (each version kept), reading, the review steps. */
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

  /** Who may edit, submit or withdraw the request: its drafter, or whom a controller handed it to. */
  const holderOf = (row: Pick<AccrualRow, 'holder_id' | 'requester_id'>) => row.holder_id ?? row.requester_id

  /** Why someone other than the holder may not take an author's step, naming the holder ("Only Maria Lopez, who drafted…"). */
  async function notHolderWords(row: AccrualRow, verb: string): Promise<string> {
    const holder = holderOf(row)
    const name = (await accruals.userEmail(holder))?.full_name ?? `user ${holder}`
    const label = requestLabel(row.accrual_id)
    const who = holder === row.requester_id ? `who drafted ${label}` : `to whom a controller handed ${label}`
    return `Only ${name}, ${who}, may ${verb} it; a controller can hand it to you.`
  }

  async function requireHolder(row: AccrualRow, user: AuthUser, verb: string) {
    if (holderOf(row) === user.id) return
    throw new AppError('forbidden', await notHolderWords(row, verb), { code: 'not_holder' })
  }

  /** Adding a file to an open request: its holder (holding a requester's or controller's duty there), or a controller of its site. */
  async function mayAttach(row: AccrualRow, user: AuthUser): Promise<boolean> {
    if (FINAL_STATES.includes(row.state as AccrualDetail['state'])) return false
    if (await access.has(user, LOCKED_DUTY, row.site_id)) return true
    return holderOf(row) === user.id && (await access.has(user, EDIT_DUTY, row.site_id))
  }

  /** A 409 in words for a step that lost a race: what the request is now. */
  async function changedMeanwhile(id: number, editing = false): Promise<AppError> {
    const now = await accruals.findById(id)
    const state = now ? `: it is now ${stateWords(now.state)}` : ''
    return new AppError(
      'conflict',
      editing
        ? `The request changed while you edited it${state}. Reload it, then edit again.`
        : `${requestLabel(id)} changed while you were on it${state}. Reload it.`,
      { code: 'accrual_changed' },
    )
  }

  /** The duty that adds or changes a request now: the requester's before the lock date, a controller's after it. */
  const changeDuty = (cycle: Pick<CycleRow, 'lock_on'>) => (isLocked(cycle, today()) ? LOCKED_DUTY : EDIT_DUTY)

  async function requireChange(user: AuthUser, cycle: Pick<CycleRow, 'lock_on' | 'fiscal_year'>, siteId: number) {
    if (isLocked(cycle, today()) && !(await access.has(user, LOCKED_DUTY, siteId))) {
      throw new AppError(
        'forbidden',
        `The ${cycle.fiscal_year} cycle locked on ${cycle.lock_on}: only a controller may add or change a request now.`,
        { code: 'cycle_locked' },
      )
    }
    await access.require(user, changeDuty(cycle), siteId)
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
    const { actions, stepReasons } = await offeredSteps(row, cycle, user)
    const handOverCandidates = actions.handOver
      ? (await accruals.holders(changeDuty(cycle), row.site_id))
          .filter((person) => person.user_id !== holderOf(row))
          .map((person) => ({ userId: person.user_id, name: person.full_name }))
      : []
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
        expectedCents: liquidation.expected_cents === null ? null : Number(liquidation.expected_cents),
        varianceReason: liquidation.variance_reason,
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
      holderId: holderOf(row),
      holderName: (await accruals.userEmail(holderOf(row)))?.full_name ?? '',
      stepReasons,
      handOverCandidates,
    }
  }

  /**
   * What the person may do to the request now, and, for each step they hold the duty for in this state but may not
   * take, why (the author's record, or separation of duties against everyone who took part): a screen shows those
   * disabled with the reason, never just leaves them out.
   */
  async function offeredSteps(row: AccrualRow, cycle: CycleRow, user: AuthUser) {
    const state = row.state as AccrualDetail['state']
    const reasons: StepReasons = {}
    const isHolder = holderOf(row) === user.id
    const offer = async (
      key: keyof AccrualActions,
      step: string,
      rule: { duty: StepRule['duty']; barred: readonly string[] },
      verb?: string,
    ) => {
      if (!(await access.has(user, rule.duty, row.site_id))) return false
      if (verb !== undefined && !isHolder) {
        reasons[key] = await notHolderWords(row, verb)
        return false
      }
      if (rule.barred.length === 0) return true
      const reason = await access.reasonNotOffered(access.stepCheck(row.accrual_id, step, rule, user.id))
      if (reason !== null) reasons[key] = reason
      return reason === null
    }
    const step = (key: keyof AccrualActions, name: AccrualStep, verb: string) => {
      const rule = STEP_TABLE[name][state]
      if (!rule) return Promise.resolve(false)
      // Submitting after the lock date takes a controller's duty, as adding or changing does.
      const duty = name === 'submit' ? changeDuty(cycle) : rule.duty
      return offer(key, name, { ...rule, duty }, rule.holderOnly ? verb : undefined)
    }
    const clearable = CLEARING_RULE.from.includes(state)
    const actions: AccrualActions = {
      edit: EDITABLE_STATES.includes(state) && (await offer('edit', 'edit', { duty: changeDuty(cycle), barred: [] }, 'edit')),
      submit: await step('submit', 'submit', 'submit'),
      siteApprove: await step('siteApprove', 'site-approve', 'site-approve'),
      approve: await step('approve', 'approve', 'approve'),
      return: await step('return', 'return', 'return'),
      reject: await step('reject', 'reject', 'reject'),
      withdraw: await step('withdraw', 'withdraw', 'withdraw'),
      liquidate: clearable && (await offer('liquidate', 'liquidate', CLEARING_RULE)),
      writeOff: clearable && (await offer('writeOff', 'write off', CLEARING_RULE)),
      attach: await mayAttach(row, user),
      handOver: HAND_OVER_RULE.from.includes(state) && (await access.has(user, HAND_OVER_RULE.duty, row.site_id)),
    }
    return { actions, stepReasons: reasons }
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
    if (rule.holderOnly) await requireHolder(row, user, name)
    // Checked against everyone who took part, before the step's transaction (a refusal's audit row outlives it);
    // any exception is spent inside it, so a step refused later for another reason leaves the exception unused.
    const check = access.stepCheck(id, name, rule, user.id)
    const clearance = rule.barred.length > 0 ? await access.checkStep(check) : null
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
    // A returned request goes round again: its site approval no longer stands (its site approver stays a participant).
    if (name === 'return') Object.assign(changes, { site_approved_by: null, site_approved_at: null })
    const moved = await accruals.advance(
      id,
      // Submitting sends the version that was checked; an author's step only while the taker still holds the request.
      { state: row.state, ...(name === 'submit' ? { version: row.version } : {}), ...(rule.holderOnly ? { holderId: user.id } : {}) },
      rule.to,
      changes,
      async (trx) => {
        if (clearance) await access.confirmIn(trx, check, clearance)
        await access.recordParts(trx, id, [{ userId: user.id, part: rule.part }])
        await record(`accruals.${name.replace('-', '_')}`, user, id, client, {
          from: row.state,
          to: rule.to,
          ...(reason === null ? {} : { reason }),
        })(trx)
      },
    )
    if (!moved) throw await changedMeanwhile(id)
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

    /**
     * Who may read and add a request's files: whoever may see it reads them; while it is open, its holder (with the
     * duty that changes it) and its site's controllers add them. Another requester of the site adds nothing to it.
     */
    async fileAccess(recordId: string, user: AuthUser, mode: 'read' | 'write'): Promise<boolean> {
      const id = Number(recordId)
      if (!Number.isSafeInteger(id) || id <= 0) return false
      const row = await accruals.findById(id)
      if (!row) return false
      const scope = await access.scope(user)
      if (!scope.all && !scope.siteIds.includes(row.site_id)) return false
      return mode === 'read' || mayAttach(row, user)
    },

    async create(input: AccrualInputParsed, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const cycle = await cycleOf(input.cycleId)
      const site = await finance.site(input.siteId).catch(() => null)
      if (!site) throw new AppError('bad_request', `There is no site ${input.siteId}.`, { code: 'unknown_site' })
      await requireChange(user, cycle, site.id)
      const content = contentOrThrow(await checkContent(ruleDeps, input, cycle, null))
      const id = await accruals.create(content, user.id, clock.now().toISOString(), async (trx, written) => {
        await access.recordParts(trx, written, [{ userId: user.id, part: PARTS.drafted }])
        await record('accruals.drafted', user, written, client, {
          cycleId: cycle.cycle_id,
          siteId: site.id,
          type: content.type,
          amountCents: content.amountCents,
          version: 1,
          duplicateNote: content.duplicateNote,
        })(trx)
      })
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
      await requireHolder(row, user, 'edit')
      // The edit is saved against the version its editor started from (the form sends it), never over a later one.
      const version = input.version ?? row.version
      if (version !== row.version) throw await changedMeanwhile(id, true)
      const content = contentOrThrow(await checkContent(ruleDeps, input, cycle, id))
      const saved = await accruals.update(id, version, EDITABLE_STATES, content, user.id, clock.now().toISOString(), async (trx) => {
        await access.recordParts(trx, id, [{ userId: user.id, part: PARTS.edited }])
        await record('accruals.edited', user, id, client, { version: version + 1, amountCents: content.amountCents, state: row.state })(trx)
      })
      if (!saved) throw await changedMeanwhile(id, true)
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
          requesterId: query.requesterId,
          // My requests: those the person holds (drafted, or handed to them).
          holderId: query.view === 'me' ? user.id : undefined,
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

    /**
     * A controller at the request's site gives it to another person holding REQUESTER there, on the record: from then
     * on only the new holder edits, submits or withdraws it. Audited with the reason, shown in the request's history.
     */
    async handOver(id: number, input: HandOverInput, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const row = await load(id, user)
      await access.require(user, HAND_OVER_RULE.duty, row.site_id)
      if (!HAND_OVER_RULE.from.includes(row.state as AccrualDetail['state']))
        throw new AppError(
          'conflict',
          `${requestLabel(id)} is ${stateWords(row.state)}: only a request its author still works on (a draft, or returned, submitted or site approved) is handed over.`,
          { code: 'wrong_state' },
        )
      const from = holderOf(row)
      const person = await accruals.userEmail(input.userId)
      if (!person) throw new AppError('bad_request', `There is no user with id ${input.userId}.`, { code: 'unknown_user' })
      if (input.userId === from)
        throw new AppError('unprocessable', `${person.full_name} already holds ${requestLabel(id)}.`, { code: 'already_holder' })
      if (person.is_active !== 1) throw new AppError('unprocessable', `${person.full_name} is inactive.`, { code: 'user_inactive' })
      // The new holder holds the duty that changes the request now: a requester's, or a controller's once the cycle locked.
      const duty = changeDuty(await cycleOf(row.cycle_id))
      if (!(await access.has({ id: input.userId }, duty, row.site_id)))
        throw new AppError(
          'unprocessable',
          `${person.full_name} does not hold the ${labelOf(accrualsLabels.duty, duty)} duty at ${row.site_code}, so cannot take ${requestLabel(id)} on.`,
          { code: 'holder_duty_required' },
        )
      const fromName = (await accruals.userEmail(from))?.full_name ?? `user ${from}`
      const moved = await accruals.handOver(
        id,
        { states: HAND_OVER_RULE.from, holderId: from },
        input.userId,
        clock.now().toISOString(),
        async (trx) => {
          await access.recordParts(trx, id, [{ userId: user.id, part: PARTS.handedOver }])
          await record('accruals.handed_over', user, id, client, {
            fromUserId: from,
            fromName,
            toUserId: input.userId,
            toName: person.full_name,
            reason: input.reason,
            state: row.state,
          })(trx)
        },
      )
      if (!moved) throw await changedMeanwhile(id)
      return detail(id, user)
    },

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
