import { formatCents } from '@platform/contracts/finance-money'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels as words } from '@platform/contracts/labels/records'
import { dayInWords } from '@platform/contracts/records-clock'

/*
 * A request's timeline in sentences. The audit rows keep codes (a state, a reason, a kind); a person reads what
 * happened: "Extended by 14 days to Mon Dec 21, 2026: a voluminous amount of separate records".
 */

type Details = Record<string, unknown>

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`
const day = (value: unknown) => {
  const date = str(value)
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayInWords(date) : null
}
const state = (value: unknown) => labelOf(words.requestState, str(value))
const letter = (value: unknown) => lowerFirst(labelOf(words.letterKind, str(value)))

/** "from Received to Clarifying", or nothing when the row does not say. */
function moved(details: Details): string | null {
  const from = str(details.from)
  const to = str(details.to)
  if (from && to && from !== to) return `from ${state(from)} to ${state(to)}`
  return to ? `now ${state(to)}` : null
}

const withNote = (sentence: string, note: unknown) => (str(note) ? `${sentence}. Note: ${str(note)}` : sentence)

/** The sentence for each kind of audit row (its action's words when there is nothing more to say). */
const SENTENCES: Record<string, (details: Details) => string | null> = {
  'records.received': (d) => {
    const channel = str(d.channel)
    const due = day(d.determinationDueOn)
    const how =
      d.viaPortal === true ? ' through the public records page' : channel ? ` by ${lowerFirst(labelOf(words.channel, channel))}` : ''
    const duplicate = str(d.possibleDuplicateOf) ? `; possibly a duplicate of ${str(d.possibleDuplicateOf)}` : ''
    return `Request received${how}${due ? `; determination due ${due}` : ''}${duplicate}`
  },
  'records.clarified': (d) => withNote(`Clarified with the requester${moved(d) ? `, ${moved(d)}` : ''}`, d.note),
  'records.assigned': (d) => {
    const role = lowerFirst(labelOf(words.assignmentRole, str(d.role)))
    const reason = str(d.reason)
    return `Assigned ${str(d.userName) ?? 'someone'}${role ? ` as ${role}` : ''}${reason ? `: ${reason}` : ''}`
  },
  'records.task_added': (d) => `Search task given to ${str(d.userName) ?? 'a custodian'}`,
  'records.task_done': (d) => (str(d.result) ? `Search task done: ${str(d.result)}` : 'Search task done'),
  'records.document_added': (d) => {
    const pages = num(d.pages)
    return `Document added: ${str(d.fileName) ?? 'a file'}${pages !== null ? ` (${plural(pages, 'page')})` : ''}`
  },
  'records.exemption_marked': (d) => {
    const pages = str(d.pages)
    const range =
      pages && /^(\d+)-\1$/.test(pages) ? `Page ${pages.split('-')[0]}` : pages ? `Pages ${pages.replace('-', ' to ')}` : 'Pages'
    return `${range} withheld${str(d.citation) ? ` under ${str(d.citation)}` : ''}`
  },
  'records.extended': (d) => {
    const days = num(d.days)
    const due = day(d.extendedDueOn)
    const reason = str(d.reason)
    return [
      'Extended',
      days !== null ? ` by ${plural(days, 'day')}` : '',
      due ? ` to ${due}` : '',
      reason ? `: ${lowerFirst(labelOf(words.extensionReason, reason))}` : '',
    ].join('')
  },
  'records.determined': (d) => {
    const outcome = str(d.outcome)
    const parts = [`Determined${outcome ? `: ${lowerFirst(labelOf(words.outcome, outcome))}` : ''}`]
    const production = day(d.estimatedProductionOn)
    if (production) parts.push(`records expected by ${production}`)
    if (d.onTime === true) parts.push('on time')
    if (d.onTime === false) parts.push('after the due date')
    const citations = Array.isArray(d.citations) ? d.citations.filter((c): c is string => typeof c === 'string') : []
    if (citations.length > 0) parts.push(`exemptions relied on: ${citations.join(', ')}`)
    return parts.join('; ')
  },
  'records.producing': (d) => withNote('Producing the records', d.note),
  'records.closed': (d) => withNote('Closed', d.note),
  'records.reopened': (d) => (str(d.reason) ? `Reopened: ${str(d.reason)}` : 'Reopened'),
  'records.letter_drafted': (d) => `${/^[aeiou]/i.test(letter(d.kind)) ? 'An' : 'A'} ${letter(d.kind)} letter drafted`,
  'records.letter_revised': (d) => `The ${letter(d.kind)} letter revised`,
  'records.letter_issued': (d) =>
    `The ${letter(d.kind)} letter signed and issued${str(d.signatoryTitle) ? ` (${str(d.signatoryTitle)})` : ''}`,
  'records.fee_recorded': (d) => {
    const amount = num(d.amountCents)
    return `Fee recorded${str(d.kind) ? ` for ${lowerFirst(labelOf(words.feeKind, str(d.kind)))}` : ''}${amount !== null ? `: ${formatCents(amount)}` : ''}`
  },
  'records.fee_paid': (d) => `Fee paid${num(d.amountCents) !== null ? `: ${formatCents(num(d.amountCents)!)}` : ''}`,
  'records.fee_waived': (d) => `Fee waived${num(d.amountCents) !== null ? `: ${formatCents(num(d.amountCents)!)}` : ''}`,
  'records.time_logged': (d) => (num(d.minutes) !== null ? `${plural(num(d.minutes)!, 'minute')} of work logged` : 'Time logged'),
  'records.note_added': () => 'Note added',
  'records.linked': (d) => `Linked to ${lowerFirst(labelOf(words.fiscalLinkKind, str(d.kind)))}${str(d.label) ? ` ${str(d.label)}` : ''}`,
  'records.requester_message': () => 'Message from the requester',
  'records.message_sent': (d) =>
    d.emailed === false ? 'Answer written to the requester (no e-mail address: it goes by post)' : 'Answer e-mailed to the requester',
  'records.letter_delivery': (d) => {
    const which = str(d.kind) ? `The ${letter(d.kind)} letter` : 'The letter'
    return d.resent === true ? `${which} e-mailed to the requester again` : `${which} sent to the requester`
  },
  'records.letter_mailed': (d) =>
    `${str(d.kind) ? `The ${letter(d.kind)} letter` : 'A letter'} mailed to the requester${day(d.mailedOn) ? ` on ${day(d.mailedOn)}` : ''}`,
  'records.document_released': (d) => `Released ${str(d.fileName) ?? 'a document'} to the requester`,
  'records.document_withdrawn': (d) => `Withdrew ${str(d.fileName) ?? 'a document'} from the requester’s tracking page`,
  'records.public_summary': () => 'Public summary written for the archive',
  'records.tracking_link_reissued': () => 'New tracking link sent to the requester; the old one no longer works',
  'records.duplicate_dismissed': (d) => `Not a duplicate${str(d.duplicateOf) ? ` of ${str(d.duplicateOf)}` : ''}`,
  'records.due_alert': (d) => `Deadline reminder sent${day(d.dueOn) ? `: due ${day(d.dueOn)}` : ''}`,
  'finance.separation_refused': (d) => `Refused: ${separation(d)}`,
  'finance.separation_exception_used': (d) => `Allowed by a separation exception: ${separation(d)}`,
  'finance.separation_exception_recorded': (d) =>
    `Separation exception recorded for ${lowerFirst(labelOf(words.step, str(d.step)))}${str(d.reason) ? `: ${str(d.reason)}` : ''}`,
}

/** "signing a letter, by someone who drafted it and edited it". */
function separation(details: Details): string {
  const step = lowerFirst(labelOf(words.step, str(details.step) ?? 'sign'))
  const conflicts = Array.isArray(details.conflicts)
    ? details.conflicts.filter((c): c is string => typeof c === 'string').map((part) => labelOf(words.part, part))
    : []
  return conflicts.length > 0 ? `${step}, by someone who ${conflicts.join(' and ')}` : step
}

const parsedDetails = (details: string | null): Details => {
  try {
    return (details ? (JSON.parse(details) as Details | null) : null) ?? {}
  } catch {
    return {}
  }
}

export interface TimelineWords {
  /** What happened, in a few words ("Extended"). */
  event: string
  /** The whole sentence ("Extended by 14 days to Mon Dec 21, 2026: a voluminous amount of separate records"). */
  text: string
}

/** The words of one audit row of a request (never the requester's contact, which the rows do not hold). */
export function timelineWords(action: string, details: string | null): TimelineWords {
  const event = labelOf(words.event, action) || 'Something happened'
  const sentence = SENTENCES[action]?.(parsedDetails(details))
  return { event, text: sentence ?? event }
}
