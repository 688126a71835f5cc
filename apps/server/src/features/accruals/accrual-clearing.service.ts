import type { AccrualDetail, LiquidationInput } from '@platform/contracts/accruals'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { AccrualAccess } from './accrual-access.js'
import { type Client, REQUEST_TARGET, stateWords } from './accrual-mapping.js'
import { CLEARING_RULE } from './accrual-steps.js'
import type { AccrualsRepository } from './accruals.repository.js'
import type { AccrualsService } from './accruals.service.js'

/** Clearing a posted accrual: payments or receipts recorded against it, and the remainder written off (issue 16 §6). */
export function createAccrualClearingService(deps: {
  accruals: AccrualsRepository
  requests: AccrualsService
  access: AccrualAccess
  audit: AuditService
  clock: Clock
}) {
  const { accruals, requests, access, audit, clock } = deps

  /** Loads the request and checks the clearing rule: a CONTROLLER at its site, not its requester, on a posted request. */
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
    await access.separation({
      recordId: String(id),
      recordLabel: `accrual #${id}`,
      step,
      userId: user.id,
      conflicts: [{ role: 'requester', userIds: [row.requester_id] }],
    })
    return row
  }

  return {
    async liquidate(id: number, input: LiquidationInput, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const row = await clearable(id, user, 'liquidate')
      if (input.paidOn < row.cutoff_on) {
        throw new AppError(
          'bad_request',
          `paidOn ${input.paidOn} is before the cut-off date ${row.cutoff_on}: a payment that clears an accrual comes after it.`,
          { code: 'paid_before_cutoff' },
        )
      }
      const cleared = Number(row.cleared_cents) + input.amountCents
      // Paid in full (or more: the estimate was low, and the variance shows it) clears the accrual.
      const to = cleared >= Number(row.amount_cents) ? 'LIQUIDATED' : 'PARTIALLY_LIQUIDATED'
      const at = clock.now().toISOString()
      const liquidationId = await accruals.liquidate(
        id,
        row.state,
        Number(row.cleared_cents),
        { ...input, recordedBy: user.id, at },
        to,
        (trx, written) =>
          audit.record(
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
                clearedCents: cleared,
                from: row.state,
                to,
              },
            },
            trx,
          ),
      )
      if (liquidationId === null)
        throw new AppError('conflict', `Accrual ${id} was cleared by someone else meanwhile. Reload it.`, { code: 'accrual_changed' })
      return requests.detail(id, user)
    },

    async writeOff(id: number, reason: string, user: AuthUser, client: Client): Promise<AccrualDetail> {
      const row = await clearable(id, user, 'write off')
      const remainder = Number(row.amount_cents) - Number(row.cleared_cents)
      const at = clock.now().toISOString()
      const moved = await accruals.advance(
        id,
        row.state,
        'WRITTEN_OFF',
        { written_off_cents: remainder, last_reason: reason, updated_at: at },
        (trx) =>
          audit.record(
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
          ),
      )
      if (!moved)
        throw new AppError('conflict', `Accrual ${id} was cleared by someone else meanwhile. Reload it.`, { code: 'accrual_changed' })
      return requests.detail(id, user)
    },
  }
}
export type AccrualClearingService = ReturnType<typeof createAccrualClearingService>
