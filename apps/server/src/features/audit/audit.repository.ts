import type { Insertable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { AuditLogTable } from '../../db/schema.js'

export function createAuditRepository(db: Db) {
  return {
    insert: (row: Insertable<AuditLogTable>) => db.kysely.insertInto('audit_log').values(row).execute(),
    countSince: async (action: string, outcome: string, since: string) => {
      const row = await db.kysely
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', action)
        .where('outcome', '=', outcome)
        .where('occurred_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
