import { z } from 'zod'
import { zoneAt } from './district-time.js'
import { idParam } from './input.js'

/*
 * Report subscriptions: a saved report delivered by e-mail on a schedule of the district's day, to people who may view
 * it. Each delivery runs the report as its recipient, with their permissions and site scope at the time of sending.
 */

/** Attached as a PDF, an Excel workbook or a CSV file, or a link that opens the report in Reports Studio. */
export const SUBSCRIPTION_FORMATS = ['pdf', 'xlsx', 'csv', 'link'] as const
export const SubscriptionFormatSchema = z.enum(SUBSCRIPTION_FORMATS, {
  error: 'Format must be PDF, Excel (XLSX), CSV or a link.',
})
export type SubscriptionFormat = z.infer<typeof SubscriptionFormatSchema>
export const SUBSCRIPTION_FORMAT_LABELS: Record<SubscriptionFormat, string> = {
  pdf: 'PDF attached',
  xlsx: 'Excel (XLSX) attached',
  csv: 'CSV attached',
  link: 'A link to the report',
}

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export const SubscriptionFrequencySchema = z.enum(SUBSCRIPTION_FREQUENCIES, {
  error: 'How often must be daily, weekly or monthly.',
})
export type SubscriptionFrequency = z.infer<typeof SubscriptionFrequencySchema>

/** Sunday first, as JavaScript's getUTCDay counts them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Most recipients one subscription may have (a list larger than this is a mailing list, not a subscription). */
export const MAX_SUBSCRIPTION_RECIPIENTS = 50
/** The largest attachment sent by default; a larger file goes as a link to it, kept SUBSCRIPTION_FILE_DAYS days. */
export const DEFAULT_MAIL_ATTACHMENT_LIMIT_MB = 10
export const SUBSCRIPTION_FILE_DAYS = 7

/**
 * When a subscription is delivered, on the district's clock: every day, on chosen days of the week, or on a day of the
 * month (a day the month does not have, such as the 31st in April, means its last day), at a whole hour.
 */
export const SubscriptionScheduleSchema = z
  .object({
    frequency: SubscriptionFrequencySchema,
    hour: z
      .number({ error: 'The hour must be a whole number from 0 (midnight) to 23 (11 PM).' })
      .int('The hour must be a whole number from 0 (midnight) to 23 (11 PM).')
      .min(0, 'The hour must be a whole number from 0 (midnight) to 23 (11 PM).')
      .max(23, 'The hour must be a whole number from 0 (midnight) to 23 (11 PM).'),
    /** For weekly: the days, 0 (Sunday) to 6 (Saturday). */
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(0, 'A day of the week is 0 (Sunday) to 6 (Saturday).')
          .max(6, 'A day of the week is 0 (Sunday) to 6 (Saturday).'),
      )
      .max(7)
      .optional(),
    /** For monthly: the day of the month, 1 to 31. */
    monthDay: z
      .number()
      .int('The day of the month must be a whole number from 1 to 31.')
      .min(1, 'The day of the month must be a whole number from 1 to 31.')
      .max(31, 'The day of the month must be a whole number from 1 to 31.')
      .optional(),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.frequency === 'weekly' && (schedule.weekdays ?? []).length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Choose at least one day of the week.' })
    if (schedule.frequency === 'monthly' && schedule.monthDay === undefined)
      ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'Choose the day of the month.' })
  })
export type SubscriptionSchedule = z.infer<typeof SubscriptionScheduleSchema>

/** '7:00 AM': a whole hour of the district's day. */
export const hourInWords = (hour: number) => `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`
const ordinal = (n: number) => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** 'Every Monday and Thursday at 7:00 AM', 'On the 31st of each month (its last day when shorter) at 6:00 PM'. */
export function scheduleInWords(schedule: SubscriptionSchedule): string {
  const at = `at ${hourInWords(schedule.hour)}`
  if (schedule.frequency === 'daily') return `Every day ${at}`
  if (schedule.frequency === 'weekly') {
    const days = [...new Set(schedule.weekdays ?? [])].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES[day]!)
    if (days.length === 7) return `Every day ${at}`
    const list = days.length <= 1 ? days.join('') : `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`
    return `Every ${list} ${at}`
  }
  const day = schedule.monthDay ?? 1
  return day > 28 ? `On the ${ordinal(day)} of each month (its last day when shorter) ${at}` : `On the ${ordinal(day)} of each month ${at}`
}

const DAY_MS = 86_400_000

/**
 * The instant the district's wall clock reads `wallMs` (UTC fields as the district's digits): the first of two in the
 * hour repeated in autumn; in the hour skipped in spring, the instant an hour later (the same digits under the offset
 * before the change), which the clock reads as the hour after.
 */
function instantOfWall(wallMs: number, timeZone: string): number {
  const reads = (instant: number) => instant + zoneAt(instant, timeZone).offsetMs === wallMs
  const first = wallMs - zoneAt(wallMs, timeZone).offsetMs
  const second = wallMs - zoneAt(first, timeZone).offsetMs
  if (reads(second) && (!reads(first) || second <= first)) return second
  if (reads(first)) return first
  return Math.max(first, second)
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
}

function dayMatches(schedule: SubscriptionSchedule, wallDay: Date): boolean {
  if (schedule.frequency === 'daily') return true
  if (schedule.frequency === 'weekly') return (schedule.weekdays ?? []).includes(wallDay.getUTCDay())
  const last = daysInMonth(wallDay.getUTCFullYear(), wallDay.getUTCMonth())
  return wallDay.getUTCDate() === Math.min(schedule.monthDay ?? 1, last)
}

