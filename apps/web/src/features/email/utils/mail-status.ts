import type { MailMessage, MailStatus } from '@platform/contracts/email'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = adminLabels.mailStatus

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
  return labelOf(adminLabels.mailStatus, status)
}

/** The readable name of a kind; an unknown kind is spelled out in words. */
export function kindLabel(kind: string): string {
  return labelOf(adminLabels.mailKind, kind)
}

/** What the mail server last said: the error when there is one, else its answer (the platform's own in words). */
export function serverAnswer(message: Pick<MailMessage, 'last_error' | 'smtp_response'>): string | null {
  if (message.last_error) return message.last_error
  if (!message.smtp_response) return null
  return (adminLabels.mailAnswer as Record<string, string>)[message.smtp_response] ?? message.smtp_response
}

/** '1 attempt', '3 attempts', 'Not tried yet'. */
export function attemptsText(attempts: number): string {
  if (attempts === 0) return 'Not tried yet'
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`
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
