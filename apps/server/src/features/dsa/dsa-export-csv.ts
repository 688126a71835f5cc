import { DSA_EXPORT_COLUMNS, type DsaFilters } from '@platform/contracts/dsa'
import { formatIsoInDistrict } from '@platform/contracts/district-time'
import type { Db } from '../../db/database.js'
import { csvRecord, textPieces } from '../../lib/csv.js'
import { createDsaRepository } from './dsa.repository.js'
import { toProject } from './dsa-project.js'

/**
 * The DSA export's CSV: every project the filters select, in name order, as pieces of text. A download producer
 * (downloads/download-producers.ts).
 */
export async function* dsaProjectsCsv(
  db: Db,
  { filters, freshSince, timeZone }: { filters: DsaFilters; freshSince: string; timeZone: string },
): AsyncGenerator<string> {
  // Rows gathered into pieces for the socket: one write per row costs more than the CSV.
  const pieces = textPieces()
  pieces.add(csvRecord(DSA_EXPORT_COLUMNS))
  for await (const rows of createDsaRepository(db).stream(filters)) {
    for (const row of rows) {
      // The time of the last scrape on the district's clock, with its offset.
      const project = { ...toProject(row, freshSince), scrapedAt: formatIsoInDistrict(row.scraped_at, timeZone) }
      const piece = pieces.add(csvRecord(DSA_EXPORT_COLUMNS.map((column) => project[column])))
      if (piece) yield piece
    }
  }
  yield pieces.rest()
}
