import type { SubscriptionDelivery, SubscriptionRun } from '@platform/contracts/report-subscriptions'
import { formatCount } from '@/lib/format'

/** A delivery's outcome in words: how it went to the person, or why it did not. */
export function deliveryOutcomeText(delivery: Pick<SubscriptionDelivery, 'outcome' | 'sentAs' | 'detail'>): string {
  switch (delivery.outcome) {
    case 'sent':
      if (delivery.sentAs === 'link') return 'Sent as a link to the report'
      if (delivery.sentAs === 'file-link') return 'Sent as a link to the file (too large to attach; kept 7 days)'
      return 'Sent with the report attached'
    case 'notice':
      return `Sent a notice instead of the report: ${delivery.detail ?? 'they may no longer view it'}`
    case 'failed':
      return `Not sent: ${delivery.detail ?? 'the report could not be run'}`
    case 'unsubscribed':
      return 'Not sent: they unsubscribed'
  }
}

export const OUTCOME_COLORS: Record<SubscriptionDelivery['outcome'], string> = {
  sent: 'teal.9',
  notice: 'yellow.9',
  failed: 'red.8',
  unsubscribed: 'gray.7',
}

export const RUN_STATE_LABELS: Record<SubscriptionRun['state'], string> = {
  queued: 'Waiting to be sent',
  running: 'Being sent',
  done: 'Done',
}

/** A file's size in words a reader knows: '820 KB', '2.4 MB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** '120 rows · 18 KB', what a delivery carried (nothing for a notice, a link or a skipped person). */
export function deliveryFigures(delivery: Pick<SubscriptionDelivery, 'rows' | 'sizeBytes'>): string {
  const parts = [
    delivery.rows === null ? null : delivery.rows === 1 ? '1 row' : `${formatCount(delivery.rows)} rows`,
    delivery.sizeBytes === null ? null : sizeText(delivery.sizeBytes),
  ]
  return parts.filter(Boolean).join(' · ')
}
