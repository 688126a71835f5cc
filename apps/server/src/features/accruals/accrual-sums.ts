/**
 * Sums of cents as they come back from the database: an integer from SQLite, a string from PostgreSQL (the sum of a
 * bigint column is a numeric). Read through BigInt, so a figure is never rounded on the way; one too large to be a
 * JavaScript number exactly is refused rather than shown wrong (MAX_RECORD_CENTS keeps real totals far below it).
 */
export function exactCents(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0
  const whole = BigInt(typeof value === 'number' ? Math.trunc(value) : value)
  if (whole > BigInt(Number.MAX_SAFE_INTEGER) || whole < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`A total of ${whole} cents is beyond what a figure can carry exactly`)
  return Number(whole)
}

/** Adds amounts of cents exactly (BigInt), whatever their number. */
export function sumCents(values: Iterable<string | number | bigint | null | undefined>): number {
  let total = 0n
  for (const value of values) total += BigInt(exactCents(value))
  return exactCents(total)
}
