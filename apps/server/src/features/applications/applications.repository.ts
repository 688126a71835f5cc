import type { InferResult, Kysely } from 'kysely'
import type { Db } from '../../db/database.js'
import { precompile } from '../../db/precompiled.js'
import { ACCESS_VERSION_SETTING, type Database } from '../../db/schema.js'
import { randomToken } from '../../lib/crypto.js'

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
  return db.kysely
    .selectFrom('applications')
    .select(MENU_COLUMNS)
    .where('is_active', '=', 1)
    .orderBy('display_order')
    .orderBy('app_name')
}
type MenuRow = InferResult<ReturnType<typeof activeQuery>>[number]

export function createApplicationsRepository(db: Db) {
  // Both run on every profile load: compiled once (db/precompiled.ts).
  const active = precompile<MenuRow, []>(db.kysely, () => activeQuery(db), 0)
  const grantedActive = precompile<MenuRow, [number]>(
    db.kysely,
    (userId) =>
      db.kysely
        .selectFrom('applications')
        .innerJoin('user_permissions', 'user_permissions.app_id', 'applications.app_id')
        .select(MENU_COLUMNS)
        .where('user_permissions.user_id', '=', userId as unknown as number)
        .where('applications.is_active', '=', 1)
        .where('applications.admin_only', '=', 0)
        .orderBy('applications.display_order')
        .orderBy('applications.app_name'),
    1,
  )
  return {
    /** The current access version (see ACCESS_VERSION_SETTING); '0' before any change. */
    accessVersion: async () =>
      (await db.kysely.selectFrom('settings').select('setting_value').where('setting_key', '=', ACCESS_VERSION_SETTING).executeTakeFirst())
        ?.setting_value ?? '0',
    /** Marks every cached menu out of date; call it in the transaction that changes applications or grants. */
    bumpAccessVersion: (executor: Kysely<Database> = db.kysely) =>
      executor
        .insertInto('settings')
        .values({ setting_key: ACCESS_VERSION_SETTING, setting_value: randomToken(9) })
        .onConflict((oc) => oc.column('setting_key').doUpdateSet((eb) => ({ setting_value: eb.ref('excluded.setting_value') })))
        .execute(),
    /** Every active application, in menu order. */
    listActive: () => active(),
    /** The active, not admin-only applications granted to a user, in menu order. */
    listGrantedActive: (userId: number) => grantedActive(userId),
  }
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>
