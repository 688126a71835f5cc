import type { Insertable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { DevicesTable } from '../../db/schema.js'

/** SQL for remembered devices and the sessions opened from them. */
export function createDevicesRepository(db: Db) {
  const k = db.kysely
  return {
    find: (userId: number, deviceHash: string) =>
      k.selectFrom('devices').selectAll().where('user_id', '=', userId).where('device_hash', '=', deviceHash).executeTakeFirst(),

    async insert(row: Insertable<DevicesTable>): Promise<number> {
      const inserted = await k.insertInto('devices').values(row).returning('device_id').executeTakeFirstOrThrow()
      return inserted.device_id
    },

    touch: (deviceId: number, values: { last_seen_at: string; last_ip: string | null; browser: string; os: string }) =>
      k.updateTable('devices').set(values).where('device_id', '=', deviceId).execute(),

    async countForUser(userId: number): Promise<number> {
      const row = await k
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    listForUser: (userId: number) =>
      k
        .selectFrom('devices')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('device_id', 'desc')
        .execute(),

    /** Sessions of a person that still work: not revoked, not past their lifetime, used within the idle time. */
    activeSessions: (userId: number, now: string, idleSince: string) =>
      k
        .selectFrom('sessions')
        .select(['session_id', 'device_id', 'created_at', 'last_seen_at', 'expires_at', 'ip'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .orderBy('last_seen_at', 'desc')
        .execute(),

    async revokeSessions(userId: number, sessionIds: string[], at: string, reason: string): Promise<number> {
      if (sessionIds.length === 0) return 0
      const result = await k
        .updateTable('sessions')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('session_id', 'in', sessionIds)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>
