import type { Db, WrittenAlong } from '../../db/database.js'
import { createSettingsRepository } from '../../db/settings.repository.js'

const POSTING_ACCOUNTS_KEY = 'finance.posting_accounts'
const EARLIEST_FISCAL_YEAR_KEY = 'finance.earliest_fiscal_year'

/** The district's finance settings, kept in the settings table through its one owner (db/settings.repository.ts). */
export function createFinanceSettingsRepository(db: Db) {
  const settings = createSettingsRepository(db)
  return {
    postingAccounts: async () => (await settings.get(POSTING_ACCOUNTS_KEY)) ?? null,
    earliestFiscalYear: async () => (await settings.get(EARLIEST_FISCAL_YEAR_KEY)) ?? null,
    saveEarliestFiscalYear: (value: string, along: WrittenAlong) =>
      db.kysely.transaction().execute(async (trx) => {
        await settings.put(EARLIEST_FISCAL_YEAR_KEY, value, trx)
        await along(trx)
      }),
    savePostingAccounts: (value: string, along: WrittenAlong) =>
      db.kysely.transaction().execute(async (trx) => {
        await settings.put(POSTING_ACCOUNTS_KEY, value, trx)
        await along(trx)
      }),
  }
}
export type FinanceSettingsRepository = ReturnType<typeof createFinanceSettingsRepository>
