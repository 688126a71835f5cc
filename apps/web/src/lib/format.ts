import { formatInstant } from '@platform/contracts/district-time'
import { districtTimeZone } from './district-time'

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * A date and time on the district's clock with its zone named ('Mar 1, 2026 6:05 AM PST'), whatever the zone of the
 * browser; an em dash when there is none, the value as given when it cannot be read.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  return formatInstant(value, districtTimeZone()) || String(value)
}

/** A whole number with thousands separators. */
export function formatCount(value: number): string {
  return integer.format(value)
}

/** A person's display name from first and last names. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
}
