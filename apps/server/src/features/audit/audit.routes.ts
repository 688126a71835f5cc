import { Readable } from 'node:stream'
import { AuditActionsResponseSchema, AuditListResponseSchema, AuditQuerySchema } from '@platform/contracts/audit'
import { stringify } from 'csv-stringify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { spreadsheetSafe } from '../../lib/csv.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { AuditService } from './audit.service.js'

const EXPORT_COLUMNS = ['audit_id', 'occurred_at', 'actor_email', 'actor_name', 'action', 'outcome', 'target_type', 'target_id', 'email', 'ip', 'user_agent', 'details'] as const

/** The Activity view: the audit log for administrators, filtered, paged and exported. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    { config: { access: 'admin' }, schema: { querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema, ...errorResponses } } },
    async (request) => {
      const { limit, offset, ...filters } = request.query
      return audit.list(filters, limit, offset)
    },
  )

  app.get('/audit/actions', { config: { access: 'admin' }, schema: { response: { 200: AuditActionsResponseSchema, ...errorResponses } } }, async () => ({
    data: await audit.actions(),
  }))

  app.get(
    '/audit/export',
    { config: { access: 'admin' }, schema: { querystring: AuditQuerySchema.omit({ limit: true, offset: true }) } },
    async (request, reply) => {
      await audit.record({ action: 'audit.exported', outcome: 'success', actorUserId: request.user!.id, ip: request.ip, userAgent: request.headers['user-agent'], details: { filters: request.query } })
      const rows = Readable.from(audit.stream(request.query)).map((row: Record<string, unknown>) => EXPORT_COLUMNS.map((column) => spreadsheetSafe(row[column])))
      const csv = rows.pipe(stringify({ header: true, columns: [...EXPORT_COLUMNS] }))
      const date = new Date().toISOString().slice(0, 10)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit_log_${date}.csv"`)
        .send(csv)
    },
  )
}
