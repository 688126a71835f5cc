/*
 * The statutory clock of a public records request (Gov. Code §7922.535), reckoned on the district's calendar.
 * Pure: the server stores what it computes and the web app shows the same words. Dates are calendar dates
 * (YYYY-MM-DD) in DISTRICT_TIME_ZONE; instants are turned into that zone's date and time first.
 *
 * - The day received is not counted; day 1 is the next calendar day; the determination is due on day 10.
 * - A due day on a Saturday, Sunday or district holiday moves to the next business day.
 * - Optionally (a district setting, off by default) a request received outside business hours counts as received
 *   on the next business day.
 * - Clarifying with the requester never moves the date (the clock takes no pauses).
 * - One extension adds at most 14 calendar days to the original, unrolled day 10; the result rolls the same way.
 */

import { deadlineStatus, endOfDistrictDay } from './deadline.js'
import { formatterPerZone } from './district-time.js'
import { isCalendarDate } from './input.js'

export const DETERMINATION_DAYS = 10
export const MAX_EXTENSION_DAYS = 14
/** A request this close to its due date (in calendar days) is flagged "due soon" on the queue and in alerts. */
export const DUE_SOON_DAYS = 2

export interface Holiday {
  date: string
  name: string
}

export interface ClockSettings {
  timeZone: string
  holidays: readonly Holiday[]
  /** Treat a request received outside business hours as received on the next business day. */
  afterHoursRule: boolean
  /** 'HH:MM', 24-hour, on the district's clock. */
  businessHoursStart: string
  businessHoursEnd: string
}

export const DEFAULT_BUSINESS_HOURS = { start: '08:00', end: '17:00' } as const

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
export { isCalendarDate }
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date)
  if (!match) throw new RangeError(`not a date: ${date}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/** The calendar date `days` after (or before, when negative) a date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from)
  const [y2, m2, d2] = parts(to)
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000)
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = parts(date)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/** 'Sun 22 Nov' (or 'Thu 12 Nov 2026' with the year). */
export function formatDay(date: string, withYear = false): string {
  const [year, month, day] = parts(date)
  return `${WEEKDAYS[weekdayOf(date)]} ${day} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`
}

/** 'Mon Dec 21, 2026': a date as a person in the district writes it. */
export function dayInWords(date: string): string {
  const [year, month, day] = parts(date)
  return `${WEEKDAYS[weekdayOf(date)]} ${MONTHS[month - 1]} ${day}, ${year}`
}

const holidayName = (date: string, holidays: readonly Holiday[]) => holidays.find((holiday) => holiday.date === date)?.name ?? null

/** A business day is a weekday that is not a district holiday. */
export function isBusinessDay(date: string, holidays: readonly Holiday[]): boolean {
  const weekday = weekdayOf(date)
  return weekday !== 0 && weekday !== 6 && holidayName(date, holidays) === null
}

/** The date itself when it is a business day, otherwise the next business day. */
export function rollToBusinessDay(date: string, holidays: readonly Holiday[]): string {
  let day = date
  // A year has at most ~115 non-business days; the bound only stops a corrupt calendar from looping forever.
  for (let step = 0; step < 400 && !isBusinessDay(day, holidays); step++) day = addDays(day, 1)
  return day
}

const dateTimeFormatter = formatterPerZone('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The date and 'HH:MM' (24-hour) an instant shows on the district's clock. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const formatted = dateTimeFormatter(timeZone).formatToParts(instant)
  const get = (type: string) => formatted.find((part) => part.type === type)!.value
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` }
}

/** Why a day is not a business day, for the explanation: '' on a business day. */
function whyClosed(date: string, holidays: readonly Holiday[]): string {
  const name = holidayName(date, holidays)
  if (name) return ` (${name})`
  return ''
}

export interface DeterminationClock {
  /** The calendar date of receivedAt in the district's zone. */
  receivedOn: string
  /** The date the count starts from: receivedOn, or the next business day under the after-hours rule. */
  countedFrom: string
  afterHours: boolean
  /** Day 10, before rolling (the base an extension adds to). */
  dayTen: string
  /** Day 10 rolled to a business day: when the determination is due. */
  dueOn: string
  explanation: string
}

/**
 * When the determination is due. `pauses` (clarifying with the requester) are taken only to state in code what the
 * statute says: they never move the date.
 */
