import type { Db } from '../../db/database.js'

/** How issued letters reached their requesters: the e-mail in the mail log, or the post once marked mailed. SQL only. */
export function createRecordsDeliveriesRepository(db: Db) {
  const k = db.kysely
  return {
    /** Every delivery of a request's letters. */
    ofRequest: (requestId: number) => k.selectFrom('records_deliveries').selectAll().where('request_id', '=', requestId).execute(),
  }
}
export type RecordsDeliveriesRepository = ReturnType<typeof createRecordsDeliveriesRepository>
