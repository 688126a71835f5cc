const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
import { districtTimeZone } from '@/lib/district-time'

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

/** The district's clock time of an instant, zone named ("10:04 AM PST"), or '' when it cannot be read. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: districtTimeZone() }).format(date) + ' ' + zoneName(date)
}

function zoneName(date: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: districtTimeZone() })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  )
}