/**
 * The first delivery strictly after `after`, on the district's clock: the first day that matches the schedule at its
 * hour. An hour the clock skips in spring is delivered at the hour after it; an hour it repeats in autumn, once.
 */
export function nextDeliveryAt(schedule: SubscriptionSchedule, after: Date, timeZone: string): Date {
  const afterMs = after.getTime()
  const wallNow = afterMs + zoneAt(afterMs, timeZone).offsetMs
  const firstDay = Math.floor(wallNow / DAY_MS) * DAY_MS
  // A monthly schedule matches at least once in any 31 days; 400 leaves room for every rule.
  for (let day = 0; day < 400; day += 1) {
    const wallDay = new Date(firstDay + day * DAY_MS)
    if (!dayMatches(schedule, wallDay)) continue
    const instant = instantOfWall(wallDay.getTime() + schedule.hour * 3_600_000, timeZone)
    if (instant > afterMs) return new Date(instant)
  }
  throw new Error('The schedule has no delivery within 400 days.')
}

/** Who receives a subscription: a person of the platform who may view the report. */
export const SubscriptionRecipientSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  /** When they unsubscribed through the link in an e-mail; they receive nothing since. */
  unsubscribedAt: z.string().nullable(),
})
export type SubscriptionRecipient = z.infer<typeof SubscriptionRecipientSchema>

/** What a subscription is created or changed with. */
export const SubscriptionInputSchema = z.object({
  reportId: z.number({ error: 'Choose the report to deliver.' }).int().positive(),
  /** The report's parameter values, checked as the viewer checks them. */
  parameters: z.record(z.string(), z.unknown()).default({}),
  recipientIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one person to receive the report.')
    .max(MAX_SUBSCRIPTION_RECIPIENTS, `A subscription goes to at most ${MAX_SUBSCRIPTION_RECIPIENTS} people.`),
  format: SubscriptionFormatSchema,
  schedule: SubscriptionScheduleSchema,
})
export type SubscriptionInput = z.infer<typeof SubscriptionInputSchema>

export const SubscriptionUpdateSchema = SubscriptionInputSchema.omit({ reportId: true }).extend({
  /** The version the person changed, so that two people's changes do not overwrite each other. */
  version: z.number().int().positive(),
})
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>

export const SubscriptionPauseSchema = z.object({ paused: z.boolean() })

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  reportName: z.string(),
  createdBy: z.object({ userId: z.number().int().nullable(), fullName: z.string().nullable() }),
  createdAt: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  format: SubscriptionFormatSchema,
  schedule: SubscriptionScheduleSchema,
  /** The schedule in words, on the district's clock. */
  scheduleText: z.string(),
  recipients: z.array(SubscriptionRecipientSchema),
  paused: z.boolean(),
  pausedBy: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** The next delivery (null while paused). */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  version: z.number().int(),
  /** The subscription's creator, the report's owner and administrators change, pause and delete it. */
  canManage: z.boolean(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) })

/**
 * sent: the report went by e-mail (attached, or as a link); notice: the recipient may no longer view its data, so they
 * were told instead; failed: the report could not be run or written (detail says why); unsubscribed: skipped.
 */
export const DELIVERY_OUTCOMES = ['sent', 'notice', 'failed', 'unsubscribed'] as const
export const DeliveryOutcomeSchema = z.enum(DELIVERY_OUTCOMES)
export type DeliveryOutcome = z.infer<typeof DeliveryOutcomeSchema>

export const SubscriptionDeliverySchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  outcome: DeliveryOutcomeSchema,
  /** attachment, link (the format was a link), file-link (too large to attach: a link to the file), or null. */
  sentAs: z.enum(['attachment', 'link', 'file-link']).nullable(),
  rows: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
})
export type SubscriptionDelivery = z.infer<typeof SubscriptionDeliverySchema>

/** queued: due, waiting for an instance; running: being delivered; done: every recipient handled. */
export const SUBSCRIPTION_RUN_STATES = ['queued', 'running', 'done'] as const

export const SubscriptionRunSchema = z.object({
  id: z.number().int(),
  /** The scheduled time this run delivers. */
  scheduledFor: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  state: z.enum(SUBSCRIPTION_RUN_STATES),
  deliveries: z.array(SubscriptionDeliverySchema),
})
export type SubscriptionRun = z.infer<typeof SubscriptionRunSchema>

export const SubscriptionRunListSchema = z.object({ runs: z.array(SubscriptionRunSchema) })

export const SubscriptionParamsSchema = z.object({ id: idParam('id') })

/** Who a report may be sent to: active people who may view it, matching what was typed. */
export const RecipientCandidatesQuerySchema = z.object({
  reportId: idParam('reportId'),
  search: z.string().trim().max(200, 'Search is at most 200 characters.').optional(),
})
export const RecipientCandidateSchema = z.object({ userId: z.number().int(), fullName: z.string(), email: z.string() })
export type RecipientCandidate = z.infer<typeof RecipientCandidateSchema>
export const RecipientCandidatesSchema = z.object({ people: z.array(RecipientCandidateSchema) })
/** How many people the recipients' search offers at once: type more of a name to find someone else. */
export const MAX_RECIPIENT_CANDIDATES = 20
export const ReportSubscriptionsQuerySchema = z.object({ reportId: idParam('reportId').optional() })

/** The unsubscribe link's secret, sent back by the page it opens (it travels in the link's fragment). */
export const UnsubscribeSchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is incomplete. Open it again from the e-mail.' })
    .min(10, 'This unsubscribe link is incomplete. Open it again from the e-mail.')
    .max(400, 'This unsubscribe link is not one the platform sent.'),
})
export const UnsubscribeResultSchema = z.object({ reportName: z.string(), message: z.string() })
