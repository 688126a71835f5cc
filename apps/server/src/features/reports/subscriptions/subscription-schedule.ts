import {
  type SubscriptionInput,
  type SubscriptionSchedule,
  SubscriptionScheduleSchema,
  nextDeliveryAt,
} from '@platform/contracts/report-subscriptions'
import type { SubscriptionValues } from './subscriptions.repository.js'

/** A schedule as its columns store it (weekly days as '1,4', the day of the month for monthly only). */
export function scheduleOf(row: {
  frequency: string
  hour: number
  weekdays: string | null
  month_day: number | null
}): SubscriptionSchedule {
  return SubscriptionScheduleSchema.parse({
    frequency: row.frequency,
    hour: row.hour,
    ...(row.frequency === 'weekly' ? { weekdays: (row.weekdays ?? '').split(',').filter(Boolean).map(Number) } : {}),
    ...(row.frequency === 'monthly' ? { monthDay: row.month_day ?? 1 } : {}),
  })
}

/** The columns a subscription is saved with. */
export function valuesOf(input: Omit<SubscriptionInput, 'reportId' | 'recipientIds'>): SubscriptionValues {
  const { schedule } = input
  return {
    parameters: JSON.stringify(input.parameters),
    format: input.format,
    frequency: schedule.frequency,
    hour: schedule.hour,
    weekdays: schedule.frequency === 'weekly' ? [...new Set(schedule.weekdays ?? [])].sort((a, b) => a - b).join(',') : null,
    month_day: schedule.frequency === 'monthly' ? (schedule.monthDay ?? null) : null,
  }
}

/**
 * The latest time of the schedule at or before `now`, starting from `due` (the first one missed): deliveries missed
 * while the platform was down are not all sent, only the latest.
 */
export function latestDueSlot(schedule: SubscriptionSchedule, due: Date, now: Date, timeZone: string): Date {
  let slot = due
  for (;;) {
    const following = nextDeliveryAt(schedule, slot, timeZone)
    if (following.getTime() > now.getTime()) return slot
    slot = following
  }
}
