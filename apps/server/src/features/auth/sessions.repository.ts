import type { InferResult, Insertable } from 'kysely'
import { PERSON_COLUMNS } from '../../db/person-columns.js'
import type { Db } from '../../db/database.js'
import { ACCESS_VERSION_SETTING, type SessionsTable } from '../../db/schema.js'

/**
 * A session with its person, organisation and role, and the access version: read here so that checking whether a
 * cached menu is current costs no extra query (db/settings.repository.ts writes it).
 */
function sessionWithUserQuery(db: Db) {
  return db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .innerJoin('organizations', 'organizations.org_id', 'users.organization_id')
    .innerJoin('roles', 'roles.role_id', 'users.role_id')
    .select(['sessions.session_id', 'sessions.created_at', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.revoked_at'])
    .select(PERSON_COLUMNS)
    .select((eb) =>
      eb.selectFrom('settings').select('setting_value').where('setting_key', '=', ACCESS_VERSION_SETTING).as('access_version'),
    )
}
export type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number]

export function createSessionsRepository(db: Db) {
  return {
    insert: (row: Insertable<SessionsTable>) => db.kysely.insertInto('sessions').values(row).execute(),

    /** The session with its person, organisation and role: what every authenticated call needs, in one query. */
    findWithUser: (sessionId: string) => sessionWithUserQuery(db).where('sessions.session_id', '=', sessionId).executeTakeFirst(),

    touch: (sessionId: string, at: string) =>
      db.kysely.updateTable('sessions').set({ last_seen_at: at }).where('session_id', '=', sessionId).execute(),

    revoke: (sessionId: string, at: string, reason: string) =>
      db.kysely
        .updateTable('sessions')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('session_id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute(),

    async revokeAllForUser(userId: number, at: string, reason: string): Promise<number> {
      const result = await db.kysely
        .updateTable('sessions')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    async countActive(now: string, idleSince: string): Promise<number> {
      const row = await db.kysely
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>
