import type { Db, Executor } from './database.js'

/**
 * The one owner of the settings table (a key and a text value per row), shared by the features that keep a value
 * there: the signing secret, the access version of menus, finance's posting accounts, the starter-report markers.
 */
export function createSettingsRepository(db: Db) {
  return {
    get: async (key: string, executor: Executor = db.kysely) =>
      (await executor.selectFrom('settings').select('setting_value').where('setting_key', '=', key).executeTakeFirst())?.setting_value,
    /** Stores a value unless one is there already (first writer wins, across instances); true when this call stored it. */
    putIfAbsent: async (key: string, value: string, executor: Executor = db.kysely) =>
      (await executor
        .insertInto('settings')
        .values({ setting_key: key, setting_value: value })
        .onConflict((oc) => oc.column('setting_key').doNothing())
        .returning('setting_key')
        .executeTakeFirst()) !== undefined,
    /** Stores a value, replacing the one there. */
    put: (key: string, value: string, executor: Executor = db.kysely) =>
      executor
        .insertInto('settings')
        .values({ setting_key: key, setting_value: value })
        .onConflict((oc) => oc.column('setting_key').doUpdateSet((eb) => ({ setting_value: eb.ref('excluded.setting_value') })))
        .execute(),
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>
