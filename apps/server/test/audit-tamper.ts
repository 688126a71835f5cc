import type { Db } from '../src/db/database.js'
import type { ChainedContent } from '../src/features/audit/audit-chain.js'

/**
 * What someone who can write to the database does to hide a change in the audit log: changes a row, gives it and every
 * later row a new hash by `hash` (the published SHA-256, an HMAC under a key of their own, or under the chain key if
 * they hold it), and moves the head, so every link holds.
 */
export async function rewriteChain(db: Db, auditId: number, change: Partial<ChainedContent>, hash: (row: ChainedContent) => string) {
  const rows = await db.kysely.selectFrom('audit_log').selectAll().where('audit_id', '>=', auditId).orderBy('audit_id').execute()
  let previous = rows[0]!.prev_hash!
  for (const row of rows) {
    const changed = row.audit_id === auditId ? change : {}
    const rowHash = hash({ ...row, ...changed, prev_hash: previous })
    await db.kysely
      .updateTable('audit_log')
      .set({ ...changed, prev_hash: previous, row_hash: rowHash })
      .where('audit_id', '=', row.audit_id)
      .execute()
    previous = rowHash
  }
  await db.kysely.updateTable('audit_chain_head').set({ last_hash: previous }).where('chain_id', '=', 1).execute()
}
