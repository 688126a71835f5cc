import { type Expression, type SqlBool, type Transaction, sql } from 'kysely'
import { ACCOUNT_SEGMENTS } from '@platform/contracts/finance-account'
import type { Db, Executor } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** Where each segment sits in `FF-RRRR-Y-GGGG-FFFF-OOOO-SSS` (1-based, for substr). */
const SEGMENT_POSITIONS = (() => {
  let position = 1
  return Object.fromEntries(
    ACCOUNT_SEGMENTS.map((segment) => {
      const at = position
      position += segment.length + 1
      return [segment.key, { at, length: segment.length }]
    }),
  ) as Record<string, { at: number; length: number }>
})()

const likePattern = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** The chart of accounts: segment values and, when imported, the valid account strings. SQL only. */
export function createChartRepository(db: Db) {
  const k = db.kysely
  return {
    segmentValues: (executor: Executor = k) =>
      executor.selectFrom('finance_segment_values').select(['segment', 'value', 'name', 'active']).execute(),

    segmentValuesIn: (values: string[]) =>
      values.length === 0
        ? Promise.resolve([])
        : k.selectFrom('finance_segment_values').select(['segment', 'value', 'name', 'active']).where('value', 'in', values).execute(),

    accounts: (accounts: string[], executor: Executor = k) =>
      accounts.length === 0
        ? Promise.resolve([])
        : executor.selectFrom('finance_accounts').select(['account', 'active']).where('account', 'in', accounts).execute(),

    /**
     * What checking some account strings needs, in one read: the segment values among `values`, the listed strings
     * among `accounts`, and whether the district lists its strings at all (a receipt is checked on every issue).
     */
    async accountFacts(values: string[], accounts: string[]) {
      const { rows } = await sql<{ kind: string; segment: string | null; value: string; name: string | null; active: number | null }>`
        select 'value' as kind, segment, value, name, active from finance_segment_values
          where value in (${sql.join(values.length > 0 ? values : [''])})
        union all
        select 'account', null, account, null, active from finance_accounts
          where account in (${sql.join(accounts.length > 0 ? accounts : [''])})
        union all
        select 'any', null, account, null, null from (select account from finance_accounts limit 1) one`.execute(k)
      return {
        segmentValues: rows
          .filter((row) => row.kind === 'value')
          .map((row) => ({ segment: row.segment!, value: row.value, name: row.name!, active: Number(row.active) })),
        listed: rows.filter((row) => row.kind === 'account').map((row) => ({ account: row.value, active: Number(row.active) })),
        anyListed: rows.some((row) => row.kind === 'any'),
      }
    },

    /** Whether the district listed its valid account strings at all (one row read, not a count of them all). */
    async anyAccounts(): Promise<boolean> {
      return (await k.selectFrom('finance_accounts').select('account').limit(1).executeTakeFirst()) !== undefined
    },

    async countSegmentValues(): Promise<number> {
      const row = await k
        .selectFrom('finance_segment_values')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async upsertSegmentValue(
      row: { segment: string; value: string; name: string; active: number },
      at: string,
      trx: Transaction<Database>,
    ) {
      await trx
        .insertInto('finance_segment_values')
        .values({ ...row, updated_at: at })
        .onConflict((oc) => oc.columns(['segment', 'value']).doUpdateSet({ name: row.name, active: row.active, updated_at: at }))
        .execute()
    },

    async upsertAccount(row: { account: string; active: number }, at: string, trx: Transaction<Database>) {
      await trx
        .insertInto('finance_accounts')
        .values({ ...row, updated_at: at })
        .onConflict((oc) => oc.column('account').doUpdateSet({ active: row.active, updated_at: at }))
        .execute()
    },

    /** Segment values whose name contains a word, for matching account strings by a segment's name. */
    namedValues: (word: string, limit: number) =>
      k
        .selectFrom('finance_segment_values')
        .select(['segment', 'value'])
        .where(sql<SqlBool>`lower(name) like ${likePattern(word)} escape '\\'`)
        .limit(limit)
        .execute(),

    /**
     * Active listed accounts matching every word: a word matches a part of the string, or the name of one of its
     * segment values (`namedByWord` holds those values per word).
     */
    searchAccounts(words: Array<{ word: string; named: Array<{ segment: string; value: string }> }>, limit: number) {
      let query = k.selectFrom('finance_accounts').select('account').where('active', '=', 1)
      for (const { word, named } of words) {
        query = query.where((eb) => {
          const options: Expression<SqlBool>[] = [sql<SqlBool>`lower(account) like ${likePattern(word)} escape '\\'`]
          for (const { segment, value } of named) {
            const position = SEGMENT_POSITIONS[segment]
            if (position) options.push(sql<SqlBool>`substr(account, ${sql.lit(position.at)}, ${sql.lit(position.length)}) = ${value}`)
          }
          return eb.or(options)
        })
      }
      return query.orderBy('account').limit(limit).execute()
    },
  }
}
export type ChartRepository = ReturnType<typeof createChartRepository>
