import type { Db } from '../../db/database.js'

export function createSettingsRepository(db: Db) {
  return {
    get: async (key: string) =>
      (await db.kysely.selectFrom('settings').select('setting_value').where('setting_key', '=', key).executeTakeFirst())?.setting_value,
    /** Stores a value unless one is there already (first writer wins, across instances). */
    putIfAbsent: (key: string, value: string) =>
      db.kysely
        .insertInto('settings')
        .values({ setting_key: key, setting_value: value })
        .onConflict((oc) => oc.column('setting_key').doNothing())
        .execute(),
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>
