import {
  type Drill,
  REPORT_DESIGNER_ROLES,
  type ReportDefinition,
  type ReportResult,
  type ReportSummary,
  DatasetChoiceSchema,
  ReportDefinitionSchema,
} from '@platform/contracts/reports'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { Catalogue } from './catalogue/catalogue.js'
import type { QueryRunner } from './engine/report-engine.js'
import { applyParameters } from './engine/parameters.js'
import { checkNarrowedValues, parameterChoices } from './engine/parameter-choices.js'
import { drillDefinition } from './engine/drill.js'
import { checkParameterValue, emptyParameterValue, type ParameterValue } from '@platform/contracts/report-parameters'
import { DefinitionError, planReport } from './engine/report-plan.js'
import type { ReportsRepository } from './reports.repository.js'
import type { ClientInfo } from '../../lib/client-info.js'

export type { ClientInfo } from '../../lib/client-info.js'
/** The shape of a dataset another feature adds to the catalogue (app.ts hands its datasets to the catalogue). */
export type { CatalogueDataset } from './catalogue/dataset.js'

/** A report to export: a saved one or a definition, with its parameters (POST /api/reportexport without the format). */
export interface ExportRequest {
  reportId?: number | undefined
  definition?: unknown
  parameters: Record<string, unknown>
  /** The detail rows behind this group instead of the report. */
  drill?: Drill | undefined
}

type Row = NonNullable<Awaited<ReturnType<ReportsRepository['get']>>>

const mayDesign = (user: AuthUser) => REPORT_DESIGNER_ROLES.includes(user.roleCode)

/** Who the starter reports (installed with the platform, created by nobody) are credited to. */
export const STARTER_CREATOR = 'District Staff Platform (starter report)'

