import { z } from 'zod'
import { spelledOut } from './labels.js'

/*
 * The building blocks of every input a contract accepts. Text and ids from outside meet the database, so what the
 * database cannot hold is refused here, once, with a 400 that names the field, rather than failing as a 500 there.
 */

/** Ids are PostgreSQL `integer`s: positive and 32-bit. */
export const MAX_ID = 2_147_483_647

// NUL cannot be stored in PostgreSQL text; a surrogate without its pair is not Unicode and would be silently replaced.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or broken Unicode (lone surrogates)'

/** Whether a text can be stored and shown as it is. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value)

/** Text from outside (chain .trim(), .min(), .max(), .regex() as with z.string()). */
export const text = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)

/**
 * Required text whose messages a form shows beside its field as they are: `missing` says what to enter and names the
 * field for the API ('Enter the requester’s name (requesterName).'); `label` starts the message of a text too long.
 */
export const stated = (missing: string, label: string, max: number) =>
  text(missing)
    .trim()
    .min(1, missing)
    .max(max, `${label} is at most ${max.toLocaleString('en-US')} characters.`)

/**
 * How an id's or a count's messages name it. A name given in words ('The exemption') is used as it is; an API name
 * ('receiptIds') is put in words ('Each receipt') and kept in brackets at the end, where API clients find the field.
 */
function named(name: string): { subject: string; suffix: string } {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) return { subject: name, suffix: '' }
  const words = spelledOut(name).toLowerCase()
  const subject =
    words === 'id'
      ? 'The record'
      : words.endsWith(' ids')
        ? `Each ${words.slice(0, -' ids'.length)}`
        : `The ${words.endsWith(' id') ? words.slice(0, -' id'.length) : words}`
  return { subject, suffix: ` (${name})` }
}

/** The messages of an id: a whole number from 1 to MAX_ID. */
function idMessages(name: string, missing: string | undefined) {
  const { subject, suffix } = named(name)
  return {
    type: missing ?? `${subject} must be given as a number${suffix}`,
    whole: `${subject} must be a whole number${suffix}`,
    positive: missing ?? `${subject} must be a positive number${suffix}`,
    tooLarge: `${subject} must be a number no larger than ${MAX_ID.toLocaleString('en-US')}${suffix}`,
  }
}

/** An id in a JSON body: a whole number from 1 to MAX_ID; `missing` words its absence for a form. */
export const id = (name: string, missing?: string) => {
  const message = idMessages(name, missing)
  return z.number({ error: message.type }).int(message.whole).min(1, message.positive).max(MAX_ID, message.tooLarge)
}

/** An id in a path, a query string or a form field (text that must read as one); `missing` words its absence for a form. */
export const idParam = (name: string, missing?: string) => {
  const message = idMessages(name, missing)
  return z.coerce.number({ error: message.type }).int(message.whole).min(1, message.positive).max(MAX_ID, message.tooLarge)
}

/** A count or position in a query string (limit, offset): a whole number within what a 32-bit column can page. */
export const countParam = (name: string, min: number, max = MAX_ID) => {
  const { subject, suffix } = named(name)
  return z.coerce
    .number({ error: `${subject} must be a number${suffix}` })
    .int(`${subject} must be a whole number${suffix}`)
    .min(min, `${subject} must be at least ${min.toLocaleString('en-US')}${suffix}`)
    .max(max, `${subject} is at most ${max.toLocaleString('en-US')}${suffix}`)
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether a text is a real calendar date (YYYY-MM-DD): 2026-02-30 is not. */
export function isCalendarDate(value: string): boolean {
  const match = DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A day as YYYY-MM-DD that is a real calendar date; `message` words it for a form (what to enter, and the field).
 * Whether the day is within the district's window (not in the future, not before its earliest fiscal year) is the
 * server's check, which knows the district's clock and settings.
 */
export const calendarDay = (name: string, message = `Enter a real date, written YYYY-MM-DD${named(name).suffix}`) =>
  z.string({ error: message }).refine(isCalendarDate, message)
