import { z } from 'zod'
import { countParam, text } from './input.js'
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
  person: text().trim().max(200).optional(),
  action: text().trim().max(100).optional(),
  from: isoDate,
  to: isoDate,
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  offset: countParam('offset', 0).default(0),
})
export type AuditQuery = z.input<typeof AuditQuerySchema>

export const AuditListResponseSchema = z.object({ data: z.array(AuditEntrySchema), pagination: PaginationSchema })
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>
export const AuditActionsResponseSchema = z.object({ data: z.array(z.string()) })

/** GET /api/audit/verify: the tamper-evident chain checked from its start row. */
export const AuditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  /** Rows of the chain whose hashes were checked. */
  checked: z.number().int(),
  /** The first row that does not match (changed, removed or inserted out of order); null when the chain holds. */
  firstBrokenId: z.number().int().nullable(),
  /** Rows written before the chain started: reported, not checked. */
  beforeChain: z.number().int(),
})
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponseSchema>
