import type { Delivery, RequestDetail } from '@platform/contracts/records'
import type { RecordsContext } from './records-context.js'
import { type DeliveryTimelineEntry, deliveryOf, deliveryTimeline, mailDelivery } from './records-deliveries.js'

/** The requester's messages after the last answer (all of them while nobody has answered). */
export function unansweredCount(messages: ReadonlyArray<{ direction: string }>): number {
  let count = 0
  for (const message of messages) count = message.direction === 'TO_REQUESTER' ? 0 : count + 1
  return count
}

/**
 * The requester's side of the request page: how to answer them, the duplicate flag, the messages both ways with the
 * e-mail carrying each answer, the documents released to them, and how each issued letter reached them.
 */
export async function requesterParts(
  context: RecordsContext,
  requestId: number,
  letters: ReadonlyArray<{ letter_id: number; kind: string }>,
) {
  const { requesters, deliveries } = context
  const [requester, duplicate, messageRows, releases, deliveryRows] = await Promise.all([
    requesters.ofRequest(requestId),
    requesters.possibleDuplicate(requestId),
    requesters.messages(requestId),
    requesters.releases(requestId),
    deliveries.ofRequest(requestId),
  ])
  const answerMails = new Map(
    (await deliveries.mailRows(messageRows.flatMap((m) => (m.mail_message_id === null ? [] : [m.mail_message_id])))).map((mail) => [
      mail.message_id,
      mail,
    ]),
  )
  const email = requester?.email ?? null
  const requesterView: RequestDetail['requester'] = {
    email,
    postalAddress: requester?.postal_address ?? null,
    preferredFormat: (requester?.preferred_format ?? null) as RequestDetail['requester']['preferredFormat'],
    viaPortal: requester?.via_portal === 1,
    noEmail: email === null,
    trackingIssuedAt: requester?.tracking_issued_at ?? null,
    possibleDuplicateOf: duplicate ? { id: duplicate.request_id, number: duplicate.number, receivedOn: duplicate.received_on } : null,
  }
  const messages: RequestDetail['messages'] = messageRows.map((m) => ({
    id: m.message_id,
    direction: m.direction as RequestDetail['messages'][number]['direction'],
    body: m.body,
    authorName: m.direction === 'TO_REQUESTER' ? m.author_name : null,
    createdAt: m.created_at,
    delivery:
      m.direction === 'TO_REQUESTER' && m.mail_message_id !== null
        ? mailDelivery(email ?? '', answerMails.get(m.mail_message_id) ?? null, m.created_at)
        : null,
  }))
  const letterDeliveries = new Map<number, Delivery>(deliveryRows.map((row) => [row.letter_id, deliveryOf(row)]))
  const kinds = new Map(letters.map((letter) => [letter.letter_id, letter.kind]))
  // Marking a letter mailed has its own audit row, naming who mailed it: the delivery's entry would say it twice.
  const timeline: DeliveryTimelineEntry[] = deliveryTimeline(deliveryRows, kinds).filter(
    (entry) => entry.action !== 'records.delivery_mailed',
  )
  return {
    requester: requesterView,
    messages,
    unansweredMessages: unansweredCount(messageRows),
    releases: new Map(releases.map((release) => [release.document_id, release])),
    letterDeliveries,
    deliveryTimeline: timeline,
  }
}

/** The steps whose transaction queues a letter's e-mail or puts it on the To mail list. */
const SENDING_STEPS = new Set(['records.letter_issued', 'records.letter_delivery'])

/**
 * The request's audit entries (in their order) with the deliveries' entries put where they happened. A letter's
 * e-mail is queued in the transaction that issues or resends it, so at the same instant it follows that step rather
 * than whatever else was recorded at that instant.
 */
export function withDeliveries<T extends { at: string; action: string }>(history: readonly T[], deliveries: readonly T[]): T[] {
  const merged = [...history]
  for (const entry of [...deliveries].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
    let at = merged.findIndex((other) => other.at > entry.at)
    if (at === -1) at = merged.length
    let step = -1
    for (let index = at - 1; index >= 0 && merged[index]!.at === entry.at; index -= 1)
      if (SENDING_STEPS.has(merged[index]!.action)) {
        step = index
        break
      }
    if (step !== -1) {
      at = step + 1
      while (at < merged.length && merged[at]!.at === entry.at && merged[at]!.action.startsWith('records.delivery_')) at += 1
    }
    merged.splice(at, 0, entry)
  }
  return merged
}
