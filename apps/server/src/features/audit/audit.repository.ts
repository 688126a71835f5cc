import type { AuditQuery } from '@platform/contracts/audit'
import { type Insertable, sql } from 'kysely'
import { keysetPages, type NewestFirstCursor, olderThan } from '../../db/keyset-pages.js'
import type { Db, DbTransaction, Executor } from '../../db/database.js'
import { stepTransaction } from '../../db/step-transaction.js'
import type { AuditLogTable } from '../../db/schema.js'
import { CHAIN_KEYED_ACTION, type ChainKey, keyIdOf, keyedRowHash } from './audit-chain.js'

/** The chain's head as locked by the writer about to append: the last row's id and hash. */
interface ChainHead {
  last_audit_id: number
  last_hash: string
}

/** What the log is filtered by; from and to are instants here (the service turns the district's days into them). */
export type AuditFilters = Pick<AuditQuery, 'person' | 'action' | 'from' | 'to'>

/** The first chain-keyed row: the action index finds it at once. */
const firstKeyedRow = (executor: Executor) =>
  executor
    .selectFrom('audit_log')
    .select(['audit_id', 'details'])
    .where('action', '=', CHAIN_KEYED_ACTION)
    .orderBy('audit_id')
    .limit(1)
    .executeTakeFirst()
const INSERT_BATCH = 500

