import { sql } from 'kysely'

/** The chain's head as locked by the writer about to append: the last row's id and hash. */
export interface ChainHead {
  last_audit_id: number
  last_hash: string
}

/**
 * PostgreSQL: the audit chain's head locked and read as one part of a step's own statement (a WITH query named
 * `head(last_audit_id, last_hash)`), only once `after` (an earlier part that locks the step's record) has returned a
 * row. The step's rows are locked first and the head last, the order every writer keeps; and the head's lock costs no
 * round trip of its own while the step's lock is held. Hand what it returns to the audit service's `record` as the
 * locked head. It lives here, under the features, because a step's repository and the audit feature both use it.
 */
export const lockChainHeadAfter = (after: string) =>
  sql<ChainHead>`(update audit_chain_head set last_audit_id = last_audit_id
    where chain_id = 1 and exists (select 1 from ${sql.table(after)}) returning last_audit_id, last_hash)`
