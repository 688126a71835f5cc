import { type CountInput, type DepositDetail, type DepositSummary, depositLabel } from '@platform/contracts/receipts'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import { type DepositRow, type DepositsRepository, GatherConflict } from './deposits.repository.js'
import type { ReceiptAccess, ReceiptDuty } from './receipt-access.js'
import { auditStepIn, type Client, DEPOSIT_TARGET, SEPARATION_TARGET, toHistory, toSummary } from './receipt-mapping.js'
import type { ReceiptsRepository } from './receipts.repository.js'

type Step = 'approve' | 'submit' | 'confirm' | 'reconcile'

/** Each step after the count: who takes it, from which state, and who may not (the duty table of issue 15). */
const STEPS: Record<
  Step,
  { duty: ReceiptDuty; from: string; to: string; conflicts: Array<'collector' | 'counter' | 'approver'>; verb: string }
> = {
  approve: { duty: 'APPROVER', from: 'COUNTED', to: 'APPROVED', conflicts: ['collector', 'counter'], verb: 'approved' },
  submit: { duty: 'APPROVER', from: 'APPROVED', to: 'SUBMITTED', conflicts: [], verb: 'submitted' },
  confirm: { duty: 'RECONCILER', from: 'SUBMITTED', to: 'CONFIRMED', conflicts: ['collector', 'counter'], verb: 'confirmed' },
  reconcile: {
    duty: 'RECONCILER',
    from: 'CONFIRMED',
    to: 'RECONCILED',
    conflicts: ['collector', 'counter', 'approver'],
    verb: 'reconciled',
  },
}

