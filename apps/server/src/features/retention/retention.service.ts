import { localDate } from '@platform/contracts/finance-fiscal-year'
import {
  DEFAULT_RETENTION,
  type LastPurge,
  LastPurgeSchema,
  type PurgeCounts,
  type RetentionInput,
  type RetentionSettings,
  RetentionSettingsSchema,
} from '@platform/contracts/retention'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import type { ClientInfo } from '../../lib/client-info.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { RetentionRepository } from './retention.repository.js'

/** A stored JSON value read back through its schema; what does not parse counts as absent. */
function parsed<T>(value: string | undefined, schema: { safeParse(input: unknown): { success: boolean; data?: T } }): T | null {
  if (value === undefined) return null
  try {
    const result = schema.safeParse(JSON.parse(value))
    return result.success ? (result.data ?? null) : null
  } catch {
    return null
  }
}

/**
 * How long the platform keeps what it writes for itself, and the daily purge of what is older. The purge runs once a
 * district day across every instance: the instance that replaces the last purge's mark with today's (a
 * compare-and-set on one settings row) does it, and the audit trail records what it removed.
 */
export function createRetentionService(deps: {
  retention: RetentionRepository
  audit: AuditService
  clock: Clock
  /** The district's time zone: the purge runs once per district day. */
  timeZone: string
}) {
  const { retention, audit, clock } = deps

  async function settings(): Promise<RetentionSettings> {
    return parsed(await retention.settingsValue(), RetentionSettingsSchema) ?? DEFAULT_RETENTION
  }

  async function lastPurge(): Promise<LastPurge | null> {
    return parsed(await retention.lastPurgeValue(), LastPurgeSchema)
  }

  const before = (days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString()

  /** Removes what is older than each setting; answers how many rows of each kind went. */
  async function purge(kept: RetentionSettings): Promise<PurgeCounts> {
    return {
      mailLog: await retention.purgeMailLog(before(kept.mailLogDays)),
      endedSessions: await retention.purgeEndedSessions(before(kept.endedSessionsDays)),
      signInAttempts: await retention.purgeSignInAttempts(before(kept.signInAttemptsDays)),
      temporaryFiles: await retention.purgeEndedExports(before(kept.temporaryFilesDays)),
    }
  }

  return {
    /** The settings in force and the last purge. */
    async view() {
      return { settings: await settings(), lastPurge: await lastPurge() }
    },

    /** Stores new settings (each within its bounds, else 422 in words), recorded in the audit trail with the old ones. */
    async save(input: RetentionInput, actor: AuthUser, client: ClientInfo) {
      const checked = RetentionSettingsSchema.safeParse(input)
      if (!checked.success) {
        const problems = [...new Set(checked.error.issues.map((issue) => issue.message))]
        throw new AppError('unprocessable', problems.join(' '), { code: 'retention_out_of_bounds' })
      }
      const previous = await settings()
      await retention.saveSettingsValue(JSON.stringify(checked.data))
      await audit.record({
        action: 'retention.settings_changed',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'settings',
        targetId: 'retention',
        ip: client.ip,
        userAgent: client.userAgent,
        details: { before: previous, after: checked.data },
      })
      return this.view()
    },

    /**
     * Today's purge (the district's day), unless an instance ran it already: what the housekeeping calls. Answers
     * the counts, or null when it was not this call's to run.
     */
    async daily(): Promise<PurgeCounts | null> {
      const now = clock.now()
      const day = localDate(now, deps.timeZone)
      const previousValue = await retention.lastPurgeValue()
      const previous = parsed(previousValue, LastPurgeSchema)
      if (previous && previous.day >= day) return null
      const started: LastPurge = { day, startedAt: now.toISOString(), finishedAt: null, counts: null }
      const startedValue = JSON.stringify(started)
      if (!(await retention.replaceLastPurge(previousValue, startedValue))) return null

      const kept = await settings()
      const counts = await purge(kept)
      await audit.record({
        action: 'retention.purged',
        outcome: 'success',
        targetType: 'settings',
        targetId: 'retention',
        details: { day, removed: counts, keptDays: kept },
      })
      const finished: LastPurge = { ...started, finishedAt: clock.now().toISOString(), counts }
      // Conditional on the mark still being this purge's, so a late finish never overwrites a later day's.
      await retention.replaceLastPurge(startedValue, JSON.stringify(finished))
      return counts
    },
  }
}
export type RetentionService = ReturnType<typeof createRetentionService>
