import { localDate } from '@platform/contracts/finance-fiscal-year'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { EXTENSION_REASON_TEXT, type ExtensionReason, type LetterKind, type Outcome } from '@platform/contracts/records'
import { addDays, dayInWords } from '@platform/contracts/records-clock'
import type { ArchiveEntry, PreferredFormat, TrackingView } from '@platform/contracts/records-portal'
import { TRACKING_DAYS_AFTER_CLOSE } from '@platform/contracts/records-portal'
import type { ArchivedRow, PortalRequestRow, RecordsPortalRepository } from './records-portal.repository.js'

type Rows<K extends keyof RecordsPortalRepository> = Awaited<ReturnType<RecordsPortalRepository[K]>>

/** The outcome as a requester reads it: what the district found, not the staff's short label. */
const OUTCOME_TEXT: Record<Outcome, string> = {
  DISCLOSABLE: 'The district holds records it can disclose.',
  PARTIAL: 'The district holds records it can disclose in part; what it withholds, and why, is in its letter.',
  DENIED: 'The district withholds the records; why is in its letter.',
  NO_RECORDS: 'The district found no records matching your request.',
  NOT_A_RECORDS_REQUEST: 'The district found that this is not a request for records it keeps; its letter explains.',
}

export const outcomeText = (outcome: string | null) => (outcome ? (OUTCOME_TEXT[outcome as Outcome] ?? null) : null)

/** The staff's states, as the public is told them: the steps between received and determined are one "being worked on". */
export function publicState(state: string): TrackingView['state'] {
  if (state === 'RECEIVED' || state === 'DETERMINED' || state === 'CLOSED') return state
  return 'IN_PROGRESS'
}

function stateText(row: PortalRequestRow): string {
  const due = dayInWords(row.due_on)
  switch (row.state) {
    case 'RECEIVED':
      return `The district received your request and is looking for the records. It will tell you by ${due} whether it holds records it can disclose.`
    case 'CLARIFYING':
      return `The district is working on your request as clarified with you. It will tell you by ${due} whether it holds records it can disclose.`
    case 'PRODUCING':
      return 'The district made its determination and is preparing the records. Released records appear below once they are ready.'
    case 'REOPENED':
      return 'The district reopened your request and is working on it again.'
    case 'DETERMINED':
      return row.estimated_production_on
        ? `The district made its determination. It expects to make the records available by ${dayInWords(row.estimated_production_on)}.`
        : 'The district made its determination; its letter is below.'
    default:
      return 'The district closed your request. Its letters and any released records stay available here.'
  }
}

/** The last district day a tracking link works: none while the request is open. */
export const linkValidUntil = (row: Pick<PortalRequestRow, 'state' | 'closed_on'>): string | null =>
  row.state === 'CLOSED' && row.closed_on ? addDays(row.closed_on, TRACKING_DAYS_AFTER_CLOSE) : null

/** The tracking page: what the requester may see of their request, and nothing of the work inside the district. */
export function trackingView(
  row: PortalRequestRow,
  parts: {
    districtName: string
    timeZone: string
    letters: Rows<'issuedLetters'>
    documents: Rows<'releasedDocuments'>
    messages: Rows<'messages'>
  },
): TrackingView {
  const day = (instant: string) => localDate(new Date(instant), parts.timeZone)
  const reason = row.extension_reason as ExtensionReason | null
  return {
    number: row.number,
    districtName: parts.districtName,
    state: publicState(row.state),
    stateText: stateText(row),
    receivedOn: row.received_on,
    countedFrom: row.counted_from,
    dueOn: row.due_on,
    dueInWords: dayInWords(row.due_on),
    extension:
      reason && row.extended_due_on
        ? { dueOn: row.extended_due_on, days: row.extension_days ?? 0, reasonText: EXTENSION_REASON_TEXT[reason] ?? '' }
        : null,
    outcome: row.outcome as TrackingView['outcome'],
    outcomeText: outcomeText(row.outcome),
    determinedOn: row.determined_on,
    estimatedProductionOn: row.estimated_production_on,
    closedOn: row.closed_on,
    text: row.request_text,
    clarifiedText: row.clarified_text,
    preferredFormat: row.preferred_format as PreferredFormat | null,
    letters: parts.letters.map((letter) => ({
      id: letter.letter_id,
      kind: letter.kind as LetterKind,
      kindText: `${labelOf(recordsLabels.letterKind, letter.kind)} letter`,
      issuedOn: day(letter.issued_at!),
      signatoryName: letter.signatory_name,
      signatoryTitle: letter.signatory_title ?? '',
    })),
    documents: parts.documents.map((document) => ({
      id: document.document_id,
      fileName: document.file_name,
      pageCount: document.page_count,
      sizeBytes: document.size_bytes,
      releasedOn: day(document.released_at!),
    })),
    messages: parts.messages.map((message) => ({
      id: message.message_id,
      from: message.direction === 'FROM_REQUESTER' ? 'REQUESTER' : 'DISTRICT',
      body: message.body,
      at: message.created_at,
    })),
    linkValidUntil: linkValidUntil(row),
  }
}

/** A closed request as the archive publishes it: its summary, dates, outcome and released documents only. */
export function archiveEntry(row: ArchivedRow, documents: Rows<'releasedDocuments'>): ArchiveEntry {
  return {
    number: row.number,
    summary: row.public_summary ?? '',
    receivedOn: row.received_on,
    determinedOn: row.determined_on,
    closedOn: row.closed_on ?? '',
    outcome: row.outcome as ArchiveEntry['outcome'],
    outcomeText: outcomeText(row.outcome),
    documents: documents
      .filter((document) => document.request_id === row.request_id)
      .map((document) => ({
        id: document.document_id,
        fileName: document.file_name,
        pageCount: document.page_count,
        sizeBytes: document.size_bytes,
      })),
  }
}
