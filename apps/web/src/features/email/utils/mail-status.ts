import { MAIL_KIND_LABELS, type MailKind, type MailMessage, type MailStatus } from '@platform/contracts/email'

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  outbox: 'Outbox',
  cancelled: 'Cancelled',
}

/** The colour of a status badge; `autoContrast` picks dark text on the light yellow, white on the dark shades. */
export interface StatusBadgeStyle {
  color: string
  /** The colour family, for tests and for people reading the code. */
  tone: 'green' | 'blue' | 'yellow' | 'red' | 'grey'
}

/**
 * sent green, outbox blue, waiting (queued, sending, retrying) yellow, failed red, cancelled grey; filled badges at shades
 * that keep WCAG AA contrast (teal.9 is the platform's green, as on the other screens).
 */
export function statusBadgeStyle(status: MailStatus | string): StatusBadgeStyle {
  switch (status) {
    case 'sent':
      return { color: 'teal.9', tone: 'green' }
    case 'outbox':
      return { color: 'blue.9', tone: 'blue' }
    case 'queued':
    case 'sending':
    case 'retrying':
      return { color: 'yellow.4', tone: 'yellow' }
    case 'failed':
      return { color: 'red.9', tone: 'red' }
    default:
      return { color: 'gray.7', tone: 'grey' }
  }
}

export function statusLabel(status: MailStatus | string): string {
  return (MAIL_STATUS_LABELS as Record<string, string>)[status] ?? status
}

/** The readable name of a kind; an unknown kind is shown as it is. */
export function kindLabel(kind: string): string {
  return (MAIL_KIND_LABELS as Record<string, string>)[kind as MailKind] ?? kind
}

/** What the mail server last said: the error when there is one, else its answer. */
export function serverAnswer(message: Pick<MailMessage, 'last_error' | 'smtp_response'>): string | null {
  return message.last_error || message.smtp_response || null
}

/** A long text on one line, cut at `max` characters with an ellipsis. */
export function shorten(text: string | null | undefined, max = 80): string {
  if (!text) return ''
  const oneLine = text.replace(/\s+/g, ' ').trim()
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, Math.max(0, max - 1)).trimEnd()}…`
}

/** Resend is for failed messages, cancel for those still waiting for a try. */
export const canResend = (status: MailStatus) => status === 'failed'
export const canCancel = (status: MailStatus) => status === 'queued' || status === 'retrying'

/** 0.956 → "95.6%", 1 → "100%", null (nothing finished) → "—". */
export function formatDeliveryRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  const percent = Math.round(rate * 1000) / 10
  return `${percent}%`
}

/** The confirmation text of a resend: a sign-in message is never resent as it was. */
export function resendConfirmText(message: Pick<MailMessage, 'kind' | 'recipient'>): string {
  if (message.kind === 'sign_in') return 'A new sign-in link will be issued and sent; the old one stays unusable.'
  return `The message will be sent again to ${message.recipient}.`
}
