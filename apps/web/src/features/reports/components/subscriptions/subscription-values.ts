import { schemaResolver } from '@mantine/form'
import {
  SubscriptionInputSchema,
  SubscriptionScheduleSchema,
  nextDeliveryAt,
  scheduleInWords,
  type Subscription,
  type SubscriptionFormat,
  type SubscriptionFrequency,
  type SubscriptionInput,
  type SubscriptionSchedule,
} from '@platform/contracts/report-subscriptions'
import type { ReportParameter } from '@platform/contracts/reports'
import { withoutFieldNames } from '@/lib/schema-errors'
import { initialPromptValues, promptProblems, toParameterValues, type PromptValues } from '../../utils/parameter-values'

/** The subscription form as its inputs hold it: choices as text (the selects' values), the parameters as typed. */
export interface SubscriptionFormValues {
  recipientIds: string[]
  parameters: PromptValues
  format: SubscriptionFormat
  frequency: SubscriptionFrequency
  /** '0' (Sunday) to '6' (Saturday), for weekly. */
  weekdays: string[]
  /** '1' to '31', for monthly. */
  monthDay: string
  /** '0' (midnight) to '23' (11 PM) on the district's clock. */
  hour: string
}

/** '7:00 AM': the hours offered, as the schedule's sentence says them. */
export { hourInWords as hourLabel } from '@platform/contracts/report-subscriptions'

type ParameterDefault = ReportParameter['default']
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)
const asDefault = (value: unknown): ParameterDefault | undefined =>
  isScalar(value) ? (value as ParameterDefault) : Array.isArray(value) && value.every(isScalar) ? (value as ParameterDefault) : undefined

/**
 * The report's parameters with a subscription's (or the viewer's) values as their defaults: the prompts then start from
 * them, and a value left out keeps the report's own default, as the server applies it.
 */
export function withValuesAsDefaults(parameters: readonly ReportParameter[], values: Record<string, unknown>): ReportParameter[] {
  return parameters.map((parameter) => {
    const value = asDefault(values[parameter.id])
    return value === undefined ? parameter : { ...parameter, default: value }
  })
}

/** The form of a new subscription: the person themselves, the values on screen, weekly on Monday at 7 AM as a PDF. */
export function newSubscriptionValues(
  parameters: readonly ReportParameter[],
  appliedValues: Record<string, unknown>,
  currentUserId: number | undefined,
): SubscriptionFormValues {
  return {
    recipientIds: currentUserId === undefined ? [] : [String(currentUserId)],
    parameters: initialPromptValues(withValuesAsDefaults(parameters, appliedValues)),
    format: 'pdf',
    frequency: 'weekly',
    weekdays: ['1'],
    monthDay: '1',
    hour: '7',
  }
}

/** The form of a subscription being changed, as it is saved. */
export function savedSubscriptionValues(parameters: readonly ReportParameter[], subscription: Subscription): SubscriptionFormValues {
  const { schedule } = subscription
  return {
    recipientIds: subscription.recipients.map((recipient) => String(recipient.userId)),
    parameters: initialPromptValues(withValuesAsDefaults(parameters, subscription.parameters)),
    format: subscription.format,
    frequency: schedule.frequency,
    weekdays: (schedule.weekdays ?? []).map(String),
    monthDay: String(schedule.monthDay ?? 1),
    hour: String(schedule.hour),
  }
}

/** The schedule the inputs describe: the days of the week only for weekly, the day of the month only for monthly. */
export function scheduleOf(values: Pick<SubscriptionFormValues, 'frequency' | 'weekdays' | 'monthDay' | 'hour'>): SubscriptionSchedule {
  return {
    frequency: values.frequency,
    hour: Number(values.hour),
    ...(values.frequency === 'weekly' ? { weekdays: values.weekdays.map(Number).sort((a, b) => a - b) } : {}),
    ...(values.frequency === 'monthly' ? { monthDay: values.monthDay === '' ? undefined : Number(values.monthDay) } : {}),
  }
}

/** What the form sends, shaped by the contract (the server checks it again). */
export function subscriptionInputOf(
  reportId: number,
  parameters: readonly ReportParameter[],
  values: SubscriptionFormValues,
): SubscriptionInput {
  return {
    reportId,
    parameters: toParameterValues(parameters, values.parameters),
    recipientIds: values.recipientIds.map(Number),
    format: values.format,
    schedule: scheduleOf(values),
  }
}

// The contract's paths to the form's inputs: the schedule's parts are inputs of their own.
const formFieldOf = (path: string) => (path.startsWith('schedule.') ? path.slice('schedule.'.length) : path)
const resolveInput = withoutFieldNames(schemaResolver(SubscriptionInputSchema, { sync: true }), formFieldOf)

/** The form's problems: the contract's rules, the one the server applies, and each parameter value's own. */
export function subscriptionProblems(reportId: number, parameters: readonly ReportParameter[], values: SubscriptionFormValues) {
  const errors = resolveInput(subscriptionInputOf(reportId, parameters, values))
  for (const [id, problem] of Object.entries(promptProblems(parameters, values.parameters))) errors[`parameters.${id}`] = problem
  return errors
}

/**
 * The schedule in words with its next delivery on the district's clock, or null while the schedule is incomplete
 * (weekly without a day).
 */
export function scheduleSummary(values: SubscriptionFormValues, now: Date, timeZone: string): { words: string; next: Date } | null {
  const parsed = SubscriptionScheduleSchema.safeParse(scheduleOf(values))
  if (!parsed.success) return null
  return { words: scheduleInWords(parsed.data), next: nextDeliveryAt(parsed.data, now, timeZone) }
}
