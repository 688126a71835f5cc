import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '../../db/database.js'
import { createSettingsRepository } from '../../db/settings.repository.js'

/** The settings rows this feature keeps: the retention periods, and the last daily purge (its claim and its counts). */
export const RETENTION_SETTING = 'retention_policy'
export const LAST_PURGE_SETTING = 'retention_last_purge'

/** Rows removed per statement: each delete stays short, so other calls never wait long for the database. */
const BATCH = 500

/**
 * The rows a purge may remove, and nothing else. Fiscal records, their attachments, the audit trail and its
 * checkpoints are not named here at all, so no setting can ever reach them.
 */
export function createRetentionRepository(db: Db) {
  const k = db.kysely
  const settings = createSettingsRepository(db)

  /** Runs a delete of at most `limit` rows again and again until one removes fewer; answers how many went in all. */
  async function deleteInBatches(remove: (limit: number) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
    let removed = 0
    for (;;) {
      const count = Number((await remove(BATCH)).numDeletedRows)
      removed += count
      if (count < BATCH) return removed
      // SQLite answers at once: without this a large purge would be one turn of the event loop.
      await nextTurn()
    }
  }

  return {
    settingsValue: () => settings.get(RETENTION_SETTING),
    saveSettingsValue: (value: string) => settings.put(RETENTION_SETTING, value),
    lastPurgeValue: () => settings.get(LAST_PURGE_SETTING),

    /**
     * Replaces the last purge's value only if it is still `previous` (undefined: none was ever written): of any
     * number of instances that read the same value, exactly one succeeds.
     */
    async replaceLastPurge(previous: string | undefined, next: string): Promise<boolean> {
      if (previous === undefined) return settings.putIfAbsent(LAST_PURGE_SETTING, next)
      const result = await k
        .updateTable('settings')
        .set({ setting_value: next })
        .where('setting_key', '=', LAST_PURGE_SETTING)
        .where('setting_value', '=', previous)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * Messages that ended (sent, recorded in the outbox, given up, cancelled) written before `before`. Never one still
     * waiting or being sent, nor one a public records request shows as how a letter or an answer reached its requester.
     */
    purgeMailLog: (before: string) =>
      deleteInBatches((limit) =>
        k
          .deleteFrom('mail_messages')
          .where('message_id', 'in', (eb) =>
            eb
              .selectFrom('mail_messages as m')
              .select('m.message_id')
              .where('m.status', 'in', ['sent', 'outbox', 'failed', 'cancelled'])
              .where('m.created_at', '<', before)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(selectFrom('records_deliveries as d').select('d.delivery_id').whereRef('d.mail_message_id', '=', 'm.message_id')),
                ),
              )
              .where(({ not, exists, selectFrom }) =>
                not(exists(selectFrom('records_messages as r').select('r.message_id').whereRef('r.mail_message_id', '=', 'm.message_id'))),
              )
              .limit(limit),
          )
          .executeTakeFirst(),
      ),

    /** Sessions signed out or expired before `before`. */
    purgeEndedSessions: (before: string) =>
      deleteInBatches((limit) =>
        k
          .deleteFrom('sessions')
          .where('session_id', 'in', (eb) =>
            eb
              .selectFrom('sessions')
              .select('session_id')
              .where((w) => w.or([w('revoked_at', '<', before), w('expires_at', '<', before)]))
              .limit(limit),
          )
          .executeTakeFirst(),
      ),

    /**
     * Sign-in links, codes and invitations used, replaced or expired before `before`; never a person's latest
     * invitation, whose state (accepted, expired) User Management shows.
     */
    purgeSignInAttempts: (before: string) =>
      deleteInBatches((limit) =>
        k
          .deleteFrom('login_challenges')
          .where('challenge_id', 'in', (eb) =>
            eb
              .selectFrom('login_challenges as c')
              .select('c.challenge_id')
              .where((w) => w.or([w('c.consumed_at', '<', before), w('c.revoked_at', '<', before), w('c.expires_at', '<', before)]))
              .where((w) =>
                w.or([
                  w('c.kind', '!=', 'invite'),
                  w(
                    'c.challenge_id',
                    '<',
                    w
                      .selectFrom('login_challenges as newer')
                      .select((m) => m.fn.max('newer.challenge_id').as('latest'))
                      .whereRef('newer.user_id', '=', 'c.user_id')
                      .where('newer.kind', '=', 'invite'),
                  ),
                ]),
              )
              .limit(limit),
          )
          .executeTakeFirst(),
      ),

    /** Report exports that ended without a file to keep (failed, cancelled, expired) before `before`; their pieces go with them. */
    purgeEndedExports: (before: string) =>
      deleteInBatches((limit) =>
        k
          .deleteFrom('report_export_jobs')
          .where('job_id', 'in', (eb) =>
            eb
              .selectFrom('report_export_jobs')
              .select('job_id')
              .where('state', 'in', ['failed', 'cancelled', 'expired'])
              .where('finished_at', '<', before)
              .limit(limit),
          )
          .executeTakeFirst(),
      ),
  }
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>
