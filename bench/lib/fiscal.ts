import type { BenchDatabase, FillColumn } from './database.js'
import { type BenchServer, startServer } from './server.js'

// What the fiscal scenarios (receipts, accruals, records) write around the API before the server is started on it:
// sites, and people who hold an application and its duties everywhere.

/** Starts the server once on the empty database so it creates and migrates it, then stops it for the fill. */
export async function migrate(database: BenchDatabase): Promise<void> {
  const first = await startServer({ DATABASE_URL: database.url })
  await first.stop()
}

/** The largest id of a table (0 when empty): explicit ids of a fill start after it. */
export async function maxId(database: BenchDatabase, table: string, idColumn: string): Promise<number> {
  const [row] = await database.query<{ id: number | string | null }>(`select max(${idColumn}) as id from ${table}`)
  return Number(row?.id ?? 0)
}

async function one(database: BenchDatabase, text: string, params: unknown[] = []): Promise<number> {
  const [row] = await database.query<Record<string, number>>(text, params)
  if (!row) throw new Error(`Nothing found: ${text}`)
  return Number(Object.values(row)[0])
}

const SITE_COLUMNS: FillColumn[] = [
  { name: 'site_id', pgType: 'int' },
  { name: 'code', pgType: 'text' },
  { name: 'name', pgType: 'text' },
  { name: 'kind', pgType: 'text' },
  { name: 'active', pgType: 'int' },
  { name: 'deposit_frequency_days', pgType: 'int' },
  { name: 'created_at', pgType: 'text' },
  { name: 'updated_at', pgType: 'text' },
]

/** Sites S1…Sn (active schools), written with explicit ids; answers their ids in order. */
export async function addSites(database: BenchDatabase, count: number): Promise<number[]> {
  const now = new Date().toISOString()
  const base = await maxId(database, 'finance_sites', 'site_id')
  const ids = Array.from({ length: count }, (_, index) => base + index + 1)
  await database.fill(
    'finance_sites',
    SITE_COLUMNS,
    ids.map((id, index) => [id, `S${index + 1}`, `School ${index + 1}`, 'SCHOOL', 1, 7, now, now]),
  )
  await database.followIds('finance_sites', 'site_id')
  return ids
}

/**
 * A staff member who holds an application and the given duties at every site (site_id null), as an administrator
 * would grant them; answers the person's id. They sign in through the real flow afterwards.
 */
export async function addPerson(
  database: BenchDatabase,
  person: { email: string; name: string; appCode: string; duties: string[] },
): Promise<number> {
  const now = new Date().toISOString()
  const appId = await one(database, 'select app_id from applications where app_code = ?', [person.appCode])
  const orgId = await one(database, 'select min(org_id) from organizations')
  const roleId = await one(database, `select role_id from roles where role_code = 'STAFF'`)
  const userId = await one(
    database,
    `insert into users (email, full_name, organization_id, role_id, is_active, email_verified, last_login, created_at, updated_at)
     values (?, ?, ?, ?, 1, 1, null, ?, ?) returning user_id`,
    [person.email, person.name, orgId, roleId, now, now],
  )
  await database.query(
    `insert into user_permissions (user_id, app_id, permission_level, granted_at, granted_by) values (?, ?, 'read', ?, null)`,
    [userId, appId, now],
  )
  for (const duty of person.duties) {
    await database.query(
      'insert into finance_duties (user_id, app_id, duty, site_id, granted_at, granted_by) values (?, ?, ?, null, ?, null)',
      [userId, appId, duty, now],
    )
  }
  return userId
}

/** The time each of `calls` calls takes one after the other, in ms, the slowest kept (a figure's worst case). */
export async function worstOf(calls: number, call: () => Promise<unknown>): Promise<number> {
  let slowest = 0
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now()
    await call()
    slowest = Math.max(slowest, performance.now() - started)
  }
  return slowest
}

/**
 * A JSON call as one person to the server of the moment (a scenario may start a new one between runs); throws on any
 * answer but 2xx, with the body, so a scenario stops where a route refuses.
 */
export function caller(server: () => BenchServer, token: string) {
  return async <T = { data: Record<string, unknown> }>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${server().url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`)
    return (await answer.json()) as T
  }
}

/** How many rows a list route finds for a query (its pagination total): a filtered figure is measured on a page that is not empty. */
export async function totalOf(url: string, headers: Record<string, string>): Promise<number> {
  const answer = await fetch(url, { headers })
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`)
  const body = (await answer.json()) as { data: unknown[]; pagination: { total: number } }
  if (body.data.length === 0) throw new Error(`${url} found no rows to measure on`)
  return body.pagination.total
}
