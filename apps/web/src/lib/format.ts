const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A readable local date and time, or an em dash when there is none or it cannot be read. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date)
}

/** A whole number with thousands separators. */
export function formatCount(value: number): string {
  return integer.format(value)
}

/** A person's display name from first and last names. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
}
