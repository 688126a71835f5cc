import type { Db } from '../../db/database.js'

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

export function createApplicationsRepository(db: Db) {
  return {
    /** Every active application, in menu order. */
    listActive: () =>
      db.kysely
        .selectFrom('applications')
        .select(MENU_COLUMNS)
        .where('is_active', '=', 1)
        .orderBy('display_order')
        .orderBy('app_name')
        .execute(),
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
