import { z } from 'zod'
import { countParam, idParam, text } from './input.js'
import { PaginationSchema, rowsPerPage } from './users.js'
import { adminLabels, choicesInWords } from './labels/admin.js'

/** Every kind of message the platform sends. */
export const MAIL_KINDS = [
  'sign_in',
  'no_account',
  'invitation',
  'test',
  'server_alert',
  'new_device',
  'deposit_overdue',
  'accrual_to_approve',
  'accrual_returned',
  'accrual_deadline',
  'records_due',
  'audit_checkpoint',
  'report_export_ready',
  'records_acknowledgment',
  'records_tracking_link',
  'records_letter',
  'records_answer',
  'report_subscription',
  'report_subscription_notice',
] as const
export const MailKindSchema = z.enum(MAIL_KINDS, {
  error: `Kind must be one of the kinds of message: ${choicesInWords(adminLabels.mailKind)}.`,
})
export type MailKind = z.infer<typeof MailKindSchema>

/** The words for each kind (the admin label table's). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = adminLabels.mailKind

/**
 * queued: waiting for its first try; sending: being handed to the mail server; sent: accepted by it; retrying: a try
 * failed, another is scheduled; failed: given up (or interrupted); outbox: recorded only (no mail server configured);
 * cancelled: stopped by an administrator before it was sent.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'outbox', 'cancelled'] as const
export const MailStatusSchema = z.enum(MAIL_STATUSES, {
  error: `Status must be one of: ${choicesInWords(adminLabels.mailStatus)}.`,
})
export type MailStatus = z.infer<typeof MailStatusSchema>

/** A message in the mail log; bodies are as sent, with every link, token and code masked. */
export const MailMessageSchema = z.object({
  message_id: z.number().int(),
  created_at: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  smtp_response: z.string().nullable(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
})
export type MailMessage = z.infer<typeof MailMessageSchema>

export const MailMessageDetailSchema = MailMessageSchema.extend({ body_text: z.string(), body_html: z.string().nullable() })
export type MailMessageDetail = z.infer<typeof MailMessageDetailSchema>

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-11-21')
  .optional()

export const MailListQuerySchema = z.object({
  recipient: text().trim().max(254, 'Recipient is at most 254 characters').optional(),
  kind: MailKindSchema.optional(),
  status: MailStatusSchema.optional(),
  from: isoDate,
  to: isoDate,
  limit: rowsPerPage,
  offset: countParam('Starting row', 0).default(0),
})
export type MailListQuery = z.input<typeof MailListQuerySchema>

export const MailListResponseSchema = z.object({
  data: z.array(MailMessageSchema),
  pagination: PaginationSchema,
  /** True when more messages match than were counted (pagination.total is then a lower bound: "10,000 or more"). */
  totalCapped: z.boolean().optional(),
})
export type MailListResponse = z.infer<typeof MailListResponseSchema>

export const MailIdParamsSchema = z.object({ id: idParam('The message number') })

export const MailPlaceholderSchema = z.object({ name: z.string(), description: z.string(), required: z.boolean() })

export const MailTemplateSchema = z.object({
  kind: MailKindSchema,
  label: z.string(),
  subject: z.string(),
  body_text: z.string(),
  is_default: z.boolean(),
  placeholders: z.array(MailPlaceholderSchema),
  updated_at: z.string().nullable(),
})
export type MailTemplate = z.infer<typeof MailTemplateSchema>

export const MailTemplateListResponseSchema = z.object({ data: z.array(MailTemplateSchema) })
export const MailTemplateKindParamsSchema = z.object({ kind: MailKindSchema })

/** A template as an administrator edits it: placeholders are written {{name}}. */
export const MailTemplateInputSchema = z.object({
  subject: text('Subject is required').trim().min(1, 'Subject is required').max(200, 'Subject is at most 200 characters'),
  body_text: text('Body is required').trim().min(1, 'Body is required').max(10_000, 'Body is at most 10,000 characters'),
})
export type MailTemplateInput = z.infer<typeof MailTemplateInputSchema>

export const MailPreviewResponseSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() })
export type MailPreview = z.infer<typeof MailPreviewResponseSchema>

export const MailHealthSchema = z.object({
  mode: z.enum(['smtp', 'outbox']),
  /** The SMTP settings in force; the password is never sent, only whether one is set. */
  smtp: z
    .object({ host: z.string(), port: z.number().int(), secure: z.boolean(), user: z.string().nullable(), passwordSet: z.boolean() })
    .nullable(),
  from: z.string(),
  retryWindowMinutes: z.number(),
  last24h: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
    /** Sent out of those that finished (sent or failed), as a fraction; null when none finished. */
    deliveryRate: z.number().nullable(),
  }),
  recentFailures: z.array(MailMessageSchema),
})
export type MailHealth = z.infer<typeof MailHealthSchema>

export const MailActionResponseSchema = z.object({ success: z.boolean(), message: z.string() })
