import { PassThrough } from 'node:stream'
import { SuccessSchema } from '@platform/contracts/errors'
import {
  DatasetsResponseSchema,
  DrillReportBodySchema,
  ExportReportBodySchema,
  ParameterOptionsBodySchema,
  ParameterOptionsResponseSchema,
  ReportCreateBodySchema,
  ReportDetailsResponseSchema,
  ReportIdQuerySchema,
  ReportListResponseSchema,
  ReportResultSchema,
  ReportSavedResponseSchema,
  ReportUpdateBodySchema,
  ReportVersionQuerySchema,
  ReportVersionsResponseSchema,
  RunReportBodySchema,
} from '@platform/contracts/reports'
import { BACKGROUND_EXPORT_ROWS } from '@platform/contracts/report-exports'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { Catalogue } from './catalogue/catalogue.js'
import { tooManyRowsFor } from './exports/export-limits.js'
import type { ExportThreads } from './exports/export-thread.js'
import type { ReportsService } from './reports.service.js'
import { EXPORT_CONTENT_TYPES, attachmentOf, exportFileName } from './export-jobs/export-file-name.js'
import type { ExportJobsService } from './export-jobs/export-jobs.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'
import type { Downloads } from '../../downloads/downloads.js'

const access = signedInRoute({ application: 'REPORTS_STUDIO' })

/** Reports Studio: the saved reports, running, exporting, versions and the catalogue. */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService
  catalogue: Catalogue
  exportThreads: ExportThreads
  downloads: Downloads
  exportJobs: ExportJobsService
}> = async (app, { reports, catalogue, exportThreads, exportJobs, downloads }) => {
  app.get('/reportlist', { config: access.config, schema: { response: { 200: ReportListResponseSchema, ...errorResponses } } }, (request) =>
    reports.list(access.user(request)),
  )

  app.get(
    '/reportdetails',
    {
      config: access.config,
      schema: { querystring: ReportIdQuerySchema, response: { 200: ReportDetailsResponseSchema, ...errorResponses } },
    },
    (request) => reports.details(access.user(request), request.query.reportId),
  )

  app.post(
    '/reportcreate',
    { config: access.config, schema: { body: ReportCreateBodySchema, response: { 200: ReportSavedResponseSchema, ...errorResponses } } },
    (request) => reports.create(access.user(request), request.body, clientInfo(request)),
  )

  app.put(
    '/reportupdate',
    {
      config: access.config,
      schema: {
        querystring: ReportIdQuerySchema,
        body: ReportUpdateBodySchema,
        response: { 200: ReportSavedResponseSchema, ...errorResponses },
      },
    },
    (request) => reports.update(access.user(request), request.query.reportId, request.body, clientInfo(request)),
  )

  app.delete(
    '/reportdelete',
    { config: access.config, schema: { querystring: ReportIdQuerySchema, response: { 200: SuccessSchema, ...errorResponses } } },
    (request) => reports.delete(access.user(request), request.query.reportId, clientInfo(request)),
  )

  app.get(
    '/reportversions',
    {
      config: access.config,
      schema: { querystring: ReportIdQuerySchema, response: { 200: ReportVersionsResponseSchema, ...errorResponses } },
    },
    (request) => reports.versions(access.user(request), request.query.reportId),
  )

  app.post(
    '/reportrestore',
    {
      config: access.config,
      schema: { querystring: ReportVersionQuerySchema, response: { 200: ReportSavedResponseSchema, ...errorResponses } },
    },
    (request) => reports.restore(access.user(request), request.query.reportId, request.query.version, clientInfo(request)),
  )

  app.get(
    '/reportdatasets',
    { config: access.config, schema: { response: { 200: DatasetsResponseSchema, ...errorResponses } } },
    async (request) => ({
      datasets: await catalogue.list(access.user(request)),
    }),
  )

  app.post(
    '/reportrun',
    { config: access.config, schema: { body: RunReportBodySchema, response: { 200: ReportResultSchema, ...errorResponses } } },
    (request) => reports.run(access.user(request), request.body),
  )

  app.post(
    '/reportdrill',
    { config: access.config, schema: { body: DrillReportBodySchema, response: { 200: ReportResultSchema, ...errorResponses } } },
    (request) => reports.drill(access.user(request), request.body),
  )

  app.post(
    '/reportoptions',
    {
      config: access.config,
      schema: { body: ParameterOptionsBodySchema, response: { 200: ParameterOptionsResponseSchema, ...errorResponses } },
    },
    (request) => reports.parameterOptions(access.user(request), request.body),
  )

  app.post('/reportexport', { config: access.config, schema: { body: ExportReportBodySchema } }, async (request, reply) => {
    const { format, ...source } = request.body
    const user = access.user(request)
    const { header, rowSource, name } = await reports.exportable(user, source, clientInfo(request), format)
    if (format !== 'csv') {
      const refusal = tooManyRowsFor(format, header.page.total)
      if (refusal) throw refusal
      // A long XLSX or PDF is written in the background: the person follows it, and may leave and come back for it.
      if (header.page.total > BACKGROUND_EXPORT_ROWS)
        return reply.code(202).send(await exportJobs.start(user, source, format, name, header.page.total))
    }
    const date = localDate(new Date(header.generatedAt), header.timeZone)
    reply
      .header('Content-Type', EXPORT_CONTENT_TYPES[format])
      .header('Content-Disposition', attachmentOf(exportFileName(name, format, date)))
    const rows = await rowSource()
    if (format === 'csv')
      return reply.send(downloads.stream('reportCsv', { source: rows, columns: header.columns, timeZone: header.timeZone }))
    const output = new PassThrough()
    // A failure half-way cannot change the status any more: the download ends short and the log says why.
    exportThreads.write({ format, header }, rows, output).catch((error: unknown) => {
      request.log.error({ err: error }, 'a report export failed while being written')
      output.destroy(error instanceof Error ? error : new Error(String(error)))
    })
    return reply.send(output)
  })
}
