import { randomBytes } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type Kysely, type Transaction, sql } from 'kysely'
import type { FieldType, UploadColumn } from '@platform/contracts/reports'
import type { Db } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'

// Rows per INSERT: one statement (built, compiled and run on the event loop with SQLite) stays a task of a few ms.
const INSERT_CHUNK = 50
const STAGING_PREFIX = 'report_upload_staging_'
// A staging table this old was left by a process that stopped while storing (no upload takes an hour).
const ABANDONED_AFTER_MS = 60 * 60 * 1000
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

  /**
   * A new set of rows written to a staging table of its own, a short statement at a time, each committed on its own:
   * nothing reads the table until it is published, and no transaction stays open across the turns of the event loop,
   * so other calls never wait for the database while a large file is stored (SQLite has one connection).
   */
  async function fillStaging(columns: UploadColumn[], rows: Array<Array<string | number | null>>): Promise<string> {
    await dropAbandonedStaging()
    const table = `${STAGING_PREFIX}${Date.now()}_${randomBytes(6).toString('hex')}`
    const loose = k as unknown as Kysely<Record<string, Record<string, unknown>>>
    try {
      let create = loose.schema.createTable(table).addColumn('row_id', 'integer', (c) => c.primaryKey())
      for (const column of columns) create = create.addColumn(column.name, sql.raw(SQL_TYPE[column.type]) as never)
      await create.execute()
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const values = rows
          .slice(start, start + INSERT_CHUNK)
          .map((row, offset) =>
            Object.fromEntries([['row_id', start + offset + 1], ...columns.map((column, index) => [column.name, row[index] ?? null])]),
          )
        await loose.insertInto(table).values(values).execute()
        // SQLite answers at once, so without this the whole file would be one turn of the event loop.
        await nextTurn()
      }
      return table
    } catch (error) {
      await dropTable(table)
      throw error
    }
  }

  const dropTable = (table: string, executor: Kysely<Database> | Transaction<Database> = k) =>
    sql`drop table if exists ${sql.table(table)}`.execute(executor)

  /** The staging tables there are now, read from the catalogue in one statement (others may be renamed meanwhile). */
  async function stagingTables(): Promise<string[]> {
    const pattern = `${STAGING_PREFIX}%`
    const { rows } =
      db.dialect === 'postgres'
        ? await sql<{
            name: string
          }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename like ${pattern}`.execute(k)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like ${pattern}`.execute(k)
    return rows.map((row) => row.name).filter((name) => name.startsWith(STAGING_PREFIX))
  }

  /** Staging tables an earlier process left when it stopped in the middle of storing a file. */
  async function dropAbandonedStaging() {
    const before = Date.now() - ABANDONED_AFTER_MS
    for (const name of await stagingTables()) {
      if (Number(name.slice(STAGING_PREFIX.length).split('_')[0]) < before) await dropTable(name)
    }
  }

  /** Makes the staging table the dataset's table, inside the transaction that publishes its description. */
  async function publish(trx: Transaction<Database>, staging: string, uploadId: number) {
    await dropTable(uploadTable(uploadId), trx)
    await sql`alter table ${sql.table(staging)} rename to ${sql.table(uploadTable(uploadId))}`.execute(trx)
  }

  /** Publishes the staging table with its description in one transaction; the staging table goes if that fails. */
  async function published<T>(staging: string, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await k.transaction().execute(write)
    } catch (error) {
      await dropTable(staging)
      throw error
    }
  }

  return {
    stagingTables,
    list: () => k.selectFrom('report_uploads').selectAll().orderBy('name').execute(),
    get: (uploadId: number) => k.selectFrom('report_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst(),

    /** A new dataset: its rows staged, then published with its description, together or not at all. */
    async create(
      values: { name: string; description: string | null; columns: UploadColumn[]; fileName: string | null; by: number; at: string },
      rows: Array<Array<string | number | null>>,
    ) {
      const staging = await fillStaging(values.columns, rows)
      return published(staging, async (trx) => {
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
        await publish(trx, staging, uploadId)
        return uploadId
      })
    },

    /** New rows for the same dataset id: the old rows stay, and are read, until the new ones are all in. */
    async replace(
      uploadId: number,
      values: { name: string; description: string | null; columns: UploadColumn[]; fileName: string | null; at: string },
      rows: Array<Array<string | number | null>>,
    ) {
      const staging = await fillStaging(values.columns, rows)
      return published(staging, async (trx) => {
        await publish(trx, staging, uploadId)
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
        await dropTable(uploadTable(uploadId), trx)
        await trx.deleteFrom('report_uploads').where('upload_id', '=', uploadId).execute()
      }),
  }
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>
