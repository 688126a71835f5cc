import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'

/** One write statement that completed: the table it changed and, for an UPDATE, the columns it set. */
export interface TableWrite {
  table: string
  kind: 'insert' | 'update' | 'delete'
  /** The columns an UPDATE set; null for an INSERT or DELETE (every column of the rows). */
  columns: string[] | null
}

export interface TableWrites {
  /** Called after every write statement this process runs through Kysely has completed (inside a transaction: before its commit). */
  subscribe(listener: (write: TableWrite) => void): () => void
  plugin: KyselyPlugin
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node)
  return null
}

/** The writes of a statement: those of its WITH clause (PostgreSQL runs writes there too), then its own. */
function describe(node: RootOperationNode): TableWrite[] {
  const ctes = (node as { with?: { expressions: Array<{ expression: OperationNode }> } }).with?.expressions ?? []
  return [...ctes.flatMap((cte) => describe(cte.expression as RootOperationNode)), ...describeOwn(node)]
}

function describeOwn(node: RootOperationNode): TableWrite[] {
  if (node.kind === 'UpdateQueryNode') {
    const table = tableName(node.table)
    const columns = (node.updates ?? []).map((update) => (update.column as unknown as { column: { name: string } }).column.name)
    return table ? [{ table, kind: 'update' as const, columns }] : []
  }
  if (node.kind === 'InsertQueryNode') {
    const table = tableName(node.into)
    return table ? [{ table, kind: 'insert' as const, columns: null }] : []
  }
  if (node.kind === 'DeleteQueryNode') {
    return node.from.froms.flatMap((from) => {
      const table = tableName(from)
      return table ? [{ table, kind: 'delete' as const, columns: null }] : []
    })
  }
  return []
}

/**
 * A Kysely plugin that tells who listens which tables this process wrote, once each statement has run. Kept with the
 * database so that no write escapes it, whichever repository (or test) makes it. Raw SQL text is not seen.
 */
export function createTableWrites(): TableWrites {
  const listeners = new Set<(write: TableWrite) => void>()
  const pending = new WeakMap<QueryId, TableWrite[]>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    plugin: {
      transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
        if (listeners.size > 0) {
          const writes = describe(node)
          if (writes.length > 0) pending.set(queryId, writes)
        }
        return node
      },
      async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        const writes = pending.get(queryId)
        if (writes) {
          pending.delete(queryId)
          for (const write of writes) for (const listener of listeners) listener(write)
        }
        return result
      },
    },
  }
}
