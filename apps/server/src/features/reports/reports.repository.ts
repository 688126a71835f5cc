import { DEFAULT_DISTRICT_TIME_ZONE } from '@platform/contracts/district-time'
import type { Insertable, Transaction } from 'kysely'
import type { Db } from '../../db/database.js'
import type { Database, ReportsTable } from '../../db/schema.js'
import type { AppliedParameters } from './engine/parameters.js'
import { type QueryRunner, createReportEngine } from './engine/report-engine.js'
import type { ReportPlan } from './engine/report-plan.js'
import { createReportQueries } from './engine/report-queries.js'

/** SQL for saved reports and their versions. */
export function createReportsRepository(db: Db, timeZone: string = DEFAULT_DISTRICT_TIME_ZONE) {
  const k = db.kysely
  // A report's own queries over its dataset are built in engine/ (checked names only) and meet the database here.
  const queriesOf = {
    /** The queries of a planned report (a parameter's choices are its distinct values). */
    reportQueries: (plan: ReportPlan, parameters: AppliedParameters) => createReportQueries(plan, parameters, k, db.dialect, timeZone),
    /** A report's result, page by page, run with the given time limit. */
    reportEngine: (plan: ReportPlan, parameters: AppliedParameters, run: QueryRunner) =>
      createReportEngine(plan, parameters, { k, dialect: db.dialect, timeZone, run }),
  }
  const withCreator = () =>
    k
      .selectFrom('reports')
      .leftJoin('users', 'users.user_id', 'reports.created_by')
      .select([
        'reports.report_id',
        'reports.report_name',
        'reports.report_description',
        'reports.dataset',
        'reports.definition',
        'reports.version',
        'reports.created_by',
        'reports.created_at',
        'reports.updated_at',
        'reports.starter_key',
        'users.full_name as creator_name',
      ])
  return {
    ...queriesOf,
    list: () => withCreator().orderBy('reports.report_name').orderBy('reports.report_id').execute(),
    get: (reportId: number) => withCreator().where('reports.report_id', '=', reportId).executeTakeFirst(),

    async insert(row: Insertable<ReportsTable>, trx: Transaction<Database>): Promise<number> {
      const { report_id: reportId } = await trx.insertInto('reports').values(row).returning('report_id').executeTakeFirstOrThrow()
      await trx
        .insertInto('report_versions')
        .values({
          report_id: reportId,
          version: row.version,
          report_name: row.report_name,
          report_description: row.report_description ?? null,
          definition: row.definition,
          saved_by: row.created_by ?? null,
          saved_at: row.created_at,
        })
        .execute()
      return reportId
    },

    /** Saves a new version; false when someone else saved first (the version moved on). */
    async update(
      reportId: number,
      expectedVersion: number,
      values: { report_name: string; report_description: string | null; dataset: string; definition: string },
      by: number,
      at: string,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const version = expectedVersion + 1
      const result = await trx
        .updateTable('reports')
        .set({ ...values, version, updated_by: by, updated_at: at })
        .where('report_id', '=', reportId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return false
      await trx
        .insertInto('report_versions')
        .values({
          report_id: reportId,
          version,
          report_name: values.report_name,
          report_description: values.report_description,
          definition: values.definition,
          saved_by: by,
          saved_at: at,
        })
        .execute()
      return true
    },

    delete: (reportId: number, trx: Transaction<Database>) =>
      trx
        .deleteFrom('report_versions')
        .where('report_id', '=', reportId)
        .execute()
        .then(() => trx.deleteFrom('reports').where('report_id', '=', reportId).execute()),

    versions: (reportId: number) =>
      k
        .selectFrom('report_versions')
        .leftJoin('users', 'users.user_id', 'report_versions.saved_by')
        .select(['report_versions.version', 'report_versions.saved_at', 'report_versions.report_name', 'users.full_name as saved_by_name'])
        .where('report_versions.report_id', '=', reportId)
        .orderBy('report_versions.version', 'desc')
        .execute(),

    version: (reportId: number, version: number) =>
      k.selectFrom('report_versions').selectAll().where('report_id', '=', reportId).where('version', '=', version).executeTakeFirst(),

    hasStarter: async (key: string) =>
      Boolean(await k.selectFrom('reports').select('report_id').where('starter_key', '=', key).executeTakeFirst()),
  }
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>
