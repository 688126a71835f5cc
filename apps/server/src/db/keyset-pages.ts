import type { ExpressionBuilder, ReferenceExpression } from 'kysely'

/**
 * Every row of a listing read a page at a time, each page the rows after the last one read (keyset paging), so an
 * export of any size holds one page in memory, and rows added meanwhile shift nothing (as OFFSET would). `page` reads
 * the rows after `after` (null: from the start), at most `limit` of them; `cursorOf` says where a row stands.
 */
export async function* keysetPages<Row, Cursor>(
  page: (after: Cursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null
  for (;;) {
    const rows = await page(after, pageSize)
    if (rows.length > 0) yield rows
    if (rows.length < pageSize) return
    after = cursorOf(rows[rows.length - 1]!)
  }
}

/** Where a newest-first listing (time, then id, both descending) stands: the time and id of a row. */
export interface NewestFirstCursor {
  at: string
  id: number
}

/** The rows after `cursor` in a newest-first order of (time, id): older, or as old with a smaller id. */
export function olderThan<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  time: ReferenceExpression<DB, TB>,
  id: ReferenceExpression<DB, TB>,
  cursor: NewestFirstCursor,
) {
  // The values' types follow the columns', which are generic here: both are a text time and an integer id.
  const at = cursor.at as never
  return eb.or([eb(time, '<', at), eb.and([eb(time, '=', at), eb(id, '<', cursor.id as never)])])
}
