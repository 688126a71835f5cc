import type { Db } from '../../../db/database.js'

/** What the public reaches: a request by its tracking link, what was issued and released on it, and the archive. SQL only. */
export function createRecordsPortalRepository(db: Db) {
  const k = db.kysely
  return {
    /** The request a tracking link's keyed hash opens. */
    byTrackingHash: (hash: string) =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as r', 'r.request_id', 'q.request_id')
        .selectAll('r')
        .select(['q.tracking_hash', 'q.preferred_format'])
        .where('q.tracking_hash', '=', hash)
        .executeTakeFirst(),
  }
}
export type RecordsPortalRepository = ReturnType<typeof createRecordsPortalRepository>
