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

/** What a checkpoint signs (decision 034): the audit chain's head at a moment. Signed as this object's JSON text. */
export const CheckpointStatementSchema = z.object({
  type: z.literal('audit-checkpoint'),
  version: z.literal(1),
  /** The platform's address (APP_URL): which platform's log this is. */
  platform: z.string(),
  signedAt: z.string(),
  /** The last row of the chain when it was signed, and that row's hash. */
  lastAuditId: z.number().int(),
  lastHash: z.string(),
  /** Rows of the chain from its start row through lastAuditId. */
  rowCount: z.number().int(),
  /** The chain key's id (never the key): the chain this checkpoint belongs to. */
  chainKeyId: z.string(),
  /** The signing public key's id: a SHA-256 of it, shortened. */
  publicKeyId: z.string(),
})
export type CheckpointStatement = z.infer<typeof CheckpointStatementSchema>

/** A signed checkpoint as it is e-mailed (the attached .json file) and as `npm run audit:verify -- --checkpoint` reads it. */
export const SignedCheckpointSchema = z.object({
  checkpointId: z.number().int().nullable(),
  /** The exact text that was signed: a CheckpointStatement as JSON. */
  statement: z.string(),
  /** Ed25519 signature of the statement's UTF-8 bytes, base64. */
  signature: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The signing public key (PEM), for reading only: a verifier trusts the key it was given, not this one. */
  publicKey: z.string(),
})
export type SignedCheckpoint = z.infer<typeof SignedCheckpointSchema>

export const CHECKPOINT_KINDS = ['daily', 'on_demand'] as const

/** A checkpoint of the log (GET /api/audit/checkpoints). */
export const AuditCheckpointSchema = z.object({
  checkpointId: z.number().int(),
  kind: z.enum(CHECKPOINT_KINDS),
  /** The district's day a daily checkpoint was made for; null for one made on demand. */
  dailyOf: z.string().nullable(),
  /** Who asked for it (on demand); null for the daily one. */
  madeBy: z.string().nullable(),
  signedAt: z.string(),
  lastAuditId: z.number().int(),
  lastHash: z.string(),
  rowCount: z.number().int(),
  chainKeyId: z.string(),
  publicKeyId: z.string(),
  statement: z.string(),
  signature: z.string(),
  /** When it was queued for the auditors, and to whom; null until then. */
  mailedAt: z.string().nullable(),
  mailedTo: z.array(z.string()),
})
export type AuditCheckpoint = z.infer<typeof AuditCheckpointSchema>

export const AuditCheckpointsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(20),
  offset: countParam('offset', 0).default(0),
})

export const AuditCheckpointsResponseSchema = z.object({
  data: z.array(AuditCheckpointSchema),
  pagination: PaginationSchema,
  /** The published key that verifies every checkpoint (PEM), and its id. */
  publicKey: z.string(),
  publicKeyId: z.string(),
  /** How many auditor addresses each checkpoint is e-mailed to (AUDITOR_EMAILS); 0: kept in the log only. */
  auditorCount: z.number().int(),
})
export type AuditCheckpointsResponse = z.infer<typeof AuditCheckpointsResponseSchema>

/** POST /api/audit/checkpoints: the checkpoint just signed. */
export const AuditCheckpointCreatedSchema = z.object({ checkpoint: AuditCheckpointSchema, message: z.string() })

export const CHECKPOINT_CHECK_STATUSES = ['matches', 'rewritten', 'bad_signature', 'unreadable', 'other_chain'] as const

/** One checkpoint held against the database. */
export const CheckpointCheckSchema = z.object({
  checkpointId: z.number().int().nullable(),
  /** The checkpoint log, or a file given to the command. */
  source: z.enum(['log', 'file']),
  file: z.string().nullable(),
  lastAuditId: z.number().int().nullable(),
  signedAt: z.string().nullable(),
  status: z.enum(CHECKPOINT_CHECK_STATUSES),
  message: z.string(),
})
export type CheckpointCheck = z.infer<typeof CheckpointCheckSchema>

/** GET /api/audit/verify and `npm run audit:verify`: the chain checked from its start row, then against the checkpoints. */
export const AuditVerifyResponseSchema = z.object({
  ok: z.boolean(),
  /** Rows of the chain whose hashes were checked. */
  checked: z.number().int(),
  /** The first row that does not match (changed, removed or inserted out of order); null when the chain holds. */
  firstBrokenId: z.number().int().nullable(),
  /** Rows written before the chain started: reported, not checked. */
  beforeChain: z.number().int(),
  /** Of the rows checked, those written before the chain was keyed: checked with the published SHA-256 only. */
  legacyRows: z.number().int(),
  /** The chain-keyed row: from it on every row is an HMAC under the chain key. */
  keyedFromId: z.number().int().nullable(),
  /**
   * row: a row does not match its hash or link; head: rows are missing from the end; not_keyed: no chain-keyed row;
   * wrong_key: the key given is not the one the chain was keyed with; checkpoint: a checkpoint disagrees or is forged.
   */
  problem: z.enum(['row', 'head', 'not_keyed', 'wrong_key', 'checkpoint']).nullable(),
  /** Rows through this one match a checkpoint signed before any rewrite could be made after it. */
  intactThroughId: z.number().int().nullable(),
  /** What was found, in words. */
  message: z.string(),
  checkpoints: z.object({
    checked: z.number().int(),
    matching: z.number().int(),
    /** Every checkpoint that does not match, with why. */
    problems: z.array(CheckpointCheckSchema),
  }),
})
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponseSchema>