/** Deposits: gathering, the blind count, approval, the treasury and reconciliation (issue 15 §2.3). */
export function createDepositsService(deps: {
  receipts: ReceiptsRepository
  deposits: DepositsRepository
  finance: FinanceService
  access: ReceiptAccess
  audit: AuditService
  clock: Clock
}) {
  const { receipts, deposits, finance, access, audit, clock } = deps
  const labelOf = (row: Pick<DepositRow, 'site_code' | 'fiscal_year' | 'deposit_id'>) =>
    depositLabel(row.site_code, row.fiscal_year, row.deposit_id)

  async function load(id: number, user: AuthUser) {
    const row = await deposits.findById(id)
    if (!row) throw new AppError('not_found', `There is no deposit ${id}.`, { code: 'deposit_not_found' })
    await access.requireView(user, row.site_id, `deposit ${id}`)
    return row
  }

  const toDepositSummary = (row: Omit<DepositRow, 'bag_number'> | DepositRow, hidden: boolean): DepositSummary => ({
    id: row.deposit_id,
    label: labelOf(row),
    siteId: row.site_id,
    siteCode: row.site_code,
    state: row.state as DepositSummary['state'],
    amountCents: hidden ? null : row.expected_cents,
    countedCents: row.counted_cents,
    overShortCents: hidden ? null : row.over_short_cents,
    receiptCount: row.receipt_count,
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    confirmedOn: row.confirmed_on,
  })

  /** The people who may not take a step on this deposit, by the part they played. */
  async function conflictsOf(row: DepositRow, parts: Array<'collector' | 'counter' | 'approver'>) {
    const collectors = parts.includes('collector') ? await deposits.collectorsOf(row.deposit_id) : []
    return parts.map((part) => ({
      role: part,
      userIds:
        part === 'collector'
          ? collectors
          : part === 'counter'
            ? row.counted_by === null
              ? []
              : [row.counted_by]
            : row.approved_by === null
              ? []
              : [row.approved_by],
    }))
  }

  async function mayTake(user: AuthUser, row: DepositRow, duty: ReceiptDuty, parts: Array<'collector' | 'counter' | 'approver'>) {
    if (!(await access.has(user, duty, row.site_id))) return false
    return !(await conflictsOf(row, parts)).some((conflict) => conflict.userIds.includes(user.id))
  }

  async function detail(id: number, user: AuthUser): Promise<DepositDetail> {
    const row = await load(id, user)
    const hidden = await access.amountsHidden(user, row.site_id, row.state)
    const inside = await receipts.inDeposit(id)
    const counts = hidden ? [] : await deposits.counts(id)
    const label = labelOf(row)
    const history = await audit.history([
      { type: DEPOSIT_TARGET, id: String(id) },
      { type: SEPARATION_TARGET, id: label },
    ])
    const step = (name: Step) => row.state === STEPS[name].from && mayTake(user, row, STEPS[name].duty, STEPS[name].conflicts)
    return {
      ...toDepositSummary(row, hidden),
      receipts: inside.map((receipt) => toSummary(receipt, hidden)),
      cash: counts
        .filter((line) => line.receipt_id === null)
        .map((line) => ({ denominationCents: line.denomination_cents!, count: line.piece_count! })),
      checks: counts
        .filter((line) => line.receipt_id !== null)
        .map((line) => ({ receiptId: line.receipt_id!, number: line.number ?? '', amountCents: line.amount_cents })),
      bagNumber: row.bag_number,
      countNote: row.count_note,
      countedByName: row.counted_by_name,
      approvedByName: row.approved_by_name,
      submittedAt: row.submitted_at,
      treasuryReference: row.treasury_reference,
      statementReference: row.statement_reference,
      reconciledByName: row.reconciled_by_name,
      checksToCount: inside
        .filter((receipt) => receipt.tender !== 'CASH')
        .map((receipt) => ({ receiptId: receipt.receipt_id, number: receipt.number, checkNumber: receipt.check_number })),
      history: toHistory(history),
      actions: {
        count: row.state === 'OPEN' && (await mayTake(user, row, 'COUNTER', ['collector'])),
        approve: await step('approve'),
        submit: await step('submit'),
        confirm: await step('confirm'),
        reconcile: await step('reconcile'),
      },
    }
  }

  /** The step's audit row, written inside the step's own transaction. */
  const recordIn = auditStepIn(audit, DEPOSIT_TARGET)

  async function advance(id: number, name: Step, changes: Record<string, unknown>, user: AuthUser, client: Client): Promise<DepositDetail> {
    const step = STEPS[name]
    const row = await load(id, user)
    await access.require(user, step.duty, row.site_id)
    const label = labelOf(row)
    if (row.state !== step.from) {
      const already = row.state === step.to || DEPOSIT_ORDER.indexOf(row.state) > DEPOSIT_ORDER.indexOf(step.to)
      throw new AppError(
        'conflict',
        already
          ? `Deposit ${label} is already ${step.verb} (it is ${row.state.toLowerCase()}).`
          : `Deposit ${label} is ${row.state.toLowerCase()}; it must be ${step.from.toLowerCase()} to be ${step.verb}.`,
        {
          code: already ? 'already_done' : 'wrong_state',
        },
      )
    }
    if (step.conflicts.length > 0)
      await access.separation({
        recordId: label,
        recordLabel: `deposit ${label}`,
        step: name,
        userId: user.id,
        conflicts: await conflictsOf(row, step.conflicts),
      })
    const moved = await deposits.advance(id, step.from, step.to, changes, (trx) =>
      recordIn(trx, `receipts.deposit_${step.verb}`, user, id, client, { label, ...changes }),
    )
    if (!moved)
      throw new AppError('conflict', `Deposit ${label} was ${step.verb} or changed by someone else meanwhile. Reload it.`, {
        code: 'already_done',
      })
    return detail(id, user)
  }

  return {
    detail,

    async gather(input: { siteId: number; receiptIds: number[] }, user: AuthUser, client: Client): Promise<DepositDetail> {
      const site = await finance.site(input.siteId).catch(() => null)
      if (!site) throw new AppError('bad_request', `There is no site ${input.siteId}.`, { code: 'unknown_site' })
      await access.require(user, 'COLLECTOR', site.id)
      const chosen = await receipts.findMany(input.receiptIds)
      const missing = input.receiptIds.filter((receiptId) => !chosen.some((row) => row.receipt_id === receiptId))
      if (missing.length > 0) throw new AppError('bad_request', `There is no receipt ${missing.join(', ')}.`, { code: 'unknown_receipt' })
      const elsewhere = chosen.filter((row) => row.site_id !== site.id)
      if (elsewhere.length > 0)
        throw new AppError(
          'bad_request',
          `${elsewhere.map((row) => row.number).join(', ')} belong${elsewhere.length === 1 ? 's' : ''} to another site than ${site.name}.`,
          { code: 'receipt_of_another_site' },
        )
      const taken = chosen.filter((row) => row.state !== 'ISSUED')
      if (taken.length > 0) {
        throw new AppError(
          'unprocessable',
          taken
            .map(
              (row) => `${row.number} is ${row.state === 'DEPOSITED' ? `already in deposit ${row.deposit_id}` : row.state.toLowerCase()}`,
            )
            .join('; ') + '.',
          { code: 'receipt_not_available' },
        )
      }
      const expected = chosen.reduce((sum, row) => sum + row.amount_cents, 0)
      const now = clock.now()
      let id: number
      try {
        id = await deposits.gather(
          {
            siteId: site.id,
            fiscalYear: finance.fiscalYearOf(now),
            receiptIds: input.receiptIds,
            expectedCents: expected,
            createdBy: user.id,
            at: now.toISOString(),
          },
          (trx, depositId) =>
            recordIn(trx, 'receipts.deposit_gathered', user, depositId, client, {
              siteId: site.id,
              receiptIds: input.receiptIds,
              expectedCents: expected,
            }),
        )
      } catch (error) {
        if (error instanceof GatherConflict)
          throw new AppError(
            'conflict',
            'A chosen receipt was gathered into another deposit or voided meanwhile. Reload the list and choose again.',
            { code: 'receipt_not_available' },
          )
        throw error
      }
      return detail(id, user)
    },

    async list(filters: { siteId?: number | undefined; state?: string | undefined; limit: number; offset: number }, user: AuthUser) {
      const { rows, total } = await deposits.list(await access.scope(user), filters, filters.limit, filters.offset)
      const data: DepositSummary[] = []
      for (const row of rows) data.push(toDepositSummary(row as DepositRow, await access.amountsHidden(user, row.site_id, row.state)))
      return { data, pagination: { total, limit: filters.limit, offset: filters.offset } }
    },

    async count(id: number, input: CountInput, user: AuthUser, client: Client): Promise<DepositDetail> {
      const row = await load(id, user)
      await access.require(user, 'COUNTER', row.site_id)
      const label = labelOf(row)
      if (row.state !== 'OPEN')
        throw new AppError('conflict', `Deposit ${label} is already counted (it is ${row.state.toLowerCase()}).`, { code: 'already_done' })
      await access.separation({
        recordId: label,
        recordLabel: `deposit ${label}`,
        step: 'count',
        userId: user.id,
        conflicts: await conflictsOf(row, ['collector']),
      })
      const inside = await receipts.inDeposit(id)
      const checkable = new Map(inside.filter((receipt) => receipt.tender !== 'CASH').map((receipt) => [receipt.receipt_id, receipt]))
      const strangers = input.checks.filter((check) => !checkable.has(check.receiptId)).map((check) => check.receiptId)
      if (strangers.length > 0)
        throw new AppError('bad_request', `Receipt ${strangers.join(', ')} is not a check or money order in deposit ${label}.`, {
          code: 'check_not_in_deposit',
        })
      const counted =
        input.cash.reduce((sum, line) => sum + line.denominationCents * line.count, 0) +
        input.checks.reduce((sum, check) => sum + check.amountCents, 0)
      const expected = row.expected_cents
      const note = input.note?.trim() || null
      if (counted !== expected && !note) {
        // The counter is not told by how much: the count stays blind until it is saved with a note.
        throw new AppError(
          'bad_request',
          'The count does not match what was collected. Check it again; if it stands, save it with a note that explains the difference.',
          { code: 'note_required' },
        )
      }
      const saved = await deposits.saveCount(
        id,
        {
          cash: input.cash,
          checks: input.checks,
          countedCents: counted,
          bagNumber: input.bagNumber,
          note,
          countedBy: user.id,
          at: clock.now().toISOString(),
        },
        (trx, count) =>
          recordIn(trx, 'receipts.deposit_counted', user, id, client, {
            label,
            countedCents: counted,
            overShortCents: count.overShortCents,
            bagNumber: input.bagNumber,
            note,
          }),
      )
      if (!saved) throw new AppError('conflict', `Deposit ${label} was counted by someone else meanwhile.`, { code: 'already_done' })
      return detail(id, user)
    },

    approve: (id: number, user: AuthUser, client: Client) =>
      advance(id, 'approve', { approved_by: user.id, approved_at: clock.now().toISOString() }, user, client),
    submit: (id: number, user: AuthUser, client: Client) =>
      advance(id, 'submit', { submitted_by: user.id, submitted_at: clock.now().toISOString() }, user, client),
    confirm: (id: number, input: { treasuryReference: string; confirmedOn: string }, user: AuthUser, client: Client) =>
      advance(
        id,
        'confirm',
        {
          treasury_reference: input.treasuryReference,
          confirmed_on: input.confirmedOn,
          confirmed_by: user.id,
          confirmed_at: clock.now().toISOString(),
        },
        user,
        client,
      ),
    reconcile: (id: number, input: { statementReference: string; note?: string | null | undefined }, user: AuthUser, client: Client) =>
      advance(
        id,
        'reconcile',
        {
          statement_reference: input.statementReference,
          reconcile_note: input.note ?? null,
          reconciled_by: user.id,
          reconciled_at: clock.now().toISOString(),
        },
        user,
        client,
      ),

    /** For the deposit slip: only once approved, when nothing changes any more. */
    async printable(id: number, user: AuthUser) {
      const deposit = await detail(id, user)
      if (deposit.state === 'OPEN' || deposit.state === 'COUNTED')
        throw new AppError('unprocessable', `Deposit ${deposit.label} has no slip until it is approved.`, { code: 'not_approved' })
      const site = await finance.site(deposit.siteId)
      return { deposit, siteName: site.name }
    },
  }
}
export type DepositsService = ReturnType<typeof createDepositsService>

const DEPOSIT_ORDER = ['OPEN', 'COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED', 'RECONCILED']
