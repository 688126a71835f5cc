import type { Transaction } from 'kysely'
import type { Db } from './database.js'
import type { Database } from './schema.js'

/**
 * How often a step's transaction is tried again when SQLite answers busy, and the first wait's ceiling, doubled at
 * each try. The wait is drawn at random below it: two steps that met each other (each holding the read lock the other's
 * write needs, which SQLite answers busy at once) and waited alike would meet again on every try.
 */
const BUSY_TRIES = 8
const BUSY_FIRST_WAIT_MS = 10

/**
 * A fiscal step's transaction, tried again when SQLite answers busy: another connection to the file (another instance)
 * held its write lock past the wait. Tried again, the step's conditional change meets the record as the other step left
 * it and answers as a step that lost the race does (already done, changed meanwhile: 409), never as a failure. The busy
 * try was rolled back, so nothing of it remains. An audit row appended alone is tried the same way; nothing else is tried
 * again, and PostgreSQL waits for its row locks.
 */
export async function stepTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.kysely.transaction().execute(work)
    } catch (error) {
      const busy = db.dialect === 'sqlite' && /^SQLITE_BUSY/.test(String((error as { code?: unknown }).code))
      if (!busy || attempt >= BUSY_TRIES) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BUSY_FIRST_WAIT_MS * 2 ** (attempt - 1)))
    }
  }
}
