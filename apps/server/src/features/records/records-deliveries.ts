import { labelOf } from '@platform/contracts/labels'
import { recordsLabels as words } from '@platform/contracts/labels/records'
import type { Delivery } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { PORTAL_PATH } from '@platform/contracts/records-portal'
import type { MailToSend } from '../email/email.service.js'
import type { MailAttachment } from '../../lib/mail-transport.js'

/*
 * How a letter (or a staff answer) reached the requester, read from the mail log: the mail log keeps the e-mail's
 * state (queued, tried, sent, given up) and the server's last answer, so the request shows what the mail server said.
 */

/** A message of the mail log, as far as a delivery shows it. */
export interface MailRow {
  message_id: number
  status: string
  attempts: number
  last_error: string | null
  smtp_response: string | null
  sent_at: string | null
  created_at: string
  updated_at: string | null
}

/** A records_deliveries row joined with its e-mail (null for the post) and the name of who mailed it. */
export interface DeliveryRow {
  delivery_id: number
  request_id: number
  letter_id: number
  channel: string
  recipient: string
  mail_message_id: number | null
  created_at: string
  mailed_on: string | null
  mailed_by: number | null
  mailed_at: string | null
  mailed_by_name: string | null
  mail: MailRow | null
}

/** A mail log status in the delivery's terms: a message tried and refused before is being retried, whatever it waits in. */
function emailState(mail: MailRow | null): Delivery['state'] {
  if (!mail) return 'QUEUED'
  switch (mail.status) {
    case 'sent':
    case 'outbox':
      return 'SENT'
    case 'failed':
    case 'cancelled':
      return 'FAILED'
    case 'retrying':
      return 'RETRYING'
    default:
      return mail.attempts > 0 ? 'RETRYING' : 'QUEUED'
  }
}

/** An e-mail to the requester (a letter's or an answer's). */
export function mailDelivery(recipient: string, mail: MailRow | null, queuedAt?: string): Delivery {
  const state = emailState(mail)
  return {
    channel: 'EMAIL',
    recipient,
    state,
    attempts: mail?.attempts ?? 0,
    lastError: state === 'SENT' ? null : (mail?.last_error ?? null),
    queuedAt: mail?.created_at ?? queuedAt ?? '',
    sentAt: state === 'SENT' ? (mail?.sent_at ?? null) : null,
    mailedOn: null,
  }
}

/** How an issued letter reached its requester: its e-mail, or the post (to mail until someone marks the day it was mailed). */
export function deliveryOf(row: DeliveryRow): Delivery {
  if (row.channel === 'EMAIL') return mailDelivery(row.recipient, row.mail, row.created_at)
  return {
    channel: 'POST',
    recipient: row.recipient,
    state: row.mailed_on ? 'MAILED' : 'TO_MAIL',
    attempts: 0,
    lastError: null,
    queuedAt: row.created_at,
    sentAt: null,
    mailedOn: row.mailed_on,
  }
}

export interface DeliveryTimelineEntry {
  at: string
  action: string
  actorName: string | null
  event: string
  text: string
}

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`
const answerOf = (mail: MailRow) => (mail.last_error ? `: ${mail.last_error}` : '')

/**
 * A request's deliveries as timeline entries (the audit rows say who issued, resent or mailed; these say what the
 * mail server did with the e-mail, which no person did). `letterKindById` names each letter's kind.
 */
export function deliveryTimeline(rows: readonly DeliveryRow[], letterKindById: Map<number, string>): DeliveryTimelineEntry[] {
  const entries: DeliveryTimelineEntry[] = []
  for (const row of rows) {
    const kind = letterKindById.get(row.letter_id)
    const letter = kind ? `The ${labelOf(words.letterKind, kind).toLowerCase()} letter` : 'The letter'
    const entry = (at: string, state: Delivery['state'], text: string, actorName: string | null = null) =>
      entries.push({ at, action: `records.delivery_${state.toLowerCase()}`, actorName, event: labelOf(words.deliveryState, state), text })
    if (row.channel === 'POST') {
      entry(row.created_at, 'TO_MAIL', `${letter} is to be mailed to ${row.recipient.replace(/\s*\n\s*/g, ', ')} (no e-mail address)`)
      if (row.mailed_on)
        entry(row.mailed_at ?? row.created_at, 'MAILED', `${letter} was mailed on ${dayInWords(row.mailed_on)}`, row.mailed_by_name)
      continue
    }
    const mail = row.mail
    const queuedAt = mail?.created_at ?? row.created_at
    entry(queuedAt, 'QUEUED', `${letter} was queued for e-mail to ${row.recipient}`)
    if (!mail) continue
    const state = emailState(mail)
    const at = mail.updated_at ?? queuedAt
    if (state === 'RETRYING')
      entry(at, 'RETRYING', `${letter} was not yet accepted after ${tries(mail.attempts)}${answerOf(mail)}; it is being tried again`)
    if (state === 'SENT') entry(mail.sent_at ?? at, 'SENT', `${letter} was e-mailed to ${row.recipient}`)
    if (state === 'FAILED')
      entry(
        at,
        'FAILED',
        mail.status === 'cancelled'
          ? `${letter}'s e-mail to ${row.recipient} was cancelled before it was sent`
          : `${letter}'s e-mail to ${row.recipient} failed after ${tries(mail.attempts)}${answerOf(mail)}`,
      )
  }
  return entries
}

/** The letter's e-mail to its requester, the issued PDF attached; it carries no tracking secret. */
export function letterMail(input: {
  to: string
  number: string
  kind: string
  pdf: Uint8Array
  appUrl: string
  /** Filed on the public page: the acknowledgment carried a tracking link. Staff intake sends none. */
  viaPortal: boolean
}): MailToSend {
  const kind = labelOf(words.letterKind, input.kind).toLowerCase()
  // The PDF travels as base64 text (the queue keeps messages as JSON); `encoding` has the mail library decode it back
  // to the file's bytes.
  const newLink = `${input.appUrl}${PORTAL_PATH}/new-link`
  const pdf: MailAttachment = {
    filename: `${input.number}-${input.kind.toLowerCase()}.pdf`,
    content: Buffer.from(input.pdf).toString('base64'),
    contentType: 'application/pdf',
    encoding: 'base64',
  }
  return {
    kind: 'records_letter',
    to: input.to,
    values: {
      number: input.number,
      letter: `${kind} letter`,
      tracking_url_note: input.viaPortal
        ? `You can also follow the request and read its letters on its tracking page: open the link in the e-mail that ` +
          `acknowledged your request, or ask for a new link at ${newLink} with this address and the request number.`
        : `You can also follow the request and read its letters online: ask for a tracking link at ${newLink} with this ` +
          `address and the request number.`,
    },
    secrets: [],
    attachments: [pdf],
  }
}
