import type { Insertable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { SsoStatesTable } from '../../db/schema.js'

/** SQL for single sign-on states between the redirect to the identity provider and its return. */
export function createSsoRepository(db: Db) {
  const k = db.kysely
  return {
    insertState: (row: Insertable<SsoStatesTable>) => k.insertInto('sso_states').values(row).execute(),

    /** Spends a state exactly once and returns it; undefined when unknown, spent or expired. */
    async consumeState(stateHash: string, now: string) {
      const row = await k.selectFrom('sso_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst()
      if (!row || row.consumed_at || row.expires_at <= now) return undefined
      const result = await k
        .updateTable('sso_states')
        .set({ consumed_at: now })
        .where('state_hash', '=', stateHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1 ? row : undefined
    },

    purgeExpired: (before: string) => k.deleteFrom('sso_states').where('expires_at', '<', before).execute(),
  }
}
export type SsoRepository = ReturnType<typeof createSsoRepository>
