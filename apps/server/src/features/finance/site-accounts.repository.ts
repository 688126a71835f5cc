import type { Db, WrittenAlong } from '../../db/database.js'

/** The account patterns an administrator allowed each site's collectors beyond its own revenue. SQL only. */
export function createSiteAccountsRepository(db: Db) {
  const k = db.kysely
  return {
    patterns: async (siteId: number) =>
      (await k.selectFrom('finance_site_accounts').select('pattern').where('site_id', '=', siteId).orderBy('pattern').execute()).map(
        (row) => row.pattern,
      ),

    /** Replaces a site's patterns with these, in one transaction with its audit row. */
    replace: (siteId: number, patterns: string[], by: { userId: number; at: string }, along: WrittenAlong) =>
      db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('finance_site_accounts').where('site_id', '=', siteId).execute()
        if (patterns.length > 0)
          await trx
            .insertInto('finance_site_accounts')
            .values(patterns.map((pattern) => ({ site_id: siteId, pattern, added_by: by.userId, added_at: by.at })))
            .execute()
        await along(trx)
      }),
  }
}
export type SiteAccountsRepository = ReturnType<typeof createSiteAccountsRepository>
