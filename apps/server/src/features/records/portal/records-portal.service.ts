import type { RecordsContext } from '../records-context.js'
import type { RecordsService } from '../records.service.js'
import type { RecordsPortalRepository } from './records-portal.repository.js'

/**
 * Public Information's portal: the public files a request without an account, follows it by a private tracking link
 * (a secret stored only as a keyed hash), writes to the records office, downloads issued letters and released
 * documents, and reads the archive of closed requests when the district publishes it.
 */
export function createRecordsPortalService(context: RecordsContext, deps: { records: RecordsService; portal: RecordsPortalRepository }) {
  void context
  void deps
  return {}
}
export type RecordsPortalService = ReturnType<typeof createRecordsPortalService>
