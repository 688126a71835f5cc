import { localDate } from '@platform/contracts/finance-fiscal-year'
import { labelOf as wordsFor } from '@platform/contracts/labels'
import { receiptsLabels } from '@platform/contracts/labels/receipts'

import type { StepReasons } from '@platform/contracts/finance'
import { type CountInput, type DepositDetail, type DepositSummary, depositLabel } from '@platform/contracts/receipts'
import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { StepClearance } from '../finance/separation.service.js'
import type { AmountViewer } from './amount-visibility.js'
import { type DepositRow, type DepositsRepository, GatherConflict } from './deposits.repository.js'
import type { ReceiptAccess, ReceiptStepCheck } from './receipt-access.js'
import { auditStepIn, type Client, DEPOSIT_TARGET, SEPARATION_TARGET, toHistory, toSummary } from './receipt-mapping.js'
import { DEPOSIT_ORDER, DEPOSIT_RECORD, DEPOSIT_STEP_NAMES, DEPOSIT_STEPS, type DepositStep } from './receipt-steps.js'
import { depositEntry } from './receipts-journal.js'
import { journalEntries } from './receipts-journal.repository.js'
import type { ReceiptsRepository } from './receipts.repository.js'

/** A deposit's state in a sentence: 'counted'. */
const stateWords = (state: string) => wordsFor(receiptsLabels.depositState, state).toLowerCase()

const collectorsAsParts = (userIds: number[]) => userIds.map((userId) => ({ userId, part: 'collected' }))

