const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' })

/**
 * A tracker date (yyyy-mm-dd) as "Mar 4, 2026"; '—' when there is none. The tracker's dates are calendar days, not
 * instants, so they are read and shown in UTC: a local time zone must not move them to the day before.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—'
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!match) return value
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date)
}

/** The local clock time of an instant ("10:04 AM"), or '' when it cannot be read. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)
}