export function determinationClock(
  receivedAt: Date,
  settings: ClockSettings,
  _pauses: ReadonlyArray<{ from: string; to: string | null }> = [],
): DeterminationClock {
  const { date: receivedOn, time } = localDateTime(receivedAt, settings.timeZone)
  const outsideHours =
    !isBusinessDay(receivedOn, settings.holidays) || time < settings.businessHoursStart || time >= settings.businessHoursEnd
  const afterHours = settings.afterHoursRule && outsideHours
  const countedFrom = afterHours ? rollToBusinessDay(addDays(receivedOn, 1), settings.holidays) : receivedOn
  const dayTen = addDays(countedFrom, DETERMINATION_DAYS)
  const dueOn = rollToBusinessDay(dayTen, settings.holidays)
  const received = `received ${formatDay(receivedOn, true)} ${time}`
  const counted = afterHours ? `, outside business hours, so counted as received ${formatDay(countedFrom)}` : ''
  // The year is named again only when the count crosses into the next one.
  const day = (date: string) => formatDay(date, date.slice(0, 4) !== receivedOn.slice(0, 4))
  const explanation = `${received}${counted}; day 10 is ${day(dayTen)}${whyClosed(dayTen, settings.holidays)}; due ${day(dueOn)}`
  return { receivedOn, countedFrom, afterHours, dayTen, dueOn, explanation }
}

export interface ExtensionClock {
  /** Day 10 plus the extension's days, before rolling. */
  extendedDay: string
  extendedDueOn: string
  explanation: string
}

/** The due date after the one extension: `days` (1 to 14) added to the unrolled day 10, then rolled. */
export function extensionClock(dayTen: string, days: number, holidays: readonly Holiday[]): ExtensionClock {
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXTENSION_DAYS)
    throw new RangeError(`an extension is 1 to ${MAX_EXTENSION_DAYS} days, not ${days}`)
  const extendedDay = addDays(dayTen, days)
  const extendedDueOn = rollToBusinessDay(extendedDay, holidays)
  const explanation = `day 10 is ${formatDay(dayTen)}; plus ${days} days is ${formatDay(extendedDay)}${whyClosed(extendedDay, holidays)}; due ${formatDay(extendedDueOn)}`
  return { extendedDay, extendedDueOn, explanation }
}

/** An extension is made before the original due date has passed (on the due date itself it still may be). */
export const mayStillExtend = (dueOn: string, today: string): boolean => today <= dueOn

export type ClockStatus = 'OVERDUE' | 'DUE_TODAY' | 'DUE_SOON' | 'ON_TRACK' | 'STOPPED'

/**
 * Where a request's clock stands at an instant: due at the end of the district's day on its due date (the one
 * deadline rule), overdue from the first instant after it, days counted on the district's calendar.
 */
export function clockStatusAt(
  dueOn: string,
  now: Date,
  timeZone: string,
  running = true,
): { daysLeft: number; status: ClockStatus; dueAt: string } {
  const dueAt = endOfDistrictDay(dueOn, timeZone)
  const deadline = deadlineStatus(dueAt, now, timeZone)
  const { daysLeft } = deadline
  if (!running) return { daysLeft, status: 'STOPPED', dueAt }
  if (deadline.overdue) return { daysLeft, status: 'OVERDUE', dueAt }
  if (daysLeft === 0) return { daysLeft, status: 'DUE_TODAY', dueAt }
  return { daysLeft, status: daysLeft <= DUE_SOON_DAYS ? 'DUE_SOON' : 'ON_TRACK', dueAt }
}

/** Calendar days left until the due date (negative when overdue) and how the queue colours it. */
export function clockStatus(dueOn: string, today: string, running = true): { daysLeft: number; status: ClockStatus } {
  const daysLeft = daysBetween(today, dueOn)
  if (!running) return { daysLeft, status: 'STOPPED' }
  if (daysLeft < 0) return { daysLeft, status: 'OVERDUE' }
  if (daysLeft === 0) return { daysLeft, status: 'DUE_TODAY' }
  if (daysLeft <= DUE_SOON_DAYS) return { daysLeft, status: 'DUE_SOON' }
  return { daysLeft, status: 'ON_TRACK' }
}
