import { z } from 'zod'

/**
 * Money is an integer number of cents everywhere: in the database, in JSON and in sums.
 * A fractional or floating-point amount is refused, never rounded.
 */
export const AmountCentsSchema = z
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents (integer), not a fraction')
  .refine((value) => Number.isSafeInteger(value), 'is too large')

/**
 * The most one record (a receipt, a line, a check, an accrual, a fee) may carry: $1,000,000,000.00. Far above any
 * district's single transaction, and low enough that the sum of every record a district could keep stays a safe
 * integer in JavaScript and fits PostgreSQL's bigint, so no total is ever rounded.
 */
export const MAX_RECORD_CENTS = 100_000_000_000

/**
 * A positive amount in cents, at most MAX_RECORD_CENTS; `notPositive` words the refusal of zero or less for a form
 * (what to enter, and the field).
 */
export const positiveAmountCents = (notPositive = 'must be more than zero') =>
  AmountCentsSchema.refine((value) => value > 0, notPositive).refine(
    (value) => value <= MAX_RECORD_CENTS,
    'must be at most $1,000,000,000.00, the most one record may carry',
  )

/** A positive amount in cents (a receipt, a line). */
export const PositiveAmountCentsSchema = positiveAmountCents()

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Shows cents as US dollars: 123456 → "$1,234.56", -500 → "-$5.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatCents needs whole cents, got ${cents}`)
  const whole = Math.trunc(Math.abs(cents) / 100)
  const rest = Math.abs(cents) % 100
  const text = dollars.format(whole).replace(/\.00$/, '') + '.' + String(rest).padStart(2, '0')
  return cents < 0 ? `-${text}` : text
}

/**
 * Reads what a person typed ("1,234.5", "$12", "0.07") as cents without passing through a float;
 * null when it is not an amount of at most two decimals.
 */
export function parseDollars(text: string): number | null {
  const match = /^\s*(-)?\$?\s*(\d{1,3}(,\d{3})+|\d+)?(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match || (match[2] === undefined && match[4] === undefined)) return null
  const whole = Number((match[2] ?? '0').replace(/,/g, ''))
  const cents = whole * 100 + Number((match[4] ?? '0').padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return match[1] ? -cents : cents
}

/** Adds amounts in cents, refusing anything that is not whole cents. */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`sumCents needs whole cents, got ${amount}`)
    total += amount
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('the sum is too large')
  return total
}
