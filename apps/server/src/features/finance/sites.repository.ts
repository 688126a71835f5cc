import type { Insertable, Updateable } from 'kysely'
import type { Db, WrittenAlong } from '../../db/database.js'
import type { FinanceSitesTable } from '../../db/schema.js'

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
    update: (siteId: number, changes: Updateable<FinanceSitesTable>, along: WrittenAlong) =>
      k.transaction().execute(async (trx) => {
        await trx.updateTable('finance_sites').set(changes).where('site_id', '=', siteId).execute()
        await along(trx)
      }),
  }
}
export type SitesRepository = ReturnType<typeof createSitesRepository>
export type SiteRow = Awaited<ReturnType<SitesRepository['list']>>[number]
