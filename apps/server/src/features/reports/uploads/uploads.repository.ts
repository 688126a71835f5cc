import { setImmediate as nextTurn } from 'node:timers/promises'
import { type Kysely, type Transaction, sql } from 'kysely'
import type { FieldType, UploadColumn } from '@platform/contracts/reports'
import type { Db } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'

// Rows per INSERT: one statement stays a short task (SQLite runs it on the event loop).
const INSERT_CHUNK = 100
const SQL_TYPE: Record<FieldType, string> = {
  string: 'text',
  integer: 'bigint',
  decimal: 'double precision',
  money: 'double precision',
  date: 'text',
  datetime: 'text',
  boolean: 'integer',
}

/** The table that holds an uploaded dataset's rows. Made of its numeric id only, so it is always a safe name. */
export const uploadTable = (uploadId: number) => `report_upload_${uploadId}`

/** SQL for uploaded datasets: their description, and the table of each one's rows. */
export function createUploadsRepository(db: Db) {
  const k = db.kysely

  async function fillTable(
    trx: Transaction<Database>,
    uploadId: number,
    columns: UploadColumn[],
    rows: Array<Array<string | number | null>>,
  ) {
    const table = uploadTable(uploadId)
    await sql`drop table if exists ${sql.table(table)}`.execute(trx)
    let create = (trx as unknown as Kysely<Record<string, Record<string, unknown>>>).schema
      .createTable(table)
      .addColumn('row_id', 'integer', (c) => c.primaryKey())
    for (const column of columns) create = create.addColumn(column.name, sql.raw(SQL_TYPE[column.type]) as never)
    await create.execute()
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const values = rows
        .slice(start, start + INSERT_CHUNK)
        .map((row, offset) =>
          Object.fromEntries([['row_id', start + offset + 1], ...columns.map((column, index) => [column.name, row[index] ?? null])]),
        )
      await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>).insertInto(table).values(values).execute()
      // SQLite answers at once, so without this the whole file would be one turn of the event loop.
      await nextTurn()
    }
  }

  return {
    list: () => k.selectFrom('report_uploads').selectAll().orderBy('name').execute(),
    get: (uploadId: number) => k.selectFrom('report_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst(),

    /** A new dataset: its description and its rows, together or not at all. */
    create(
      values: { name: string; description: string | null; columns: UploadColumn[]; fileName: string | null; by: number; at: string },
      rows: Array<Array<string | number | null>>,
    ) {
      return k.transaction().execute(async (trx) => {
        const { upload_id: uploadId } = await trx
          .insertInto('report_uploads')
          .values({
            name: values.name,
            description: values.description,
            columns: JSON.stringify(values.columns),
            row_count: rows.length,
            file_name: values.fileName,
            uploaded_by: values.by,
            created_at: values.at,
            updated_at: values.at,
          })
          .returning('upload_id')
          .executeTakeFirstOrThrow()
        await fillTable(trx, uploadId, values.columns, rows)
        return uploadId
      })
    },

    /** New rows for the same dataset id: the old rows stay until the new ones are all in. */
    replace(
      uploadId: number,
      values: { name: string; description: string | null; columns: UploadColumn[]; fileName: string | null; at: string },
      rows: Array<Array<string | number | null>>,
    ) {
      return k.transaction().execute(async (trx) => {
        await fillTable(trx, uploadId, values.columns, rows)
        await trx
          .updateTable('report_uploads')
          .set({
            name: values.name,
            description: values.description,
            columns: JSON.stringify(values.columns),
            row_count: rows.length,
            file_name: values.fileName,
            updated_at: values.at,
          })
          .where('upload_id', '=', uploadId)
          .execute()
      })
    },

    delete: (uploadId: number) =>
      k.transaction().execute(async (trx) => {
        await sql`drop table if exists ${sql.table(uploadTable(uploadId))}`.execute(trx)
        await trx.deleteFrom('report_uploads').where('upload_id', '=', uploadId).execute()
      }),
  }
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>
