import type { SeparationException, SeparationRefusal } from '@platform/contracts/finance'
import { isFiscalApp } from '@platform/contracts/finance'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { ExceptionRow, ExceptionsRepository } from './exceptions.repository.js'

type Client = { ip: string; userAgent: string | undefined }

/** How many recent refusals the exceptions screen offers. */
const REFUSALS_LISTED = 200
const REFUSED = 'finance.separation_refused'

export interface SeparationCheck {
  appCode: string
  recordId: string | number
  /** The step being taken, e.g. `approve`. */
  step: string
  /** What the record is called in messages, e.g. `deposit LHS-2025-26-D0004`. */
  recordLabel?: string
  userId: number
  /** The record's actors who may not take this step, by the part they played (e.g. collector, counter). */
  conflicts: Array<{ role: string; userIds: number[] }>
}

const toException = (row: ExceptionRow): SeparationException => ({
  id: row.exception_id,
  appId: row.app_id,
  appCode: row.app_code,
  recordId: row.record_id,
  step: row.step,
  userId: row.user_id,
  userName: row.user_name,
  reason: row.reason,
  createdBy: row.created_by,
  createdByName: row.created_by_name,
  createdAt: row.created_at,
  usedAt: row.used_at,
})

/** Separation of duties, checked on the record at every step, and the one-use SUPER_ADMIN exception (DESIGN.md §8.1). */
export function createSeparationService(deps: {
  exceptions: ExceptionsRepository
  audit: AuditService
  clock: Clock
  appIdOf: (appCode: string) => Promise<number | null>
  appCodeOf: (appId: number) => Promise<string | null>
}) {
  const { exceptions, audit, clock } = deps

  return {
    /**
     * Refuses (422, with an audit row) when the person played a conflicting part in the record, unless a super
     * administrator recorded an exception for exactly this person, step and record, which this spends.
     * Call it before opening the step's transaction: the refusal's audit row must outlive the step's rollback.
     */
    async assertSeparation(check: SeparationCheck): Promise<{ exceptionId: number | null }> {
      const roles = check.conflicts.filter((conflict) => conflict.userIds.includes(check.userId)).map((conflict) => conflict.role)
      if (roles.length === 0) return { exceptionId: null }
      const recordId = String(check.recordId)
      const appId = await deps.appIdOf(check.appCode)
      const base = { actorUserId: check.userId, targetType: `${check.appCode.toLowerCase()}:record`, targetId: recordId }
      const details = { appCode: check.appCode, recordId, step: check.step, conflicts: roles }
      const exceptionId =
        appId === null ? null : await exceptions.consume(appId, recordId, check.step, check.userId, clock.now().toISOString())
      if (exceptionId !== null) {
        await audit.record({
          ...base,
          action: 'finance.separation_exception_used',
          outcome: 'success',
          details: { ...details, exceptionId },
        })
        return { exceptionId }
      }
      await audit.record({ ...base, action: 'finance.separation_refused', outcome: 'failure', details })
      const record = check.recordLabel ?? 'this record'
      throw new AppError(
        'unprocessable',
        `Separation of duties: you are the ${roles.join(' and the ')} of ${record}, so you may not ${check.step} it. Another person with the duty must take this step.`,
        { code: 'separation_of_duties' },
      )
    },

    async recordException(
      input: { appId: number; recordId: string; step: string; userId: number; reason: string },
      actor: AuthUser,
      client: Client,
    ) {
      const appCode = await deps.appCodeOf(input.appId)
      if (!appCode || !isFiscalApp(appCode))
        throw new AppError(
          'bad_request',
          `Application ${input.appId} is not a fiscal application (Payment Receipts, Accruals, Public Information).`,
          { code: 'not_fiscal_application' },
        )
      const person = await exceptions.activeUser(input.userId)
      if (!person) throw new AppError('bad_request', `There is no user with id ${input.userId}.`, { code: 'unknown_user' })
      if (person.is_active !== 1) throw new AppError('unprocessable', `${person.full_name} is inactive.`, { code: 'user_inactive' })
      if (input.userId === actor.id) {
        throw new AppError('unprocessable', 'You cannot record an exception for yourself: another super administrator must record it.', {
          code: 'exception_for_self',
        })
      }
      const id = await exceptions.insert({
        app_id: input.appId,
        record_id: input.recordId,
        step: input.step,
        user_id: input.userId,
        reason: input.reason,
        created_by: actor.id,
        created_at: clock.now().toISOString(),
        used_at: null,
      })
      await audit.record({
        action: 'finance.separation_exception_recorded',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: `${appCode.toLowerCase()}:record`,
        targetId: input.recordId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { exceptionId: id, step: input.step, userId: input.userId, reason: input.reason },
      })
      return toException((await exceptions.findById(id))!)
    },

    listExceptions: async (appId: number | undefined) => (await exceptions.list(appId)).map(toException),

    /** The latest refused steps, newest first, each saying whether an exception was recorded for it since. */
    async listRefusals(): Promise<SeparationRefusal[]> {
      const { data } = await audit.list({ action: REFUSED }, REFUSALS_LISTED, 0)
      const recorded = await exceptions.list(undefined)
      const refusals: SeparationRefusal[] = []
      for (const row of data) {
        const details = parseDetails(row.details)
        if (!details || row.actor_user_id === null) continue
        const appId = await deps.appIdOf(details.appCode)
        if (appId === null) continue
        const exceptionRecorded = recorded.some(
          (exception) =>
            exception.app_id === appId &&
            exception.record_id === details.recordId &&
            exception.step === details.step &&
            exception.user_id === row.actor_user_id &&
            exception.created_at >= row.occurred_at,
        )
        refusals.push({
          auditId: row.audit_id,
          at: row.occurred_at,
          appId,
          appCode: details.appCode,
          recordId: details.recordId,
          step: details.step,
          userId: row.actor_user_id,
          userName: row.actor_name ?? row.actor_email ?? `user ${row.actor_user_id}`,
          conflicts: details.conflicts,
          exceptionRecorded,
        })
      }
      return refusals
    },
  }
}
export type SeparationService = ReturnType<typeof createSeparationService>

/** The facts a refusal's audit row carries (written by assertSeparation above); null for a row that lacks them. */
function parseDetails(details: string | null): { appCode: string; recordId: string; step: string; conflicts: string[] } | null {
  if (!details) return null
  try {
    const value = JSON.parse(details) as Record<string, unknown>
    const { appCode, recordId, step, conflicts } = value
    if (typeof appCode !== 'string' || typeof recordId !== 'string' || typeof step !== 'string' || !Array.isArray(conflicts)) return null
    return { appCode, recordId, step, conflicts: conflicts.filter((role): role is string => typeof role === 'string') }
  } catch {
    return null
  }
}
