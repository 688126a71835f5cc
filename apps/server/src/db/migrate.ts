import { sql } from 'kysely'
import { type Migration, type MigrationProvider, type MigrationResult, Migrator } from 'kysely/migration'
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
import * as jobLeases from './migrations/0010-job-leases.js'
import * as financeFoundation from './migrations/0013-finance-foundation.js'
import * as auditChain from './migrations/0014-audit-chain.js'
import * as sessionCacheAndStats from './migrations/0020-session-cache-and-stats.js'
import * as paymentReceipts from './migrations/0021-payment-receipts.js'
import * as accruals from './migrations/0022-accruals.js'
import * as publicInformation from './migrations/0023-public-information.js'
import * as auditTargetIndex from './migrations/0024-audit-target-index.js'
import * as recordsFiguresIndex from './migrations/0025-records-figures-index.js'
import * as accrualTotalsIndex from './migrations/0026-accrual-totals-index.js'
import * as accrualLineFirsts from './migrations/0027-accrual-line-firsts.js'
import * as recordsSearchTrigrams from './migrations/0028-records-search-trigrams.js'
import * as financeCacheNotify from './migrations/0029-finance-cache-notify.js'
import * as userSearchFilters from './migrations/0030-user-search-filters.js'
import * as userSearchNames from './migrations/0031-user-search-names.js'
import * as financeParticipants from './migrations/0032-finance-participants.js'
import * as auditCheckpoints from './migrations/0033-audit-checkpoints.js'
import * as receiptsParticipants from './migrations/0034-receipts-participants.js'
import * as receiptsBooks from './migrations/0035-receipts-books.js'
import * as accrualsParticipants from './migrations/0036-accruals-participants.js'
import * as recordsParticipants from './migrations/0037-records-participants.js'
import * as receiptsJournalLines from './migrations/0038-receipts-journal-lines.js'
import * as reportExportJobs from './migrations/0039-report-export-jobs.js'
import * as dashboardDescription from './migrations/0040-dashboard-description.js'
import * as dsaClientIds from './migrations/0041-dsa-client-ids.js'
import * as publicRecordsPortal from './migrations/0042-public-records-portal.js'
import * as reportSubscriptions from './migrations/0043-report-subscriptions.js'

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
  '0010-job-leases': jobLeases,
  '0013-finance-foundation': financeFoundation,
  '0014-audit-chain': auditChain,
  '0020-session-cache-and-stats': sessionCacheAndStats,
  '0021-payment-receipts': paymentReceipts,
  '0022-accruals': accruals,
  '0023-public-information': publicInformation,
  '0024-audit-target-index': auditTargetIndex,
  '0025-records-figures-index': recordsFiguresIndex,
  '0026-accrual-totals-index': accrualTotalsIndex,
  '0027-accrual-line-firsts': accrualLineFirsts,
  '0028-records-search-trigrams': recordsSearchTrigrams,
  '0029-finance-cache-notify': financeCacheNotify,
  '0030-user-search-filters': userSearchFilters,
  '0031-user-search-names': userSearchNames,
  '0032-finance-participants': financeParticipants,
  '0033-audit-checkpoints': auditCheckpoints,
  '0034-receipts-participants': receiptsParticipants,
  '0035-receipts-books': receiptsBooks,
  '0036-accruals-participants': accrualsParticipants,
  '0037-records-participants': recordsParticipants,
  '0038-receipts-journal-lines': receiptsJournalLines,
  '0039-report-export-jobs': reportExportJobs,
  '0040-dashboard-description': dashboardDescription,
  '0041-dsa-client-ids': dsaClientIds,
  '0042-public-records-portal': publicRecordsPortal,
  '0043-report-subscriptions': reportSubscriptions,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its own tables in every schema; they are named in the schema in use (a DATABASE_URL may choose
  // one with search_path), or another schema's table would be taken for this one's.
  const schema = db.schema ?? (db.dialect === 'postgres' ? await currentSchema(db) : null)
  const migrator = new Migrator({ db: db.kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) })
  let { error, results } = await migrator.migrateToLatest()
  // To find its own table Kysely lists every table of every schema with its columns; a schema, table or column another
  // user drops or changes meanwhile fails that listing (3F000, 42P01, 42703) before any migration ran. Listing again is safe.
  for (let retry = 0; retry < 5 && error && isSchemaDroppedMeanwhile(error, results); retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    ;({ error, results } = await migrator.migrateToLatest())
  }
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Brings the schema up to the named migration and no further: a database as an earlier platform left it, for tests of what comes after. */
export async function migrateTo(db: Db, name: keyof typeof migrations): Promise<void> {
  const schema = db.schema ?? (db.dialect === 'postgres' ? await currentSchema(db) : null)
  const migrator = new Migrator({ db: db.kysely, provider, ...(schema ? { migrationTableSchema: schema } : {}) })
  const { error } = await migrator.migrateTo(name)
  if (error) throw new Error(`Database migration to ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
}

/** invalid_schema_name, undefined_table, undefined_column: what another schema's concurrent change gives the listing. */
const CHANGED_MEANWHILE = new Set(['3F000', '42P01', '42703'])

function isSchemaDroppedMeanwhile(error: unknown, results: MigrationResult[] | undefined): boolean {
  return CHANGED_MEANWHILE.has(String((error as { code?: unknown }).code)) && !results?.some((result) => result.status === 'Error')
}

async function currentSchema(db: Db): Promise<string | null> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely)
  return rows[0]?.schema ?? null
}

/**
 * Runs `work` (migrations and the seed) in one instance at a time. On PostgreSQL a session advisory lock, keyed by the
 * schema in use, makes instances that start together wait for the first; they then find the work done. SQLite's own write
 * lock serialises writers, and the seed only inserts what is missing.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work()
  const key = sql`hashtext('district-staff-platform:startup:' || coalesce(current_schema(), ''))`
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}
