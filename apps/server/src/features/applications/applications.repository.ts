import type { InferResult } from 'kysely'
import type { Db } from '../../db/database.js'
import { precompile } from '../../db/precompiled.js'

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
    /** Every active application, in menu order. */
    listActive: () => active(),
    /** The active, not admin-only applications granted to a user, in menu order. */
    listGrantedActive: (userId: number) => grantedActive(userId),
  }
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>
