import {
  AuditActionsResponseSchema,
  AuditCheckpointCreatedSchema,
  AuditCheckpointsQuerySchema,
  AuditCheckpointsResponseSchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  AuditVerifyResponseSchema,
} from '@platform/contracts/audit'
import { stringify } from 'csv-stringify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { spreadsheetSafe } from '../../lib/csv.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { AuditService } from './audit.service.js'
import type { AuditCheckpointsService } from './audit-checkpoints.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'
import { downloadStream } from '../../lib/download-stream.js'

const superAdminOnly = signedInRoute('super_admin')
const adminOnly = signedInRoute('admin')

const EXPORT_COLUMNS = [
  'audit_id',
  'occurred_at',
  'actor_email',
  'actor_name',
  'action',
  'outcome',
  'target_type',
  'target_id',
  'email',
  'ip',
  'user_agent',
  'details',
] as const

/** The Activity view: the audit log for administrators, filtered, paged and exported; its checkpoints and their check. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; checkpoints: AuditCheckpointsService }> = async (
  app,
  { audit, checkpoints },
) => {
  app.get(
    '/audit',
    { config: adminOnly.config, schema: { querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema, ...errorResponses } } },
    async (request) => {
      const { limit, offset, ...filters } = request.query
      return audit.list(filters, limit, offset, adminOnly.user(request))
    },
  )

  app.get(
    '/audit/verify',
    { config: superAdminOnly.config, schema: { response: { 200: AuditVerifyResponseSchema, ...errorResponses } } },
    async (request) => {
      const result = await checkpoints.verify()
      const { message: _message, checkpoints: checked, ...summary } = result
      await audit.record({
        action: 'audit.verified',
        outcome: result.ok ? 'success' : 'failure',
        actorUserId: superAdminOnly.user(request).id,
        ...clientInfo(request),
        details: { ...summary, checkpoints: { checked: checked.checked, matching: checked.matching } },
      })
      return result
    },
  )

  app.get(
    '/audit/checkpoints',
    {
      config: superAdminOnly.config,
      schema: { querystring: AuditCheckpointsQuerySchema, response: { 200: AuditCheckpointsResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      ...(await checkpoints.list(request.query.limit, request.query.offset)),
      publicKey: checkpoints.publicKeyPem,
      publicKeyId: checkpoints.publicKeyId,
      auditorCount: checkpoints.auditorCount,
    }),
  )

  app.post(
    '/audit/checkpoints',
    { config: superAdminOnly.config, schema: { response: { 201: AuditCheckpointCreatedSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await checkpoints.signNow(superAdminOnly.user(request).id)),
  )

  app.get(
    '/audit/actions',
    { config: adminOnly.config, schema: { response: { 200: AuditActionsResponseSchema, ...errorResponses } } },
    async () => ({
      data: await audit.actions(),
    }),
  )

  app.get(
    '/audit/export',
    { config: adminOnly.config, schema: { querystring: AuditQuerySchema.omit({ limit: true, offset: true }) } },
    async (request, reply) => {
      await audit.record({
        action: 'audit.exported',
        outcome: 'success',
        actorUserId: adminOnly.user(request).id,
        ...clientInfo(request),
        details: { filters: request.query },
      })
      const rows = downloadStream(audit.stream(request.query, adminOnly.user(request))).map((row: Record<string, unknown>) =>
        EXPORT_COLUMNS.map((column) => spreadsheetSafe(row[column])),
      )
      const csv = rows.pipe(stringify({ header: true, columns: [...EXPORT_COLUMNS] }))
      const date = audit.today()
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit_log_${date}.csv"`)
        .send(csv)
    },
  )
}
