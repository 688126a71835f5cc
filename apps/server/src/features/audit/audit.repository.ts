import type { AuditQuery } from '@platform/contracts/audit'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/database.js'
import type { AuditLogTable } from '../../db/schema.js'

export type AuditFilters = Pick<AuditQuery, 'person' | 'action' | 'from' | 'to'>

const DAY_END = 'T23:59:59.999Z'

export function createAuditRepository(db: Db) {
  const k = db.kysely

  function filtered(filters: AuditFilters) {
    let query = k.selectFrom('audit_log').leftJoin('users as actor', 'actor.user_id', 'audit_log.actor_user_id')
    if (filters.action) query = query.where('audit_log.action', '=', filters.action)
    if (filters.from) query = query.where('audit_log.occurred_at', '>=', filters.from)
    if (filters.to) query = query.where('audit_log.occurred_at', '<=', `${filters.to}${DAY_END}`)
    if (filters.person) {
      const pattern = `%${filters.person.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
      query = query.where((eb) => eb.or([like('audit_log.email'), like('actor.email'), like('actor.full_name')]))
    }
    return query
  }

  const columns = [
    'audit_log.audit_id', 'audit_log.occurred_at', 'audit_log.actor_user_id', 'actor.email as actor_email', 'actor.full_name as actor_name',
    'audit_log.action', 'audit_log.outcome', 'audit_log.target_type', 'audit_log.target_id', 'audit_log.email', 'audit_log.ip',
    'audit_log.user_agent', 'audit_log.details',
  ] as const

  return {
    insert: (row: Insertable<AuditLogTable>) => k.insertInto('audit_log').values(row).execute(),
    insertMany: (rows: Insertable<AuditLogTable>[]) => (rows.length === 0 ? Promise.resolve() : k.insertInto('audit_log').values(rows).execute().then(() => undefined)),

    async countSince(action: string, outcome: string, since: string) {
      const row = await k
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', action)
        .where('outcome', '=', outcome)
        .where('occurred_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Newest first, one page, with the total. */
    async list(filters: AuditFilters, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        filtered(filters).select(columns).orderBy('audit_log.occurred_at', 'desc').orderBy('audit_log.audit_id', 'desc').limit(limit).offset(offset).execute(),
        filtered(filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /** Every matching entry, newest first, read page by page so an export of any size holds little in memory. */
    async *stream(filters: AuditFilters, pageSize = 1000) {
      let before: { occurredAt: string; id: number } | null = null
      for (;;) {
        let query = filtered(filters).select(columns)
        if (before) {
          const cursor: { occurredAt: string; id: number } = before
          query = query.where((eb) =>
            eb.or([
              eb('audit_log.occurred_at', '<', cursor.occurredAt),
              eb.and([eb('audit_log.occurred_at', '=', cursor.occurredAt), eb('audit_log.audit_id', '<', cursor.id)]),
            ]),
          )
        }
        const rows = await query.orderBy('audit_log.occurred_at', 'desc').orderBy('audit_log.audit_id', 'desc').limit(pageSize).execute()
        for (const row of rows) yield row
        if (rows.length < pageSize) return
        const last = rows[rows.length - 1]!
        before = { occurredAt: last.occurred_at, id: last.audit_id }
      }
    },

    actions: async () => (await k.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((row) => row.action),
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
