/*
 * One rule for deadlines, used by My queue, the overview and every application's lists: a deadline is the end of the
 * district's day on its date (not midnight UTC), it is overdue from the first instant after that, and its days left
 * are counted in the district's calendar days.
 */

import { formatterPerZone } from './district-time.js'
import { localDate } from './finance-fiscal-year.js'

const wallClock = formatterPerZone('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
function zoneOffsetAt(instant: number, timeZone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const part of wallClock(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return wall - Math.floor(instant / 1000) * 1000
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The instant the district's day begins (its midnight), as milliseconds since the epoch. */
function startOfDistrictDay(date: string, timeZone: string): number {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`not a date: ${date}`)
  const wallMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  // The offset at a first guess, then again at the corrected instant: the two differ only across a clock change.
  let instant = wallMidnight - zoneOffsetAt(wallMidnight, timeZone)
  instant = wallMidnight - zoneOffsetAt(instant, timeZone)
  return instant
}

/** The first instant of a calendar date (YYYY-MM-DD) on the district's clock (its midnight), as an ISO instant. */
export function startOfDistrictDayInstant(date: string, timeZone: string): string {
  return new Date(startOfDistrictDay(date, timeZone)).toISOString()
}

/** The last millisecond of a calendar date (YYYY-MM-DD) on the district's clock, as an ISO instant. */
export function endOfDistrictDay(date: string, timeZone: string): string {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`not a date: ${date}`)
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1)).toISOString().slice(0, 10)
  return new Date(startOfDistrictDay(next, timeZone) - 1).toISOString()
}

/** Red when overdue, orange when due today or within SOON_DAYS, plain otherwise: the same everywhere. */
export type DeadlineTone = 'overdue' | 'soon' | 'later'

export const SOON_DAYS = 2

export interface DeadlineStatus {
  /** The deadline's date on the district's calendar. */
  dueOn: string
  /** District calendar days from today to the due date: 0 today, negative once overdue. */
  daysLeft: number
  overdue: boolean
  tone: DeadlineTone
  /** 'Overdue by 3 days (due Nov 24)', 'Due today', 'Due tomorrow', 'Due Dec 2 · 4 days left'. */
  words: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'Nov 24' for '2026-11-24'. */
export function shortDay(date: string): string {
  const match = DATE.exec(date)
  if (!match) return date
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}`
}

const calendarDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * Where a deadline stands at `now`. `due` is either an instant (ISO) or a calendar date, which means the end of that
 * district day.
 */
export function deadlineStatus(due: string, now: Date, timeZone: string): DeadlineStatus {
  const dueAt = DATE.test(due) ? endOfDistrictDay(due, timeZone) : due
  const dueOn = localDate(new Date(dueAt), timeZone)
  const today = localDate(now, timeZone)
  const daysLeft = calendarDays(today, dueOn)
  const overdue = now.getTime() > Date.parse(dueAt)
  if (overdue) {
    const late = Math.max(1, -daysLeft)
    return { dueOn, daysLeft, overdue, tone: 'overdue', words: `Overdue by ${plural(late, 'day')} (due ${shortDay(dueOn)})` }
  }
  const tone: DeadlineTone = daysLeft <= SOON_DAYS ? 'soon' : 'later'
  const words = daysLeft === 0 ? 'Due today' : daysLeft === 1 ? 'Due tomorrow' : `Due ${shortDay(dueOn)} · ${plural(daysLeft, 'day')} left`
  return { dueOn, daysLeft, overdue, tone, words }
}
