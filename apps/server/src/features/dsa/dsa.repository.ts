import type { DsaFilters } from '@platform/contracts/dsa'
import { type Insertable, type Kysely, type Selectable, type SelectQueryBuilder, type Updateable, sql } from 'kysely'
import { cursorChunks } from '../../db/cursor-chunks.js'
import { keysetPages } from '../../db/keyset-pages.js'
import type { Db } from '../../db/database.js'
import type { Database, DsaProjectsTable, DsaScrapeRunsTable } from '../../db/schema.js'

export type ProjectRow = Selectable<DsaProjectsTable>
export type RunRow = Selectable<DsaScrapeRunsTable>
export type ProjectSort = 'project_name' | 'project_number' | 'client_id' | 'project_status' | 'construction_cost' | 'scraped_at'

/** The fields a scrape writes (everything but the id and the bookkeeping of first sight). */
export type ProjectValues = Omit<Insertable<DsaProjectsTable>, 'id' | 'first_seen_at' | 'stale'>

// What a project shows and exports: every column but the search text and the scrape bookkeeping.
const EXPORT_COLUMNS = [
  'id',
  'client_id',
  'project_number',
  'project_link',
  'project_name',
  'project_status',
  'project_type',
  'construction_cost',
  'cost_source',
  'estimated_amount',
  'contracted_amount',
  'change_amount',
  'final_cost',
  'received_date',
  'approved_date',
  'closed_date',
  'void_date',
  'certification_letter',
  'certification_date',
  'city',
  'ptn',
  'scraped_at',
  'stale',
] as const
export type ExportRow = Pick<ProjectRow, (typeof EXPORT_COLUMNS)[number]>

/**
 * Rows an export reads at a time. SQLite reads a page synchronously, holding the event loop, so its pages stay small.
 * PostgreSQL reads one statement through a cursor rather than in keyset pages (each a statement of its own, planned
 * and sent again), in small chunks whose rows are garbage soon after they are written.
 */
const EXPORT_CHUNK = { sqlite: 200, postgres: 250 } as const

// Chunked so an IN list never meets a driver's parameter limit.
const CHUNK = 500

