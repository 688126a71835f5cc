import type { Db } from '../db/database.js'
import { accrualsJournalCsv } from '../features/accruals/accruals-journal.js'
import { dsaProjectsCsv } from '../features/dsa/dsa-export-csv.js'
import { receiptsJournalCsv } from '../features/receipts/receipts-journal.js'
import { reportCsv } from '../features/reports/exports/csv-export.js'

/**
 * Every download whose body is a long stream of rows, by name. Each is a function of a database and plain arguments
 * (what the route decided: filters, the person's sites, the time): the route checks rights and writes what must be
 * written; the producer only reads.
 */
export const downloadProducers = {
  accrualsJournalCsv,
  dsaProjectsCsv,
  receiptsJournalCsv,
  reportCsv,
} satisfies Record<string, (db: Db, args: never) => AsyncIterable<string>>

export type DownloadName = keyof typeof downloadProducers
export type DownloadArgs<N extends DownloadName> = Parameters<(typeof downloadProducers)[N]>[1]