/** Reports Studio's rules: designers create; designers or the creator edit and delete; everyone else views. */
export function createReportsService(deps: {
  reports: ReportsRepository
  catalogue: Catalogue
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  /** Runs report queries with the interactive or the export timeout. */
  runQuery: (timeout: 'interactive' | 'export') => QueryRunner
  /** DISTRICT_TIME_ZONE: results say when they ran in it. */
  timeZone: string
}) {
  const { reports, catalogue, audit, clock, inTransaction } = deps
  const mayEdit = (user: AuthUser, row: Row) => mayDesign(user) || row.created_by === user.id

  function summary(user: AuthUser, row: Row): ReportSummary {
    return {
      REPORT_ID: row.report_id,
      REPORT_NAME: row.report_name,
      REPORT_DESCRIPTION: row.report_description,
      CREATOR_NAME: row.creator_name ?? (row.starter_key ? STARTER_CREATOR : null),
      CREATED_BY: row.created_by,
      CREATED_AT: row.created_at,
      UPDATED_AT: row.updated_at,
      canEdit: mayEdit(user, row),
      dataset: row.dataset,
      version: row.version,
    }
  }

  async function found(reportId: number): Promise<Row> {
    const row = await reports.get(reportId)
    if (!row)
      throw new AppError('not_found', `There is no report with id ${reportId}. It may have been deleted.`, { code: 'report_not_found' })
    return row
  }

  /** Checks a definition against a dataset the person may read; answers it with its defaults filled in. */
  async function validated(user: AuthUser, raw: unknown): Promise<ReportDefinition> {
    const dataset = DatasetChoiceSchema.safeParse((raw as { dataset?: unknown } | null)?.dataset)
    if (!dataset.success) throw new AppError('unprocessable', dataset.error.issues[0]!.message, { code: 'dataset_required' })
    try {
      return planReport(raw, await catalogue.readable(user, dataset.data)).definition
    } catch (error) {
      if (error instanceof DefinitionError)
        throw new AppError('unprocessable', `The report definition is not valid: ${error.message}`, { code: 'invalid_definition' })
      throw error
    }
  }

  const record = (action: string, user: AuthUser, client: ClientInfo, reportId: number, details: Record<string, unknown> = {}) =>
    audit.record({
      action,
      outcome: 'success',
      actorUserId: user.id,
      targetType: 'report',
      targetId: reportId,
      ip: client.ip,
      userAgent: client.userAgent,
      details,
    })

  /** The definition to run: a saved report's, or an unsaved one for those who may design it (the live preview). */
  async function definitionFor(
    user: AuthUser,
    source: { reportId?: number | undefined; definition?: unknown },
  ): Promise<{ raw: unknown; name: string | null }> {
    const row = source.reportId !== undefined ? await found(source.reportId) : null
    if (source.definition === undefined || source.definition === null) {
      if (!row) throw new AppError('bad_request', 'Send a reportId or a definition.', { code: 'no_report' })
      return { raw: JSON.parse(row.definition), name: row.report_name }
    }
    // Unsaved changes run for designers, and for the creator of the report they change.
    if (!mayDesign(user) && !(row && mayEdit(user, row))) {
      throw new AppError(
        'forbidden',
        'Only report writers, administrators and the report’s creator can preview a report that is not saved.',
        { code: 'designer_only' },
      )
    }
    return { raw: source.definition, name: row?.report_name ?? null }
  }

  async function planFor(user: AuthUser, raw: unknown) {
    const datasetId = DatasetChoiceSchema.safeParse((raw as { dataset?: unknown } | null)?.dataset)
    if (!datasetId.success) throw new AppError('unprocessable', datasetId.error.issues[0]!.message, { code: 'dataset_required' })
    try {
      return { ...planReport(raw, await catalogue.readable(user, datasetId.data)), timeZone: deps.timeZone }
    } catch (error) {
      if (error instanceof DefinitionError) throw new AppError('unprocessable', error.message, { code: 'invalid_definition' })
      throw error
    }
  }

  /** A result says in which zone it ran, and is titled by the report's name when its layout has no title. */
  function headed(result: Omit<ReportResult, 'timeZone'>, name: string | null): ReportResult {
    return { ...result, title: result.title.trim() || name || 'Untitled report', timeZone: deps.timeZone }
  }

  async function engineFor(
    user: AuthUser,
    source: { reportId?: number | undefined; definition?: unknown },
    parameters: Record<string, unknown>,
    timeout: 'interactive' | 'export',
    drill?: Drill,
  ) {
    const { raw, name } = await definitionFor(user, source)
    const reportPlan = await planFor(user, raw)
    try {
      const applied = applyParameters(reportPlan.definition, parameters)
      await checkNarrowedValues(reportPlan, applied, parameters, reports.reportQueries(reportPlan, applied), deps.runQuery('interactive'))
      // The rows behind a group are a report of their own, planned and scoped to the person like the one they open.
      const plan = drill ? await planFor(user, drillDefinition(reportPlan, drill)) : reportPlan
      return { engine: reports.reportEngine(plan, applied, deps.runQuery(timeout)), plan, name }
    } catch (error) {
      if (error instanceof DefinitionError) throw new AppError('unprocessable', error.message, { code: 'invalid_definition' })
      throw error
    }
  }

  async function exportOf(user: AuthUser, request: ExportRequest) {
    const { engine, name } = await engineFor(user, request, request.parameters, 'export', request.drill)
    const header = headed(await engine.page(0, 1, clock.now()), name)
    return { header: { ...header, rows: [], chart: await engine.chart() }, rowSource: () => engine.exportSource(), name: name ?? 'report' }
  }

  return {
    /** The reports the person can run (their dataset is readable to them), and those they may edit to repair. */
    async list(user: AuthUser) {
      const readable = new Set((await catalogue.list(user)).map((dataset) => dataset.id))
      const listed = (await reports.list()).filter((row) => readable.has(row.dataset) || mayEdit(user, row))
      return { reports: listed.map((row) => summary(user, row)), canCreate: mayDesign(user) }
    },

    async details(user: AuthUser, reportId: number) {
      const row = await found(reportId)
      return { report: summary(user, row), definition: ReportDefinitionSchema.parse(JSON.parse(row.definition)) }
    },

    async create(user: AuthUser, body: { name: string; description?: string | undefined; definition: unknown }, client: ClientInfo) {
      if (!mayDesign(user))
        throw new AppError('forbidden', 'Only report writers and administrators can create reports.', { code: 'designer_only' })
      const definition = await validated(user, body.definition)
      const at = clock.now().toISOString()
      const reportId = await inTransaction((trx) =>
        reports.insert(
          {
            report_name: body.name,
            report_description: body.description || null,
            dataset: definition.dataset,
            definition: JSON.stringify(definition),
            version: 1,
            created_by: user.id,
            created_at: at,
            updated_by: user.id,
            updated_at: at,
            starter_key: null,
          },
          trx,
        ),
      )
      await record('report.created', user, client, reportId, { name: body.name })
      return { success: true as const, message: 'Report saved successfully!', report: summary(user, await found(reportId)) }
    },

    async update(
      user: AuthUser,
      reportId: number,
      body: { name?: string | undefined; description?: string | undefined; definition: unknown; version?: number | undefined },
      client: ClientInfo,
    ) {
      const row = await found(reportId)
      if (!mayEdit(user, row))
        throw new AppError('forbidden', 'Only report writers, administrators and its creator can change this report.', {
          code: 'not_editable',
        })
      if (body.version !== undefined && body.version !== row.version) {
        throw new AppError(
          'conflict',
          `This report was saved again (version ${row.version}) after you opened version ${body.version}. Reload it to see those changes, then make yours.`,
          { code: 'report_changed' },
        )
      }
      const definition = await validated(user, body.definition)
      const saved = await inTransaction((trx) =>
        reports.update(
          reportId,
          row.version,
          {
            report_name: body.name ?? row.report_name,
            report_description: body.description === undefined ? row.report_description : body.description || null,
            dataset: definition.dataset,
            definition: JSON.stringify(definition),
          },
          user.id,
          clock.now().toISOString(),
          trx,
        ),
      )
      if (!saved)
        throw new AppError('conflict', 'Someone else saved this report a moment ago. Reload it to see their changes, then save again.', {
          code: 'report_changed',
        })
      await record('report.updated', user, client, reportId, { version: row.version + 1 })
      return { success: true as const, message: 'Report updated successfully!', report: summary(user, await found(reportId)) }
    },

    async delete(user: AuthUser, reportId: number, client: ClientInfo) {
      const row = await found(reportId)
      if (!mayEdit(user, row))
        throw new AppError('forbidden', 'Only report writers, administrators and its creator can delete this report.', {
          code: 'not_editable',
        })
      await inTransaction((trx) => reports.delete(reportId, trx))
      await record('report.deleted', user, client, reportId, { name: row.report_name })
      return { success: true as const, message: `The report '${row.report_name}' was deleted.` }
    },

    async versions(user: AuthUser, reportId: number) {
      const row = await found(reportId)
      if (!mayEdit(user, row))
        throw new AppError('forbidden', 'Only those who may edit this report see its history.', { code: 'not_editable' })
      return {
        versions: (await reports.versions(reportId)).map((version) => ({
          version: version.version,
          savedAt: version.saved_at,
          savedBy: version.saved_by_name ?? null,
          name: version.report_name,
          current: version.version === row.version,
        })),
      }
    },

    /** Brings an earlier version back as the newest one (the history keeps everything in between). */
    async restore(user: AuthUser, reportId: number, version: number, client: ClientInfo) {
      const row = await found(reportId)
      if (!mayEdit(user, row))
        throw new AppError('forbidden', 'Only report writers, administrators and its creator can restore a version.', {
          code: 'not_editable',
        })
      const earlier = await reports.version(reportId, version)
      if (!earlier) throw new AppError('not_found', `Report ${reportId} has no version ${version}.`)
      const definition = await validated(user, JSON.parse(earlier.definition))
      const saved = await inTransaction((trx) =>
        reports.update(
          reportId,
          row.version,
          {
            report_name: earlier.report_name,
            report_description: earlier.report_description,
            dataset: definition.dataset,
            definition: JSON.stringify(definition),
          },
          user.id,
          clock.now().toISOString(),
          trx,
        ),
      )
      if (!saved)
        throw new AppError('conflict', 'Someone else saved this report a moment ago. Reload it and try again.', { code: 'report_changed' })
      await record('report.restored', user, client, reportId, { restoredVersion: version, newVersion: row.version + 1 })
      return {
        success: true as const,
        message: `Version ${version} was restored as version ${row.version + 1}.`,
        report: summary(user, await found(reportId)),
      }
    },

    async run(
      user: AuthUser,
      request: { reportId?: number | undefined; definition?: unknown; parameters: Record<string, unknown>; offset: number; limit: number },
    ): Promise<ReportResult> {
      const { engine, name } = await engineFor(user, request, request.parameters, 'interactive')
      return headed(await engine.page(request.offset, request.limit, clock.now()), name)
    },

    /** The detail rows behind one group of a grouped or summary report, a page at a time. */
    async drill(
      user: AuthUser,
      request: {
        reportId?: number | undefined
        definition?: unknown
        parameters: Record<string, unknown>
        drill: Drill
        offset: number
        limit: number
      },
    ): Promise<ReportResult> {
      const { engine, name } = await engineFor(user, request, request.parameters, 'interactive', request.drill)
      return headed(await engine.page(request.offset, request.limit, clock.now()), name)
    },

    /**
     * The choices of the parameters that take them from a field, each narrowed by the values chosen before it (a value
     * that does not read as its parameter's type narrows nothing: the prompt says what is wrong with it).
     */
    async parameterOptions(
      user: AuthUser,
      source: { reportId?: number | undefined; definition?: unknown; parameters?: Record<string, unknown> | undefined },
    ) {
      const { raw } = await definitionFor(user, source)
      const plan = await planFor(user, raw)
      const values = new Map<string, ParameterValue>()
      for (const parameter of plan.definition.parameters) {
        const given = source.parameters?.[parameter.id]
        const value = emptyParameterValue(given) ? parameter.default : given
        if (emptyParameterValue(value)) continue
        const checked = checkParameterValue(parameter, value)
        if (checked.ok) values.set(parameter.id, checked.value)
      }
      const queries = reports.reportQueries(plan, { values, display: [] })
      return { options: await parameterChoices(plan, values, queries, deps.runQuery('interactive')) }
    },

    /** What an export needs: the header of the result model and all its rows, read as they are written. */
    async exportable(user: AuthUser, request: ExportRequest, client: ClientInfo, format: string) {
      const prepared = await exportOf(user, request)
      if (request.reportId !== undefined)
        await record('report.exported', user, client, request.reportId, { format, ...(request.drill ? { drill: request.drill } : {}) })
      return prepared
    },

    /**
     * Whether the person may run a saved report with these parameter values, checked as a run checks them, without
     * running it (a subscription's values are checked so when it is saved). Answers the report's name and dataset.
     */
    /** The dataset of a saved report the person may run (its dataset readable to them), whatever its parameters. */
    async readableDataset(user: AuthUser, reportId: number): Promise<string> {
      const { raw } = await definitionFor(user, { reportId })
      return (await planFor(user, raw)).definition.dataset
    },

    async checkRunnable(user: AuthUser, reportId: number, parameters: Record<string, unknown>) {
      const { plan, name } = await engineFor(user, { reportId }, parameters, 'interactive')
      return { name: name ?? 'report', dataset: plan.definition.dataset }
    },

    /** The same export run again by a background job as the person who asked for it: recorded once, when asked. */
    rerunExport: (user: AuthUser, request: ExportRequest) => exportOf(user, request),
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
