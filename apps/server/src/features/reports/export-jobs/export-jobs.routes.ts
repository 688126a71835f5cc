import { ReportExportJobListSchema, ReportExportJobParamsSchema, ReportExportJobSchema } from '@platform/contracts/report-exports'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signedInRoute } from '../../../plugins/access.js'
import { errorResponses } from '../../../plugins/error-handler.js'
import { attachmentOf } from './export-file-name.js'
import type { ExportJobsService } from './export-jobs.service.js'

const access = signedInRoute({ application: 'REPORTS_STUDIO' })

/** A person's long exports: their progress, cancelling one, and downloading its file. Nobody else's are visible. */
export const exportJobsRoutes: FastifyPluginAsyncZod<{ exportJobs: ExportJobsService }> = async (app, { exportJobs }) => {
  app.get(
    '/reportexports',
    { config: access.config, schema: { response: { 200: ReportExportJobListSchema, ...errorResponses } } },
    async (request) => ({ jobs: await exportJobs.list(access.user(request)) }),
  )

  app.get(
    '/reportexports/:id',
    { config: access.config, schema: { params: ReportExportJobParamsSchema, response: { 200: ReportExportJobSchema, ...errorResponses } } },
    (request) => exportJobs.get(access.user(request), request.params.id),
  )

  app.post(
    '/reportexports/:id/cancel',
    { config: access.config, schema: { params: ReportExportJobParamsSchema, response: { 200: ReportExportJobSchema, ...errorResponses } } },
    (request) => exportJobs.cancel(access.user(request), request.params.id),
  )

  app.get('/reportexports/:id/file', { config: access.config, schema: { params: ReportExportJobParamsSchema } }, async (request, reply) => {
    const file = await exportJobs.file(access.user(request), request.params.id)
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', attachmentOf(file.fileName))
      .header('Content-Length', String(file.size))
      .send(file.content)
  })
}