/** SQL for the DSA Project Tracker: projects and scrape runs. */
export function createDsaRepository(db: Db) {
  const k = db.kysely

  function filtered(filters: DsaFilters): SelectQueryBuilder<Database, 'dsa_projects', object> {
    let query = k.selectFrom('dsa_projects')
    // Rows stored before ids were upper-cased ('37-lfcs') are found under the one spelling the contract gives.
    if (filters.clientId) query = query.where((eb) => eb(eb.fn('upper', ['client_id']), '=', filters.clientId!.toUpperCase()))
    if (filters.status) query = query.where('project_status', '=', filters.status)
    for (const word of (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`)
    }
    return query
  }

  return {
    async page(filters: DsaFilters, sort: ProjectSort, order: 'asc' | 'desc', limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        filtered(filters).select(EXPORT_COLUMNS).orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
        filtered(filters)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /**
     * Every matching project in name order, a chunk at a time, so an export of any size holds little in memory: on
     * PostgreSQL one statement through a cursor, on SQLite a page at a time (keyset).
     */
    async *stream(filters: DsaFilters): AsyncGenerator<ExportRow[]> {
      if (db.dialect === 'postgres') {
        const inNameOrder = filtered(filters).select(EXPORT_COLUMNS).orderBy('project_name').orderBy('id')
        yield* cursorChunks(k, inNameOrder, EXPORT_CHUNK.postgres)
        return
      }
      yield* keysetPages(
        (after: { name: string; id: number } | null, limit) => {
          let query = filtered(filters).select(EXPORT_COLUMNS)
          // A row-value comparison: both databases walk the (project_name, id) index from the cursor on.
          if (after) query = query.where((eb) => eb(eb.refTuple('project_name', 'id'), '>', eb.tuple(after.name, after.id)))
          return query.orderBy('project_name').orderBy('id').limit(limit).execute()
        },
        (row) => ({ name: row.project_name, id: row.id }),
        EXPORT_CHUNK.sqlite,
      )
    },

    /** What is stored for a client, by project number: what a run compares the tracker's list with. */
    async storedForClient(clientId: string): Promise<Map<string, ProjectRow>> {
      const rows = await k.selectFrom('dsa_projects').selectAll().where('client_id', '=', clientId).execute()
      return new Map(rows.map((row) => [row.project_number, row]))
    },

    async insertProject(values: ProjectValues, at: string) {
      await k
        .insertInto('dsa_projects')
        .values({ ...values, first_seen_at: at, stale: 0 })
        .execute()
    },

    async updateProject(id: number, values: Updateable<DsaProjectsTable>) {
      await k
        .updateTable('dsa_projects')
        .set({ ...values, stale: 0 })
        .where('id', '=', id)
        .execute()
    },

    /** The tracker still lists these projects: they are confirmed now, whether or not their details were read again. */
    async confirmListed(clientId: string, projectNumbers: string[], at: string) {
      for (let i = 0; i < projectNumbers.length; i += CHUNK) {
        await k
          .updateTable('dsa_projects')
          .set({ scraped_at: at })
          .where('client_id', '=', clientId)
          .where('project_number', 'in', projectNumbers.slice(i, i + CHUNK))
          .execute()
      }
    },

    /** A run could not refresh these projects (all of the client's when `projectNumbers` is null): their data may be old. */
    async markStale(clientId: string, projectNumbers: string[] | null) {
      if (projectNumbers === null) {
        await k.updateTable('dsa_projects').set({ stale: 1 }).where('client_id', '=', clientId).execute()
        return
      }
      for (let i = 0; i < projectNumbers.length; i += CHUNK) {
        await k
          .updateTable('dsa_projects')
          .set({ stale: 1 })
          .where('client_id', '=', clientId)
          .where('project_number', 'in', projectNumbers.slice(i, i + CHUNK))
          .execute()
      }
    },

    async countForClient(clientId: string): Promise<number> {
      const row = await k
        .selectFrom('dsa_projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /**
     * Totals, fresh projects and the breakdowns from one pass over the (client, status, stale, scraped_at) index:
     * a few hundred groups whatever the number of projects, summed here rather than in four scans of the table.
     */
    async statistics(freshSince: string) {
      const groups = await k
        .selectFrom('dsa_projects')
        .select(['client_id', 'project_status', (eb) => eb.fn.countAll<number>().as('n')])
        .select(sql<number>`sum(case when stale = 0 and scraped_at >= ${freshSince} then 1 else 0 end)`.as('fresh'))
        .groupBy(['client_id', 'project_status'])
        .execute()
      const byStatus = new Map<string, number>()
      const byClient = new Map<string, number>()
      let total = 0
      let fresh = 0
      for (const group of groups) {
        const n = Number(group.n)
        total += n
        fresh += Number(group.fresh)
        byStatus.set(group.project_status, (byStatus.get(group.project_status) ?? 0) + n)
        byClient.set(group.client_id, (byClient.get(group.client_id) ?? 0) + n)
      }
      return {
        total,
        fresh,
        byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
        byClient: [...byClient].map(([clientId, count]) => ({ clientId, count })),
      }
    },

    // Scrape runs

    /** Starts a run's row (in the transaction that takes its lease); null when the client already has a RUNNING one. */
    async insertRun(
      row: Pick<Insertable<DsaScrapeRunsTable>, 'client_id' | 'trigger' | 'started_by' | 'started_at'>,
      on: Kysely<Database> = k,
    ): Promise<RunRow | null> {
      // The partial unique index keeps one RUNNING run per client; ON CONFLICT names it, so a second start is no error
      // (an error would end a PostgreSQL transaction).
      const inserted = await on
        .insertInto('dsa_scrape_runs')
        .values({ ...row, status: 'RUNNING' })
        .onConflict((conflict) => conflict.column('client_id').where('status', '=', sql.lit('RUNNING')).doNothing())
        .returningAll()
        .executeTakeFirst()
      return inserted ?? null
    },

    runningFor: (clientId: string) =>
      k.selectFrom('dsa_scrape_runs').selectAll().where('client_id', '=', clientId).where('status', '=', 'RUNNING').executeTakeFirst(),

    async updateRun(id: number, values: Updateable<DsaScrapeRunsTable>) {
      await k.updateTable('dsa_scrape_runs').set(values).where('id', '=', id).execute()
    },

    getRun: (id: number) => k.selectFrom('dsa_scrape_runs').selectAll().where('id', '=', id).executeTakeFirst(),

    listRuns(clientId: string | undefined, limit: number) {
      let query = k.selectFrom('dsa_scrape_runs').selectAll()
      if (clientId) query = query.where('client_id', '=', clientId)
      return query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
    },

    /** Writes a run's outcome, unless it is no longer RUNNING (settled by another instance after its lease ended). */
    async finishRun(id: number, values: Updateable<DsaScrapeRunsTable>): Promise<boolean> {
      const result = await k
        .updateTable('dsa_scrape_runs')
        .set(values)
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** A RUNNING run whose instance stopped renewing its lease: it ended with that instance. */
    async failAbandoned(on: Kysely<Database>, id: number, at: string, error: string): Promise<void> {
      await on
        .updateTable('dsa_scrape_runs')
        .set({ status: 'FAILED', finished_at: at, error })
        .where('id', '=', id)
        .where('status', '=', 'RUNNING')
        .execute()
    },

    async runCounts(since: string) {
      const rows = await k
        .selectFrom('dsa_scrape_runs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('started_at').as('last')])
        .where('started_at', '>=', since)
        .where('status', '!=', 'RUNNING')
        .groupBy('status')
        .execute()
      return rows.map((row) => ({ status: row.status, count: Number(row.n), last: row.last as string | null }))
    },
  }
}
export type DsaRepository = ReturnType<typeof createDsaRepository>