/** Deposits: gathering, the blind count, approval, the treasury and reconciliation. */
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

  const toDepositSummary = (
    row: Pick<
      DepositRow,
      | 'deposit_id'
      | 'site_id'
      | 'site_code'
      | 'fiscal_year'
      | 'state'
      | 'expected_cents'
      | 'counted_cents'
      | 'over_short_cents'
      | 'receipt_count'
      | 'created_at'
      | 'created_by_name'
      | 'confirmed_on'
    >,
    viewer: AmountViewer,
  ): DepositSummary => {
    const hidden = viewer.hidesDeposit({ siteId: row.site_id, state: row.state })
    return {
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
    }
  }

  /** A step on this deposit as separation of duties checks it, with the collectors of the receipts it holds now. */
  const stepCheck = async (row: DepositRow, name: DepositStep, user: AuthUser): Promise<ReceiptStepCheck> => ({
    recordType: DEPOSIT_RECORD,
    recordId: row.deposit_id,
    label: labelOf(row),
    step: name,
    rule: DEPOSIT_STEPS[name],
    userId: user.id,
    derived: DEPOSIT_STEPS[name].barred.includes('collected') ? collectorsAsParts(await deposits.collectorsOf(row.deposit_id)) : [],
  })

  /** Inside the step's transaction, its row locked: the parts are read again (a receipt's collector as it is now). */
  async function confirmIn(trx: DbTransaction, check: ReceiptStepCheck, clearance: StepClearance) {
    const derived = check.rule.barred.includes('collected') ? collectorsAsParts(await deposits.collectorsOf(check.recordId, trx)) : []
    await access.confirmStepIn(trx, { ...check, derived }, clearance)
  }

  /** What the person may do now, and why each step they hold the duty for in this state is not offered to them. */
  async function stepsFor(row: DepositRow, user: AuthUser) {
    const actions = { count: false, approve: false, submit: false, confirm: false, reconcile: false }
    const stepReasons: StepReasons = {}
    for (const name of DEPOSIT_STEP_NAMES) {
      const rule = DEPOSIT_STEPS[name]
      if (row.state !== rule.from || !(await access.has(user, rule.duty, row.site_id))) continue
      const reason = rule.barred.length === 0 ? null : await access.reasonNotOffered(await stepCheck(row, name, user))
      if (reason === null) actions[name] = true
      else stepReasons[name] = reason
    }
    return { actions, stepReasons }
  }

  async function detail(id: number, user: AuthUser): Promise<DepositDetail> {
    const row = await load(id, user)
    const viewer = await access.viewer(user)
    const hidden = viewer.hidesDeposit({ siteId: row.site_id, state: row.state })
    const inside = await receipts.inDeposit(id)
    const counts = hidden ? [] : await deposits.counts(id)
    const label = labelOf(row)
    const history = await audit.history([
      { type: DEPOSIT_TARGET, id: String(id) },
      { type: SEPARATION_TARGET, id: label },
    ])
    return {
      ...toDepositSummary(row, viewer),
      receipts: inside.map((receipt) =>
        toSummary(receipt, viewer.hidesReceipt({ siteId: receipt.site_id, state: receipt.state, depositState: row.state })),
      ),
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
      history: toHistory(history, hidden),
      ...(await stepsFor(row, user)),
      version: row.version,
    }
  }

  /** The step's audit row, written inside the step's own transaction. */
  const recordIn = auditStepIn(audit, DEPOSIT_TARGET)

  /** Refuses a step asked of a deposit not in the state for it: already taken (409) or not yet possible. */
  function requireState(row: DepositRow, name: DepositStep) {
    const rule = DEPOSIT_STEPS[name]
    if (row.state === rule.from) return
    const label = labelOf(row)
    const already = DEPOSIT_ORDER.indexOf(row.state as never) >= DEPOSIT_ORDER.indexOf(rule.to)
    throw new AppError(
      'conflict',
      already
        ? `Deposit ${label} is already ${rule.part} (it is ${stateWords(row.state)}).`
        : `Deposit ${label} is ${stateWords(row.state)}; it must be ${stateWords(rule.from)} to be ${rule.part}.`,
      { code: already ? 'already_done' : 'wrong_state' },
    )
  }

  /** The step's work inside its transaction, after the row is locked: separation again, the part played, the audit row. */
  const within =
    (check: ReceiptStepCheck, clearance: StepClearance, user: AuthUser, client: Client, details: () => Record<string, unknown>) =>
    async (trx: DbTransaction) => {
      await confirmIn(trx, check, clearance)
      await access.recordParts(trx, { recordType: DEPOSIT_RECORD, recordId: check.recordId }, [
        { userId: user.id, part: DEPOSIT_STEPS[check.step as DepositStep].part },
      ])
      await recordIn(trx, `receipts.deposit_${DEPOSIT_STEPS[check.step as DepositStep].part}`, user, check.recordId, client, details())
    }

  async function advance(
    id: number,
    name: Exclude<DepositStep, 'count'>,
    changes: Record<string, unknown>,
    user: AuthUser,
    client: Client,
    first?: (trx: DbTransaction) => Promise<void>,
  ): Promise<DepositDetail> {
    const rule = DEPOSIT_STEPS[name]
    const row = await load(id, user)
    await access.require(user, rule.duty, row.site_id)
    const label = labelOf(row)
    requireState(row, name)
    const check = await stepCheck(row, name, user)
    const clearance = await access.checkStep(check)
    const rest = within(check, clearance, user, client, () => ({ label, ...changes }))
    const moved = await deposits.advance(id, rule.from, rule.to, changes, async (trx) => {
      await first?.(trx)
      await rest(trx)
    })
    if (!moved)
      throw new AppError('conflict', `Deposit ${label} was ${rule.part} or changed by someone else meanwhile. Reload it.`, {
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
              (row) =>
                `${row.number} is ${row.state === 'DEPOSITED' ? `already in deposit ${row.deposit_id}` : wordsFor(receiptsLabels.receiptState, row.state).toLowerCase()}`,
            )
            .join('; ') + '.',
          { code: 'receipt_not_available' },
        )
      }
      const now = clock.now()
      let id: number
      try {
        id = await deposits.gather(
          {
            siteId: site.id,
            fiscalYear: finance.fiscalYearOf(now),
            receiptIds: input.receiptIds,
            createdBy: user.id,
            at: now.toISOString(),
          },
          async (trx, { depositId }) => {
            await access.recordParts(trx, { recordType: DEPOSIT_RECORD, recordId: depositId }, [{ userId: user.id, part: 'gathered' }])
            // No amount in the audit row: the history of an open deposit is read by its counter (the blind count).
            await recordIn(trx, 'receipts.deposit_gathered', user, depositId, client, { siteId: site.id, receiptIds: input.receiptIds })
          },
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
      const viewer = await access.viewer(user)
      const data: DepositSummary[] = rows.map((row) => toDepositSummary(row, viewer))
      return { data, pagination: { total, limit: filters.limit, offset: filters.offset } }
    },

    async count(id: number, input: CountInput, user: AuthUser, client: Client): Promise<DepositDetail> {
      const row = await load(id, user)
      await access.require(user, 'COUNTER', row.site_id)
      const label = labelOf(row)
      requireState(row, 'count')
      const check = await stepCheck(row, 'count', user)
      const clearance = await access.checkStep(check)
      const changed = () =>
        new AppError('conflict', `Deposit ${label} changed while you counted (a receipt was taken out of it): count again.`, {
          code: 'deposit_changed',
        })
      if (row.version !== input.version) throw changed()
      const inside = await receipts.inDeposit(id)
      const checkable = new Map(inside.filter((receipt) => receipt.tender !== 'CASH').map((receipt) => [receipt.receipt_id, receipt]))
      const strangers = input.checks.filter((line) => !checkable.has(line.receiptId)).map((line) => line.receiptId)
      if (strangers.length > 0)
        throw new AppError('bad_request', `Receipt ${strangers.join(', ')} is not a check or money order in deposit ${label}.`, {
          code: 'check_not_in_deposit',
        })
      // Exact whatever the pieces: BigInt, then back to a number within the ceiling of a record.
      const total =
        input.cash.reduce((sum, line) => sum + BigInt(line.denominationCents) * BigInt(line.count), 0n) +
        input.checks.reduce((sum, line) => sum + BigInt(line.amountCents), 0n)
      if (total > BigInt(Number.MAX_SAFE_INTEGER))
        throw new AppError('bad_request', 'The count is larger than any deposit can be. Check the pieces entered.', {
          code: 'count_too_large',
        })
      const counted = Number(total)
      const note = input.note?.trim() || null
      // The version names the expected total the count is made against: the save below holds only at that version.
      if (counted !== row.expected_cents && !note) {
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
          version: input.version,
          cash: input.cash,
          checks: input.checks,
          countedCents: counted,
          bagNumber: input.bagNumber,
          note,
          countedBy: user.id,
          at: clock.now().toISOString(),
        },
        (trx, result) =>
          within(check, clearance, user, client, () => ({
            label,
            countedCents: counted,
            overShortCents: result.overShortCents,
            bagNumber: input.bagNumber,
            note,
          }))(trx),
      )
      if (!saved) {
        const now = await deposits.findById(id)
        if (now && now.state !== 'OPEN')
          throw new AppError('conflict', `Deposit ${label} was counted by someone else meanwhile.`, { code: 'already_done' })
        throw changed()
      }
      return detail(id, user)
    },

    approve: (id: number, user: AuthUser, client: Client) =>
      advance(id, 'approve', { approved_by: user.id, approved_at: clock.now().toISOString() }, user, client),
    submit: (id: number, user: AuthUser, client: Client) =>
      advance(id, 'submit', { submitted_by: user.id, submitted_at: clock.now().toISOString() }, user, client),
    async confirm(id: number, input: { treasuryReference: string; confirmedOn: string }, user: AuthUser, client: Client) {
      // The journal is dated by it: a day in the future or before the district's earliest fiscal year is no confirmation.
      await finance.assertDayInWindow(input.confirmedOn, 'The confirmation date (confirmedOn)')
      const posting = await finance.postingAccounts()
      return advance(
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
        // The deposit's entry is stored as issued, read as this transaction moved it on; an account it needs that is
        // not set refuses the confirmation before the step writes anything else, and rolls it back.
        async (trx) => {
          await journalEntries.store(trx, depositEntry(await journalEntries.depositSource(trx, id), posting, 'confirming this deposit'))
        },
      )
    },
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
      // The slip is dated the day it went to the treasury; until then, the day it is printed.
      const depositOn = localDate(deposit.submittedAt ? new Date(deposit.submittedAt) : clock.now(), finance.districtTimeZone)
      return { deposit, siteName: site.name, timeZone: finance.districtTimeZone, depositOn }
    },
  }
}
export type DepositsService = ReturnType<typeof createDepositsService>
