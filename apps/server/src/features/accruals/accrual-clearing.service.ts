import type { AccrualDetail, LiquidationInput } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import { type AccrualAccess, requestLabel } from './accrual-access.js'
import { type Client, REQUEST_TARGET, stateWords } from './accrual-mapping.js'
import { CLEARING_RULE, PARTS } from './accrual-steps.js'
import type { AccrualsRepository } from './accruals.repository.js'
import type { AccrualsService } from './accruals.service.js'

/** Clearing a posted accrual: payments or receipts recorded against it, and the remainder written off. */
export function createAccrualClearingService(deps: {
  accruals: AccrualsRepository
  requests: AccrualsService
  finance: FinanceService
  access: AccrualAccess
  audit: AuditService
  clock: Clock
}) {
  const { accruals, requests, finance, access, audit, clock } = deps

  /**
   * Loads the request and checks the clearing rule: a CONTROLLER at its site who wrote none of it, on a posted request.
   * Separation is checked here (a refusal is audited); any exception is spent by the step's own transaction.
   */
  async function clearable(id: number, user: AuthUser, step: string) {
    const row = await accruals.findById(id)
    if (!row || !(await requests.canSee(id, user)))
      throw new AppError('not_found', `There is no accrual ${id} you may see.`, { code: 'accrual_not_found' })
    await access.require(user, CLEARING_RULE.duty, row.site_id)
    if (!CLEARING_RULE.from.includes(row.state as AccrualDetail['state'])) {
      const done = row.state === 'LIQUIDATED' || row.state === 'WRITTEN_OFF'
      throw new AppError(
        'conflict',
        done
          ? `Accrual ${id} is already ${stateWords(row.state)}: nothing is left to clear.`
          : `Accrual ${id} is ${stateWords(row.state)}; only a posted accrual is cleared.`,
        {
          code: done ? 'already_done' : 'wrong_state',
        },
      )
    }
    const check = access.stepCheck(id, step, CLEARING_RULE, user.id)
    return { row, check, clearance: await access.checkStep(check) }
  }

  const changedMeanwhile = (id: number) =>
    new AppError('conflict', `Accrual ${id} was cleared by someone else meanwhile. Reload it.`, { code: 'accrual_changed' })

  return {
    async liquidate(id: number, input: LiquidationInput, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const { row, check, clearance } = await clearable(id, user, 'liquidate')
      await finance.assertDayInWindow(input.paidOn, 'The payment date (paidOn)')
      if (input.paidOn < row.cutoff_on) {
        throw new AppError(
          'bad_request',
          `paidOn ${input.paidOn} is before the cut-off date ${row.cutoff_on}: a payment that clears an accrual comes after it.`,
          { code: 'paid_before_cutoff' },
        )
      }
      const open = Number(row.amount_cents) - Number(row.cleared_cents)
      // A payment other than what remains open is a variance the books must explain: the reason is kept with it.
      if (input.amountCents !== open && !input.varianceReason)
        throw new AppError(
          'bad_request',
          `This payment of ${formatCents(input.amountCents)} differs from the ${formatCents(open)} still open on ${requestLabel(id)}; say why (varianceReason).`,
          { code: 'variance_reason_required' },
        )
      const varianceReason = input.amountCents === open ? null : input.varianceReason
      const cleared = Number(row.cleared_cents) + input.amountCents
      // Paid in full (or more: the estimate was low, and the variance shows it) clears the accrual.
      const to = cleared >= Number(row.amount_cents) ? 'LIQUIDATED' : 'PARTIALLY_LIQUIDATED'
      const at = clock.now().toISOString()
      const liquidationId = await accruals.liquidate(
        id,
        row.state,
        Number(row.cleared_cents),
        { ...input, expectedCents: open, varianceReason, recordedBy: user.id, at },
        to,
        async (trx, written) => {
          await access.confirmIn(trx, check, clearance)
          await access.recordParts(trx, id, [{ userId: user.id, part: PARTS.liquidated }])
          await audit.record(
            {
              action: 'accruals.liquidated',
              outcome: 'success',
              actorUserId: user.id,
              targetType: REQUEST_TARGET,
              targetId: id,
              ip: client.ip,
              userAgent: client.userAgent,
              details: {
                liquidationId: written,
                paidOn: input.paidOn,
                reference: input.reference,
                amountCents: input.amountCents,
                expectedCents: open,
                ...(varianceReason === null ? {} : { varianceReason }),
                clearedCents: cleared,
                from: row.state,
                to,
              },
            },
            trx,
          )
        },
      )
      if (liquidationId === null) throw changedMeanwhile(id)
      return requests.detail(id, user)
    },

    async writeOff(id: number, reason: string, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const { row, check, clearance } = await clearable(id, user, 'write off')
      const remainder = Number(row.amount_cents) - Number(row.cleared_cents)
      const at = clock.now().toISOString()
      const moved = await accruals.advance(
        id,
        // Only against the payments read: a liquidation recorded meanwhile changes the remainder.
        { state: row.state, clearedCents: Number(row.cleared_cents) },
        'WRITTEN_OFF',
        { written_off_cents: remainder, last_reason: reason, updated_at: at },
        async (trx) => {
          await access.confirmIn(trx, check, clearance)
          await access.recordParts(trx, id, [{ userId: user.id, part: PARTS.writtenOff }])
          await audit.record(
            {
              action: 'accruals.written_off',
              outcome: 'success',
              actorUserId: user.id,
              targetType: REQUEST_TARGET,
              targetId: id,
              ip: client.ip,
              userAgent: client.userAgent,
              details: { reason, writtenOffCents: remainder, clearedCents: Number(row.cleared_cents), from: row.state },
            },
            trx,
          )
        },
      )
      if (!moved) throw changedMeanwhile(id)
      return requests.detail(id, user)
    },
  }
}
export type AccrualClearingService = ReturnType<typeof createAccrualClearingService>
