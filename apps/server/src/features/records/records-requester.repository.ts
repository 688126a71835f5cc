import type { Db } from '../../db/database.js'

/**
 * The requester's side of a request as staff see it: how to answer them, the messages both ways, the documents
 * released to them, the public summary and the duplicate flag. SQL only.
 */
export function createRecordsRequesterRepository(db: Db) {
  const k = db.kysely
  return {
    /** How to answer the request's requester (every request has one row, made at intake). */
    ofRequest: (requestId: number) => k.selectFrom('records_requesters').selectAll().where('request_id', '=', requestId).executeTakeFirst(),
  }
}
export type RecordsRequesterRepository = ReturnType<typeof createRecordsRequesterRepository>
