import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import type { FinanceSitesTable } from '../../db/schema.js'
import { stepTransaction } from '../../db/step-transaction.js'

const COLUMNS = [
  'site_id',
  'code',
  'name',
  'kind',
  'active',
  'deposit_frequency_days',
  'deposit_threshold_cents',
  'school_segment',
] as const

export function createSitesRepository(db: Db) {
  const k = db.kysely
  return {
    list: () => k.selectFrom('finance_sites').select(COLUMNS).orderBy('name').orderBy('site_id').execute(),
    findById: (siteId: number) => k.selectFrom('finance_sites').select(COLUMNS).where('site_id', '=', siteId).executeTakeFirst(),
    findByCode: (code: string) => k.selectFrom('finance_sites').select(COLUMNS).where('code', '=', code).executeTakeFirst(),
    insert: (row: Insertable<FinanceSitesTable>, along: WrittenAlong<number>) =>
      k.transaction().execute(async (trx) => {
        const { site_id: siteId } = await trx.insertInto('finance_sites').values(row).returning('site_id').executeTakeFirstOrThrow()
        await along(trx, siteId)
        return siteId
      }),
    /**
     * Changes a site in one transaction. Its row is locked first (PostgreSQL's row lock; SQLite's write lock, which the
     * first write takes), the lock every issuer of a number at the site takes before it reads the code; then `check`,
     * handed the site as it stands, may refuse by throwing, and nothing it reads of the site's numbers can change before
     * the commit. `along` is handed the site as it was. Undefined when there is no such site.
     */
    update: (
      siteId: number,
      changes: Updateable<FinanceSitesTable>,
      check: (trx: DbTransaction, locked: SiteRow) => Promise<void>,
      along: WrittenAlong<SiteRow>,
    ): Promise<SiteRow | undefined> =>
      stepTransaction(db, async (trx) => {
        const locked = await trx
          .updateTable('finance_sites')
          .set((eb) => ({ code: eb.ref('code') }))
          .where('site_id', '=', siteId)
          .returning(COLUMNS)
          .executeTakeFirst()
        if (!locked) return undefined
        await check(trx, locked)
        await trx.updateTable('finance_sites').set(changes).where('site_id', '=', siteId).execute()
        await along(trx, locked)
        return locked
      }),
  }
}
export type SitesRepository = ReturnType<typeof createSitesRepository>
export type SiteRow = Pick<Selectable<FinanceSitesTable>, (typeof COLUMNS)[number]>
