import type { Insertable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { ServerStateChangesTable } from '../../db/schema.js'

/** SQL for Server Monitoring's state history. */
export function createStateHistoryRepository(db: Db) {
  const k = db.kysely
  return {
    /** The latest row of every server ever seen: what the history knows at start. */
    async latestPerServer() {
      const latest = k
        .selectFrom('server_state_changes')
        .select((eb) => eb.fn.max('change_id').as('change_id'))
        .groupBy(['domain', 'server_name'])
      return k.selectFrom('server_state_changes').selectAll().where('change_id', 'in', latest).execute()
    },

    async insert(rows: Insertable<ServerStateChangesTable>[]) {
      if (rows.length > 0) await k.insertInto('server_state_changes').values(rows).execute()
    },

    /** The newest changes of a domain (or one of its servers) first. */
    list(domain: string, server: string | undefined, limit: number) {
      let query = k.selectFrom('server_state_changes').selectAll().where('domain', '=', domain)
      if (server) query = query.where('server_name', '=', server)
      return query.orderBy('change_id', 'desc').limit(limit).execute()
    },
  }
}
export type StateHistoryRepository = ReturnType<typeof createStateHistoryRepository>