/** `key`: the chain's key (decision 034), kept outside the database; every row appended is hashed with it. */
export function createAuditRepository(db: Db, key: ChainKey) {
  const k = db.kysely

  /** See history: the query itself, so a test can ask the database how it reads it. Null for no target. */
  function historyQuery(targets: Array<{ type: string; id: string }>) {
    const distinct = [...new Map(targets.map((target) => [`${target.type}\u0000${target.id}`, target])).values()]
    const about = (target: { type: string; id: string }) =>
      k
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
        .select(['a.audit_id', 'a.occurred_at', 'a.action', 'a.outcome', 'u.full_name as actor_name', 'a.details'])
        .where('a.target_type', '=', target.type)
        .where('a.target_id', '=', target.id)
    const [first, ...rest] = distinct
    if (!first) return null
    // The order of the whole union, by a column of its result: each part is read from the index in that order and
    // the parts merged, rather than each read whole and the union sorted.
    return rest.reduce((query, target) => query.unionAll(about(target)), about(first)).orderBy(sql.ref('audit_id'))
  }

  function filtered(filters: AuditFilters) {
    let query = k.selectFrom('audit_log').leftJoin('users as actor', 'actor.user_id', 'audit_log.actor_user_id')
    if (filters.action) query = query.where('audit_log.action', '=', filters.action)
    if (filters.from) query = query.where('audit_log.occurred_at', '>=', filters.from)
    if (filters.to) query = query.where('audit_log.occurred_at', '<=', filters.to)
    if (filters.person) {
      const pattern = `%${filters.person.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
      query = query.where((eb) => eb.or([like('audit_log.email'), like('actor.email'), like('actor.full_name')]))
    }
    return query
  }

  const columns = [
    'audit_log.audit_id',
    'audit_log.occurred_at',
    'audit_log.actor_user_id',
    'actor.email as actor_email',
    'actor.full_name as actor_name',
    'audit_log.action',
    'audit_log.outcome',
    'audit_log.target_type',
    'audit_log.target_id',
    'audit_log.email',
    'audit_log.ip',
    'audit_log.user_agent',
    'audit_log.details',
  ] as const

  /**
   * Appends rows to the chain in one transaction. The head row is updated first, so its lock (PostgreSQL's row lock,
   * SQLite's write lock) queues every other writer, in this process or another, until this one commits.
   * Given the transaction of a step, the rows join it (and hold the head until that step commits), so the step and its
   * record commit together or not at all; such a step appends last, keeping the head's lock short and the lock order
   * the same everywhere (the step's rows, then the head).
   */
  async function append(rows: Insertable<AuditLogTable>[], within?: DbTransaction, lockedHead?: ChainHead): Promise<void> {
    if (rows.length === 0) return
    const write = async (trx: DbTransaction) => {
      // Locks the head and reads it in one statement: one round trip fewer while every other writer waits. Unless the
      // caller locked it already within this same transaction (keying the chain does, to look for a keyed row first).
      const head =
        lockedHead ??
        (await trx
          .updateTable('audit_chain_head')
          .set((eb) => ({ last_audit_id: eb.ref('last_audit_id') }))
          .where('chain_id', '=', 1)
          .returning(['last_audit_id', 'last_hash'])
          .executeTakeFirstOrThrow())
      // A row's hash does not depend on its id, so a batch is hashed first and inserted in multi-row statements; under
      // the head's lock nobody else inserts, so the ids follow the order of the values.
      let previous = head.last_hash
      let lastId = head.last_audit_id
      const chained = rows.map((row) => {
        const linked = { ...row, prev_hash: previous }
        previous = keyedRowHash(key, linked)
        return { ...linked, row_hash: previous }
      })
      if (db.dialect === 'postgres' && chained.length <= INSERT_BATCH) {
        // The rows and the new head in one statement: every writer in every instance waits on this lock, and each
        // round trip held under it costs them all.
        await trx
          .with('inserted', (w) => w.insertInto('audit_log').values(chained).returning('audit_id'))
          .updateTable('audit_chain_head')
          .set((eb) => ({
            last_audit_id: eb.selectFrom('inserted').select((inner) => inner.fn.max<number>('inserted.audit_id').as('last')),
            last_hash: previous,
          }))
          .where('chain_id', '=', 1)
          .execute()
        return
      }
      for (let i = 0; i < chained.length; i += INSERT_BATCH) {
        const inserted = await trx
          .insertInto('audit_log')
          .values(chained.slice(i, i + INSERT_BATCH))
          .returning('audit_id')
          .execute()
        lastId = Math.max(lastId, ...inserted.map((row) => row.audit_id))
      }
      await trx.updateTable('audit_chain_head').set({ last_audit_id: lastId, last_hash: previous }).where('chain_id', '=', 1).execute()
    }
    // Alone (a refusal, a sign-in), the append is tried again when SQLite answers busy, as a step is.
    await (within ? write(within) : stepTransaction(db, write))
  }

  return {
    /** Appends one row; given a step's transaction, inside it. */
    insert: (row: Insertable<AuditLogTable>, within?: DbTransaction) => append([row], within),
    insertMany: (rows: Insertable<AuditLogTable>[], within?: DbTransaction) => append(rows, within),

    /**
     * Writes the chain-keyed row unless the chain has one: under the head's lock, so instances starting together write
     * it once. Answers the chain-keyed row (the one found or the one written) with the key id its details name.
     */
    async keyChain(row: Insertable<AuditLogTable>): Promise<{ auditId: number; keyId: string | null }> {
      return k.transaction().execute(async (trx) => {
        const head = await trx
          .updateTable('audit_chain_head')
          .set((eb) => ({ last_audit_id: eb.ref('last_audit_id') }))
          .where('chain_id', '=', 1)
          .returning(['last_audit_id', 'last_hash'])
          .executeTakeFirstOrThrow()
        const keyed = await firstKeyedRow(trx)
        if (keyed) return { auditId: keyed.audit_id, keyId: keyIdOf(keyed.details) }
        await append([row], trx, head)
        const written = await firstKeyedRow(trx)
        return { auditId: written!.audit_id, keyId: keyIdOf(written!.details) }
      })
    },

    /** The chain's start row, the row from which it is keyed, and its head (the last link written). */
    async chainBounds() {
      const start = await k
        .selectFrom('audit_log')
        .select('audit_id')
        .where('action', '=', 'audit.chain_started')
        .orderBy('audit_id')
        .executeTakeFirst()
      const head = await k
        .selectFrom('audit_chain_head')
        .select(['last_audit_id', 'last_hash'])
        .where('chain_id', '=', 1)
        .executeTakeFirst()
      const before = start
        ? await k
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('audit_id', '<', start.audit_id)
            .executeTakeFirstOrThrow()
        : { n: 0 }
      const keyed = await firstKeyedRow(k)
      return { startId: start?.audit_id ?? null, keyed: keyed ?? null, head: head ?? null, beforeChain: Number(before.n) }
    },

    /** A row's hash, or undefined when there is no such row. */
    rowHash: async (auditId: number) =>
      (await k.selectFrom('audit_log').select('row_hash').where('audit_id', '=', auditId).executeTakeFirst())?.row_hash,

    /** How many rows the chain holds from its start row through `auditId`: what a checkpoint signs as its count. */
    async chainCount(startId: number, throughId: number, executor: Executor = k) {
      const row = await executor
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('audit_id', '>=', startId)
        .where('audit_id', '<=', throughId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** One page of the chain from an id on, in order, with every hashed column. */
    chainPage: (afterId: number, limit: number) =>
      k
        .selectFrom('audit_log')
        .select([
          'audit_id',
          'occurred_at',
          'actor_user_id',
          'action',
          'outcome',
          'target_type',
          'target_id',
          'email',
          'ip',
          'user_agent',
          'details',
          'prev_hash',
          'row_hash',
        ])
        .where('audit_id', '>', afterId)
        .orderBy('audit_id')
        .limit(limit)
        .execute(),

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
        filtered(filters)
          .select(columns)
          .orderBy('audit_log.occurred_at', 'desc')
          .orderBy('audit_log.audit_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filters)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /** Every matching entry, newest first, read page by page so an export of any size holds little in memory. */
    async *stream(filters: AuditFilters, pageSize = 1000) {
      const pages = keysetPages(
        (after: NewestFirstCursor | null, limit) => {
          let query = filtered(filters).select(columns)
          if (after) query = query.where((eb) => olderThan(eb, 'audit_log.occurred_at', 'audit_log.audit_id', after))
          return query.orderBy('audit_log.occurred_at', 'desc').orderBy('audit_log.audit_id', 'desc').limit(limit).execute()
        },
        (row) => ({ at: row.occurred_at, id: row.audit_id }),
        pageSize,
      )
      for await (const rows of pages) yield* rows
    },

    actions: async () => (await k.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((row) => row.action),

    /**
     * The rows about some records (a record's history: the record itself, its separation-of-duties refusals), oldest
     * first. One indexed read per target, merged in order: written as one OR of the targets, SQLite read the whole log
     * in id order once its statistics had been taken while the log was small, and that read grows with the log; this
     * way the cost follows the record's own rows, whatever the statistics say.
     */
    history(targets: Array<{ type: string; id: string }>) {
      return historyQuery(targets)?.execute() ?? Promise.resolve([])
    },
    historyQuery,
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
