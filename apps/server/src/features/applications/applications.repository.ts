import { type Insertable, type Updateable, sql } from 'kysely'
import type { Db, Executor } from '../../db/database.js'
import { createSettingsRepository } from '../../db/settings.repository.js'
import { ACCESS_VERSION_SETTING, type ApplicationsTable } from '../../db/schema.js'
import { randomToken } from '../../lib/crypto.js'
import type { HeldRecords } from './application-records.js'

const MENU_COLUMNS = [
  'applications.app_id',
  'applications.app_code',
  'applications.app_name',
  'applications.app_icon',
  'applications.app_color',
  'applications.app_description',
  'applications.category',
  'applications.app_url',
  'applications.display_order',
  'applications.admin_only',
] as const

function activeQuery(db: Db) {
  return db.kysely.selectFrom('applications').select(MENU_COLUMNS).where('is_active', '=', 1).orderBy('display_order').orderBy('app_name')
}

export function createApplicationsRepository(db: Db) {
  const settings = createSettingsRepository(db)
  return {
    /** The current access version (see ACCESS_VERSION_SETTING); '0' before any change. */
    accessVersion: async () => (await settings.get(ACCESS_VERSION_SETTING)) ?? '0',
    /** Marks every cached menu out of date; call it in the transaction that changes applications or grants. */
    bumpAccessVersion: (executor: Executor = db.kysely) => settings.put(ACCESS_VERSION_SETTING, randomToken(9), executor),
    /** Every application with how many people hold a grant to it, in menu order (administration). */
    listAllWithUsage: () =>
      db.kysely
        .selectFrom('applications')
        .select((eb) => [
          'app_id',
          'app_name',
          'app_code',
          'app_url',
          'app_icon',
          'app_description',
          'display_order',
          'is_active',
          'category',
          'app_color',
          'admin_only',
          'created_at',
          'updated_at',
          eb
            .selectFrom('user_permissions')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('user_permissions.app_id', '=', 'applications.app_id')
            .as('user_count'),
        ])
        .orderBy('display_order')
        .orderBy('app_name')
        .execute(),
    findById: (appId: number, executor: Executor = db.kysely) =>
      executor.selectFrom('applications').selectAll().where('app_id', '=', appId).executeTakeFirst(),
    findByCode: (appCode: string) =>
      db.kysely.selectFrom('applications').select('app_id').where('app_code', '=', appCode).executeTakeFirst(),
    insert: (row: Insertable<ApplicationsTable>, executor: Executor = db.kysely) =>
      executor.insertInto('applications').values(row).returning('app_id').executeTakeFirstOrThrow(),
    update: (appId: number, changes: Updateable<ApplicationsTable>, executor: Executor = db.kysely) =>
      executor.updateTable('applications').set(changes).where('app_id', '=', appId).execute(),
    /** How many rows of each kind the application holds (application-records.ts), as the step's transaction sees them. */
    async countHeld(app: { appId: number; appCode: string }, held: HeldRecords[], executor: Executor): Promise<number[]> {
      const counts: number[] = []
      for (const kind of held) {
        const filter =
          kind.by === 'app_id' ? sql`where app_id = ${app.appId}` : kind.by === 'app_code' ? sql`where app_code = ${app.appCode}` : sql``
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(kind.table)} ${filter}`.execute(executor)
        counts.push(Number(rows[0]?.n ?? 0))
      }
      return counts
    },
    /** Removes an application and its grants; returns who held it. */
    async delete(appId: number, executor: Executor): Promise<number[]> {
      const holders = await executor
        .selectFrom('user_permissions')
        .select('user_id')
        .where('app_id', '=', appId)
        .orderBy('user_id')
        .execute()
      await executor.deleteFrom('user_permissions').where('app_id', '=', appId).execute()
      await executor.deleteFrom('applications').where('app_id', '=', appId).execute()
      return holders.map((row) => row.user_id)
    },
    /** Every application, active or not, as the user form offers them. */
    catalogue: () =>
      db.kysely
        .selectFrom('applications')
        .select(['app_id', 'app_name', 'app_code', 'app_icon', 'app_color', 'category', 'admin_only', 'is_active'])
        .orderBy('display_order')
        .orderBy('app_name')
        .execute(),
    /** Every active application, in menu order. */
    listActive: () => activeQuery(db).execute(),
    /** The active, not admin-only applications granted to a user, in menu order. */
    listGrantedActive: (userId: number) =>
      db.kysely
        .selectFrom('applications')
        .innerJoin('user_permissions', 'user_permissions.app_id', 'applications.app_id')
        .select(MENU_COLUMNS)
        .where('user_permissions.user_id', '=', userId)
        .where('applications.is_active', '=', 1)
        .where('applications.admin_only', '=', 0)
        .orderBy('applications.display_order')
        .orderBy('applications.app_name')
        .execute(),
  }
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>
