import type { Clock } from '../../lib/clock.js'
import type { AuditFilters, AuditRepository } from './audit.repository.js'

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
  const toRow = (event: AuditEvent, at: string) => ({
    occurred_at: at,
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
  return {
    async record(event: AuditEvent): Promise<void> {
      await audit.insert(toRow(event, clock.now().toISOString()))
    },
    /** Many events at once (an import), written in batches. */
    async recordMany(events: AuditEvent[]): Promise<void> {
      const at = clock.now().toISOString()
      for (let i = 0; i < events.length; i += 500) await audit.insertMany(events.slice(i, i + 500).map((event) => toRow(event, at)))
    },
    countSince: (action: string, outcome: 'success' | 'failure', since: Date) => audit.countSince(action, outcome, since.toISOString()),
    /** One page of the log, newest first, with the total. */
    async list(filters: AuditFilters, limit: number, offset: number) {
      const { rows, total } = await audit.list(filters, limit, offset)
      return { data: rows, pagination: { total, limit, offset } }
    },
    actions: () => audit.actions(),
    /** Every matching entry for an export, read in pages. */
    stream: (filters: AuditFilters) => audit.stream(filters),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
