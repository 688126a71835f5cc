import {
  MailActionResponseSchema,
  MailHealthSchema,
  MailIdParamsSchema,
  MailListQuerySchema,
  MailListResponseSchema,
  MailMessageDetailSchema,
  MailPreviewResponseSchema,
  MailTemplateInputSchema,
  MailTemplateKindParamsSchema,
  MailTemplateListResponseSchema,
  MailTemplateSchema,
} from '@platform/contracts/email'
import { stringify } from 'csv-stringify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { spreadsheetSafe } from '../../lib/csv.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { EmailAdminService } from './email-admin.service.js'
import type { EmailService } from './email.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'
import type { Clock } from '../../lib/clock.js'
import { downloadStream } from '../../lib/download-stream.js'

const admin = signedInRoute('admin')
const EXPORT_COLUMNS = [
  'message_id',
  'created_at',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'last_error',
  'smtp_response',
  'sent_at',
] as const

/** Email Administration: the mail log, templates and mail health, for SUPER_ADMIN and ADMIN. */
export const emailRoutes: FastifyPluginAsyncZod<{ email: EmailService; emailAdmin: EmailAdminService; clock: Clock }> = async (
  app,
  { email, emailAdmin, clock },
) => {
  app.get(
    '/email/messages',
    { config: admin.config, schema: { querystring: MailListQuerySchema, response: { 200: MailListResponseSchema, ...errorResponses } } },
    (request) => {
      const { limit, offset, ...filters } = request.query
      return email.list(filters, limit, offset)
    },
  )

  app.get(
    '/email/messages/export',
    { config: admin.config, schema: { querystring: MailListQuerySchema.omit({ limit: true, offset: true }) } },
    async (request, reply) => {
      const rows = downloadStream(email.stream(request.query)).map((row: Record<string, unknown>) =>
        EXPORT_COLUMNS.map((column) => spreadsheetSafe(row[column])),
      )
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mail_log_${clock.now().toISOString().slice(0, 10)}.csv"`)
        .send(rows.pipe(stringify({ header: true, columns: [...EXPORT_COLUMNS] })))
    },
  )

  app.get(
    '/email/messages/:id',
    { config: admin.config, schema: { params: MailIdParamsSchema, response: { 200: MailMessageDetailSchema, ...errorResponses } } },
    (request) => email.get(request.params.id),
  )

  app.post(
    '/email/messages/:id/resend',
    { config: admin.config, schema: { params: MailIdParamsSchema, response: { 200: MailActionResponseSchema, ...errorResponses } } },
    (request) => emailAdmin.resend(request.params.id, admin.user(request), clientInfo(request)),
  )

  app.post(
    '/email/messages/:id/cancel',
    { config: admin.config, schema: { params: MailIdParamsSchema, response: { 200: MailActionResponseSchema, ...errorResponses } } },
    (request) => emailAdmin.cancel(request.params.id, admin.user(request), clientInfo(request)),
  )

  app.get(
    '/email/templates',
    { config: admin.config, schema: { response: { 200: MailTemplateListResponseSchema, ...errorResponses } } },
    async () => ({ data: await email.templates() }),
  )

  app.put(
    '/email/templates/:kind',
    {
      config: admin.config,
      schema: {
        params: MailTemplateKindParamsSchema,
        body: MailTemplateInputSchema,
        response: { 200: MailTemplateSchema, ...errorResponses },
      },
    },
    (request) => emailAdmin.saveTemplate(request.params.kind, request.body, admin.user(request), clientInfo(request)),
  )

  app.post(
    '/email/templates/:kind/preview',
    {
      config: admin.config,
      schema: {
        params: MailTemplateKindParamsSchema,
        body: MailTemplateInputSchema,
        response: { 200: MailPreviewResponseSchema, ...errorResponses },
      },
    },
    (request) => email.preview(request.params.kind, request.body),
  )

  app.delete(
    '/email/templates/:kind',
    { config: admin.config, schema: { params: MailTemplateKindParamsSchema, response: { 200: MailTemplateSchema, ...errorResponses } } },
    (request) => emailAdmin.resetTemplate(request.params.kind, admin.user(request), clientInfo(request)),
  )

  app.get('/email/health', { config: admin.config, schema: { response: { 200: MailHealthSchema, ...errorResponses } } }, () =>
    email.health(),
  )

  app.post(
    '/email/health/test-connection',
    { config: admin.config, schema: { response: { 200: MailActionResponseSchema, ...errorResponses } } },
    () => email.testConnection(),
  )

  app.post(
    '/email/health/test-message',
    { config: admin.config, schema: { response: { 200: MailActionResponseSchema, ...errorResponses } } },
    (request) => emailAdmin.testMessage(admin.user(request), clientInfo(request)),
  )
}
