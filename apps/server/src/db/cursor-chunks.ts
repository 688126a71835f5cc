import type { Compilable, Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * Every row of one PostgreSQL query, read through a cursor (a portal of the extended protocol, pg-cursor) `chunk`
 * rows at a time as the reader asks for them: the statement is planned once and each chunk is one round trip, where
 * keyset pages plan and descend the index again for every page. The connection is the reader's until the last row,
 * or until it stops (return() closes the portal and gives the connection back to the pool), and the rows come from
 * one snapshot. Small chunks are garbage soon after they are written; large ones live on until a full collection.
 */
export async function* cursorChunks<Row>(db: Kysely<Database>, query: Compilable<Row>, chunk: number): AsyncGenerator<Row[]> {
  for await (const { rows } of db.getExecutor().stream<Row>(query.compile(), chunk)) yield rows
}
