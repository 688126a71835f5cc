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
import { DEFAULT_DISTRICT_TIME_ZONE, formatInstant } from '@platform/contracts/district-time'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
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
type ExportedMessage = Record<string, unknown> & { kind: string; status: string }

/** The export's columns as a person reads them: kinds and statuses in words, times on the district's clock. */
const exportColumns = (timeZone: string) =>
  [
    { header: 'Message number', value: (row: ExportedMessage) => row.message_id },
    { header: 'Time', value: (row: ExportedMessage) => formatInstant(String(row.created_at), timeZone) },
    { header: 'Kind', value: (row: ExportedMessage) => labelOf(adminLabels.mailKind, row.kind) },
    { header: 'Recipient', value: (row: ExportedMessage) => row.recipient },
    { header: 'Subject', value: (row: ExportedMessage) => row.subject },
    { header: 'Status', value: (row: ExportedMessage) => labelOf(adminLabels.mailStatus, row.status) },
    { header: 'Attempts', value: (row: ExportedMessage) => row.attempts },
    { header: 'Error', value: (row: ExportedMessage) => row.last_error },
    { header: 'Server answer', value: (row: ExportedMessage) => row.smtp_response },
    { header: 'Sent', value: (row: ExportedMessage) => (row.sent_at ? formatInstant(String(row.sent_at), timeZone) : '') },
  ] as const

/** Email Administration: the mail log, templates and mail health, for SUPER_ADMIN and ADMIN. */
export const emailRoutes: FastifyPluginAsyncZod<{
  email: EmailService
  emailAdmin: EmailAdminService
  clock: Clock
  /** The district's time zone (DISTRICT_TIME_ZONE), for the export's times. */
  timeZone?: string
}> = async (app, { email, emailAdmin, clock, timeZone = DEFAULT_DISTRICT_TIME_ZONE }) => {
  const columns = exportColumns(timeZone)
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
      const rows = downloadStream(email.stream(request.query)).map((row: ExportedMessage) =>
        columns.map((column) => spreadsheetSafe(column.value(row))),
      )
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mail_log_${localDate(clock.now(), timeZone)}.csv"`)
        .send(rows.pipe(stringify({ header: true, columns: columns.map((column) => column.header) })))
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
