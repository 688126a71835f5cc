import { z } from 'zod'
import { PaginationSchema } from './users.js'

export const AuditEntrySchema = z.object({
  audit_id: z.number().int(),
  occurred_at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** JSON text: reasons, and before/after values of administrative changes. */
  details: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-11-21')
  .optional()

export const AuditQuerySchema = z.object({
  /** Matches the actor's or the subject's e-mail or name. */
  person: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  from: isoDate,
  to: isoDate,
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
})
export type AuditQuery = z.input<typeof AuditQuerySchema>

export const AuditListResponseSchema = z.object({ data: z.array(AuditEntrySchema), pagination: PaginationSchema })
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>
export const AuditActionsResponseSchema = z.object({ data: z.array(z.string()) })
