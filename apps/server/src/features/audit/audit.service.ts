import type { Clock } from '../../lib/clock.js'
import type { AuditRepository } from './audit.repository.js'

export interface AuditEvent {
  action: string
  outcome: 'success' | 'failure'
  actorUserId?: number | null
  targetType?: string
  targetId?: string | number
  email?: string
  ip?: string
  userAgent?: string
  /** Extra facts (reasons, before/after values). Never a token, code or link. */
  details?: Record<string, unknown>
}

/** The append-only record of sign-ins, failures and administrative changes. */
export function createAuditService({ audit, clock }: { audit: AuditRepository; clock: Clock }) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await audit.insert({
        occurred_at: clock.now().toISOString(),
        action: event.action,
        outcome: event.outcome,
        actor_user_id: event.actorUserId ?? null,
        target_type: event.targetType ?? null,
        target_id: event.targetId == null ? null : String(event.targetId),
        email: event.email ?? null,
        ip: event.ip ?? null,
        user_agent: event.userAgent?.slice(0, 500) ?? null,
        details: event.details ? JSON.stringify(event.details) : null,
      })
    },
    countSince: (action: string, outcome: 'success' | 'failure', since: Date) => audit.countSince(action, outcome, since.toISOString()),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
