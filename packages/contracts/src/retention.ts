import { z } from 'zod'

/*
 * How long the platform keeps what it writes for itself (the mail log, ended sessions, sign-in attempts, temporary
 * files), and what the daily purge removed last. Fiscal records, their attachments, the audit trail and its
 * checkpoints are never purged by the platform: they are not settings here at all.
 *
 *   GET /api/retention   → RetentionResponseSchema (administrators)
 *   PUT /api/retention   RetentionInputSchema → RetentionResponseSchema (administrators; a value out of bounds is a 422)
 */

/** Each kept kind: its bounds and default in days, and what it covers, in words. */
export const RETENTION_KINDS = {
  mailLogDays: {
    label: 'Mail log',
    min: 30,
    max: 3650,
    default: 365,
    covers:
      'Messages sent, given up or cancelled. A message still waiting to be sent is never removed, nor an e-mail a public records request shows as its delivery.',
  },
  endedSessionsDays: {
    label: 'Ended sessions',
    min: 7,
    max: 3650,
    default: 90,
    covers: 'Sessions that were signed out or expired, counted from the day they ended.',
  },
  signInAttemptsDays: {
    label: 'Sign-in links and codes',
    min: 7,
    max: 3650,
    default: 90,
    covers:
      'E-mailed sign-in links, codes and invitations once used, replaced or expired, counted from then. Each person’s latest invitation stays: User Management shows whether it was accepted.',
  },
  temporaryFilesDays: {
    label: 'Temporary files',
    min: 1,
    max: 7,
    default: 7,
    covers:
      'Report exports that failed, were cancelled or whose file expired. A ready export file is removed 24 hours after it is ready whatever this says, and the platform keeps none longer than 7 days.',
  },
} as const

export type RetentionKind = keyof typeof RETENTION_KINDS
export const RETENTION_KIND_KEYS = Object.keys(RETENTION_KINDS) as RetentionKind[]

/** What the settings screen says about the records the platform never purges. */
export const NEVER_PURGED =
  'Fiscal records are never purged by the platform: payment receipts, deposits, accruals, public records requests and their attachments, the audit trail and its signed checkpoints. California keeps financial records until after the audit (5 CCR 16025, Education Code 35254); the district removes them by its own records schedule, never by this setting.'

/** An object with one field per kept kind, each made by `field`. */
const perKind = <T extends z.ZodType>(field: (kind: RetentionKind) => T) =>
  z.object(Object.fromEntries(RETENTION_KIND_KEYS.map((kind) => [kind, field(kind)])) as Record<RetentionKind, T>)

/** The settings as kept and as a form checks them: every value a whole number of days within its bounds. */
export const RetentionSettingsSchema = perKind((kind) => {
  const { label, min, max } = RETENTION_KINDS[kind]
  const message = `${label}: enter a whole number of days from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} (${kind}).`
  return z.number({ error: message }).int(message).min(min, message).max(max, message)
})
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>

/**
 * What PUT accepts before the bounds are checked: whole numbers. The bounds are a rule the service applies (an
 * answer of 422 in words), so that a value out of bounds is told apart from a request that is not one.
 */
export const RetentionInputSchema = perKind((kind) =>
  z.number({ error: `Enter the days to keep as a number (${kind}).` }).int(`Enter a whole number of days (${kind}).`),
)
export type RetentionInput = z.infer<typeof RetentionInputSchema>

export const DEFAULT_RETENTION = Object.fromEntries(
  RETENTION_KIND_KEYS.map((kind) => [kind, RETENTION_KINDS[kind].default]),
) as RetentionSettings

/** How many rows of each kind one purge removed. */
export const PurgeCountsSchema = z.object({
  mailLog: z.number().int(),
  endedSessions: z.number().int(),
  signInAttempts: z.number().int(),
  temporaryFiles: z.number().int(),
})
export type PurgeCounts = z.infer<typeof PurgeCountsSchema>

/** The last daily purge: the district's day it ran for, when it started and finished (null while running or stopped). */
export const LastPurgeSchema = z.object({
  day: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: PurgeCountsSchema.nullable(),
})
export type LastPurge = z.infer<typeof LastPurgeSchema>

export const RetentionResponseSchema = z.object({
  data: z.object({ settings: RetentionSettingsSchema, lastPurge: LastPurgeSchema.nullable() }),
})
export type RetentionResponse = z.infer<typeof RetentionResponseSchema>
