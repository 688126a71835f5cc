import { formatCheckedAt } from './monitoring'

/**
 * How long ago an ISO time was, in words: 'less than a minute ago', '5 min ago', '3 h ago', '2 days ago'; null when the
 * time cannot be read. A time slightly after `now` (the server's clock ahead of the browser's) counts as now.
 */
export function timeAgo(iso: string, now: number): string | null {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return null
  const minutes = Math.floor(Math.max(0, now - at) / 60_000)
  if (minutes < 1) return 'less than a minute ago'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} ${days === 1 ? 'day' : 'days'} ago`
}

/** '5 min ago' and the exact local time ('Jan 5, 2026, 3:04:05 PM'); null when there is no readable time. */
export function sinceParts(since: string | null | undefined, now: number): { ago: string; exact: string } | null {
  if (!since) return null
  const ago = timeAgo(since, now)
  return ago ? { ago, exact: formatCheckedAt(since) } : null
}
