import type { SeparationException, SeparationRefusal } from '@platform/contracts/finance'
import { isFiscalApp } from '@platform/contracts/finance'
import { labelOf } from '@platform/contracts/labels'
import { financeLabels } from '@platform/contracts/labels/finance'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { DbTransaction } from '../../db/database.js'
import type { ExceptionRow, ExceptionsRepository } from './exceptions.repository.js'
import type { Participant, ParticipantsRepository, RecordRef } from './participants.repository.js'

type Client = { ip: string; userAgent: string | undefined }

/** How many recent refusals the exceptions screen offers. */
const REFUSALS_LISTED = 200
const REFUSED = 'finance.separation_refused'

/**
 * One row of an application's separation table: the duty that takes a step, and the parts (as participants record
 * them: `drafted`, `edited`, `counted`…) whose players may not take it. Each application declares its table once.
 */
export interface SeparationRule {
  duty: string
  barred: readonly string[]
}

/** A step about to be taken on a record, checked against everyone who took part in it. */
export interface StepCheck extends RecordRef {
  /** What the record is called in messages, e.g. `deposit LHS-2025-26-D0004`, `request #21`. */
  recordLabel: string
  /** The step, as the exceptions name it (`approve`, `count`…). */
  step: string
  rule: SeparationRule
  userId: number
  /** Parts the record holds by other means than the participants table (the collectors of a deposit's receipts). */
  derived?: Participant[]
  /** The id exceptions for this record were recorded under, when it is not `recordId`. */
  exceptionRecordId?: string
}

/** What a step check found: the parts that bar the person, and the exception that lets them through (spend it in the step). */
export interface StepClearance {
  parts: string[]
  exceptionId: number | null
}

/** The parts the person played that bar them from the step (empty: none). */
export function barringParts(participants: Participant[], userId: number, barred: readonly string[]): string[] {
  return [...new Set(participants.filter((p) => p.userId === userId && barred.includes(p.part)).map((p) => p.part))]
}

/** The words a screen shows beside a step it does not offer, e.g. "You edited request #21, so another person with the
 * Site approver duty must site-approve it." Null when nothing bars the person. */
export function separationReason(parts: string[], check: Pick<StepCheck, 'recordLabel' | 'step' | 'rule'>): string | null {
  if (parts.length === 0) return null
  return `You ${joinWords(parts)} ${check.recordLabel}, so another person with the ${labelOf(financeLabels.duty, check.rule.duty)} duty must ${stepIt(check.step)}.`
}

/** A step with its object where English puts it: "approve it", "write it off". */
const stepIt = (step: string) => {
  const [verb, ...rest] = step.split(' ')
  return [verb, 'it', ...rest].join(' ')
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`

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

/** Separation of duties, checked on the record at every step, and the one-use SUPER_ADMIN exception. */
export function createSeparationService(deps: {
  exceptions: ExceptionsRepository
  participants: ParticipantsRepository
  audit: AuditService
  clock: Clock
  appIdOf: (appCode: string) => Promise<number | null>
  appCodeOf: (appId: number) => Promise<string | null>
}) {
  const { exceptions, participants, audit, clock } = deps

  const everyoneIn = async (check: StepCheck, executor?: DbTransaction) => [
    ...(await participants.of(check, executor)),
    ...(check.derived ?? []),
  ]

  return {
    /** Records the parts people played in a record, inside the step's transaction. */
    recordParts: (trx: DbTransaction, record: RecordRef, played: Participant[]) =>
      participants.add(trx, record, played, clock.now().toISOString()),

    /** Everyone who took part in a record (for its page and for a screen's reasons). */
    participantsOf: (record: RecordRef) => participants.of(record),

    /** Why the person may not take the step on the record, in their words; null when nothing bars them. */
    async reasonNotOffered(check: StepCheck): Promise<string | null> {
      const parts = barringParts(await everyoneIn(check), check.userId, check.rule.barred)
      if (parts.length === 0) return null
      const appId = await deps.appIdOf(check.appCode)
      const recordId = check.exceptionRecordId ?? String(check.recordId)
      if (appId !== null && (await exceptions.findUsable(appId, recordId, check.step, check.userId)) !== null) return null
      return separationReason(parts, check)
    },

    /**
     * Refuses (422, with an audit row) when the person played a barred part in the record, unless a super administrator
     * recorded an exception for exactly this person, step and record. Nothing is spent here: the step spends the
     * exception in its own transaction (confirmIn), so a step refused later for another reason leaves it unused.
     * Call it before opening the step's transaction: the refusal's audit row must outlive a rollback.
     */
    async checkStep(check: StepCheck): Promise<StepClearance> {
      const parts = barringParts(await everyoneIn(check), check.userId, check.rule.barred)
      if (parts.length === 0) return { parts, exceptionId: null }
      const recordId = check.exceptionRecordId ?? String(check.recordId)
      const appId = await deps.appIdOf(check.appCode)
      const exceptionId = appId === null ? null : await exceptions.findUsable(appId, recordId, check.step, check.userId)
      if (exceptionId !== null) return { parts, exceptionId }
      await audit.record({
        actorUserId: check.userId,
        targetType: `${check.appCode.toLowerCase()}:record`,
        targetId: recordId,
        action: REFUSED,
        outcome: 'failure',
        details: { appCode: check.appCode, recordId, step: check.step, conflicts: parts },
      })
      throw new AppError(
        'unprocessable',
        `Separation of duties: ${separationReason(parts, check)!} Only a super administrator's recorded exception lets you take it.`,
        { code: 'separation_of_duties' },
      )
    },

    /**
     * Inside the step's transaction, after the record's row is locked: the people are read again (a part played
     * meanwhile by another step counts), and the exception the check found is spent. A person barred now without an
     * exception, or an exception spent meanwhile, is a 409: the step is rolled back and nothing is spent.
     */
    async confirmIn(trx: DbTransaction, check: StepCheck, clearance: StepClearance): Promise<void> {
      const parts = barringParts(await everyoneIn(check, trx), check.userId, check.rule.barred)
      if (parts.length === 0) return
      if (clearance.exceptionId === null)
        throw new AppError('conflict', `${separationReason(parts, check)!} (${check.recordLabel} changed while you were on it.)`, {
          code: 'separation_of_duties',
        })
      if (!(await exceptions.spend(trx, clearance.exceptionId, clock.now().toISOString())))
        throw new AppError('conflict', `The exception that allowed this step on ${check.recordLabel} was used meanwhile.`, {
          code: 'exception_used',
        })
      const recordId = check.exceptionRecordId ?? String(check.recordId)
      await audit.record(
        {
          actorUserId: check.userId,
          targetType: `${check.appCode.toLowerCase()}:record`,
          targetId: recordId,
          action: 'finance.separation_exception_used',
          outcome: 'success',
          details: { appCode: check.appCode, recordId, step: check.step, conflicts: parts, exceptionId: clearance.exceptionId },
        },
        trx,
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
      const { data } = await audit.list({ action: REFUSED }, REFUSALS_LISTED, 0, 'platform')
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

/** The facts a refusal's audit row carries (written by checkStep above); null for a row that lacks them. */
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
