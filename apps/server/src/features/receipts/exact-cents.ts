import { AppError } from '../../lib/errors.js'

/**
 * A sum of cents read back from SQL, exactly: PostgreSQL answers a bigint sum as text, SQLite as a number. A total past
 * what a JavaScript number holds exactly (about $90 trillion) is refused in words rather than rounded by a cent.
 */
export function exactCents(value: string | number | bigint | null): number {
  if (value === null) return 0
  const exact = BigInt(value)
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER))
    throw new AppError('unprocessable', 'This total is larger than the platform can show exactly; narrow the list to fewer sites.', {
      code: 'total_too_large',
    })
  return Number(exact)
}
