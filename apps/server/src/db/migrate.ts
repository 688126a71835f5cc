import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Db } from './database.js'
import * as initial from './migrations/0001-initial.js'
import * as userAdminIndexes from './migrations/0002-user-admin-indexes.js'
import * as userSearchTerms from './migrations/0003-user-search-terms.js'
import * as mailQueue from './migrations/0004-mail-queue.js'
import * as serverStateChanges from './migrations/0005-server-state-changes.js'
import * as dsaTracker from './migrations/0006-dsa-tracker.js'
import * as devicesAndSso from './migrations/0007-devices-and-sso.js'
import * as reports from './migrations/0008-reports.js'
import * as reportUploads from './migrations/0009-report-uploads.js'

// Listed here rather than read from the folder, so the order is explicit and nothing depends on file globbing.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-user-admin-indexes': userAdminIndexes,
  '0003-user-search-terms': userSearchTerms,
  '0004-mail-queue': mailQueue,
  '0005-server-state-changes': serverStateChanges,
  '0006-dsa-tracker': dsaTracker,
  '0007-devices-and-sso': devicesAndSso,
  '0008-reports': reports,
  '0009-report-uploads': reportUploads,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
