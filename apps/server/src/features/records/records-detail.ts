import {
  EXTENSION_REASON_TEXT,
  type ExtensionReason,
  type Letter,
  type LetterKind,
  RECORDS_APP,
  type RequestDetail,
  type RequestState,
  type RequestSummary,
} from '@platform/contracts/records'
import { clockStatusAt } from '@platform/contracts/records-clock'
import type { AuthUser } from '../../plugins/access.js'
import type { StepCheck } from '../finance/separation.service.js'
import { type RecordsContext, REQUEST_TARGET, SEPARATION_TARGET } from './records-context.js'
import {
  type CloseFacts,
  EXTENDABLE_STATES,
  type LetterFacts,
  TRANSITIONS,
  WORKING_STATES,
  closeMissing,
  isDisclosing,
  releasable,
  releaseRefusal,
  RECORD_TYPES,
  SEPARATION,
  missingLetterParts,
} from './records-rules.js'
import { requesterParts, withDeliveries } from './records-requester-detail.js'
import { timelineWords } from './records-timeline.js'
import { CLOCK_STATES, type RequestRow, type RequestSummaryRow } from './records.repository.js'

export interface Determination {
  responsible: Array<{ name: string; title: string }>
  exemptionIds: number[]
}

export const parseDetermination = (json: string | null): Determination =>
  json ? (JSON.parse(json) as Determination) : { responsible: [], exemptionIds: [] }

const running = (state: string) => (CLOCK_STATES as readonly string[]).includes(state)

/** The instant a request's clock is read at, and the district's zone its days are counted in. */
export interface ClockReading {
  now: Date
  timeZone: string
}

export function summaryOf(row: RequestSummaryRow, at: ClockReading): RequestSummary {
  const { daysLeft, status, dueAt } = clockStatusAt(row.due_on, at.now, at.timeZone, running(row.state))
  const summary = (row.clarified_text ?? row.request_text).slice(0, 200)
  return {
    id: row.request_id,
    number: row.number,
    state: row.state as RequestState,
    outcome: row.outcome as RequestSummary['outcome'],
    channel: row.channel as RequestSummary['channel'],
    receivedAt: row.received_at,
    summary,
    requesterName: row.requester_name,
    determinationDueOn: row.determination_due_on,
    extendedDueOn: row.extended_due_on,
    dueOn: row.due_on,
    dueAt,
    daysLeft,
    status,
    pointPersonId: row.point_person_id,
    pointPersonName: row.point_person_name,
    determinedOn: row.determined_on,
  }
}

/** What closing a request is checked against: its state, determination, extension and letters. */
export function closeFactsOf(
  row: Pick<RequestRow, 'state' | 'outcome' | 'determined_at' | 'extended_at'>,
  letters: Array<{ kind: string; state: string; issued_at: string | null }>,
): CloseFacts {
  return {
    state: row.state,
    outcome: row.outcome,
    determinedAt: row.determined_at,
    extendedAt: row.extended_at,
    letters: letters.map((letter) => ({ kind: letter.kind, state: letter.state, issuedAt: letter.issued_at })),
  }
}

/** The facts a letter is checked against and printed from. */
export async function letterFacts(context: RecordsContext, row: RequestRow): Promise<LetterFacts> {
  const determination = parseDetermination(row.determination_json)
  const marked = await context.work.documentExemptions(row.request_id)
  const library = await context.requests.exemptionsById(determination.exemptionIds)
  const citations = [
    ...new Set([
      ...library.map((entry) => `${entry.citation} (${entry.title})`),
      ...marked.map((mark) => `${mark.citation} (${mark.title})`),
    ]),
  ]
  return {
    // The Act lets people ask without a name (the public page does not ask for one): their letters are addressed so.
    requesterName: row.requester_name.trim() || `The requester of ${row.number}`,
    number: row.number,
    receivedOn: row.received_on,
    determinationDueOn: row.determination_due_on,
    state: row.state,
    outcome: row.outcome,
    estimatedProductionOn: row.estimated_production_on,
    extension: row.extension_reason && row.extended_due_on ? { reason: row.extension_reason, extendedDueOn: row.extended_due_on } : null,
    responsible: determination.responsible,
    citations,
  }
}

/** The request page: everything about one request, and what this person may do to it now. */
export async function requestDetail(context: RecordsContext, row: RequestRow, user: AuthUser): Promise<RequestDetail> {
  const { work, requests, access } = context
  const id = row.request_id
  const today = context.today()
  const reading = context.clockReading()
  const { daysLeft, status } = clockStatusAt(row.due_on, reading.now, reading.timeZone, running(row.state))
  const [assignments, tasks, documents, marks, letters, fees, timeLog, notes, links, history] = await Promise.all([
    work.assignments(id),
    work.tasks(id),
    work.documents(id),
    work.documentExemptions(id),
    work.letters(id),
    work.fees(id),
    work.timeLog(id),
    work.notes(id),
    work.links(id),
    context.audit.history([
      { type: REQUEST_TARGET, id: String(id) },
      { type: SEPARATION_TARGET, id: row.number },
    ]),
  ])
  const drafters = await work.drafters(letters.map((letter) => letter.letter_id))
  const facts = await letterFacts(context, row)
  const determination = parseDetermination(row.determination_json)
  const cited = await requests.exemptionsById(determination.exemptionIds)
  const names = new Map<number, string | null>()
  for (const userId of [row.extended_by, row.determined_by, row.point_person_id])
    if (userId !== null && !names.has(userId)) names.set(userId, await requests.nameOf(userId))
  const duties = await access.dutiesOf(user)
  const may = (step: Parameters<typeof access.may>[1]) => access.may(user, step, id, duties)
  const working = WORKING_STATES.includes(row.state as RequestState)
  const requesterSide = await requesterParts(context, id, letters)
  const released = requesterSide.releases

  const canSign = await may('issueLetter')
  const letterList: Letter[] = []
  for (const letter of letters) {
    const own = drafters.filter((drafter) => drafter.letter_id === letter.letter_id)
    const kind = letter.kind as LetterKind
    const draft = letter.state === 'DRAFT'
    const notSigned = draft && canSign ? await context.finance.reasonNotOffered(signingCheck(row, letter, user.id)) : null
    letterList.push({
      id: letter.letter_id,
      kind,
      state: letter.state as Letter['state'],
      body: letter.body,
      drafterNames: own.map((drafter) => drafter.full_name),
      drafterIds: own.map((drafter) => drafter.user_id),
      signedByName: letter.signed_by_name,
      signedByTitle: letter.signatory_title,
      issuedAt: letter.issued_at,
      createdAt: letter.created_at,
      missing: draft ? missingLetterParts(kind, facts) : [],
      stepReasons: notSigned ? { issue: notSigned } : {},
      delivery: requesterSide.letterDeliveries.get(letter.letter_id) ?? null,
    })
  }
  const closable = (TRANSITIONS.close.from as readonly string[]).includes(row.state) && (await may('close'))
  const closeLacks = closable ? closeMissing(closeFactsOf(row, letters)) : []
  const stepReasons: Record<string, string> = {}
  if (closeLacks.length > 0) stepReasons.close = `${row.number} cannot close yet: ${closeLacks.join('; ')}.`
  const releaseWaits = documents.length > 0 ? releaseRefusal(row) : null
  if (releaseWaits && (await may('release'))) stepReasons.release = releaseWaits

  return {
    ...summaryOf({ ...row, point_person_name: row.point_person_id === null ? null : (names.get(row.point_person_id) ?? null) }, reading),
    requesterContact: row.requester_contact,
    text: row.request_text,
    clarifiedText: row.clarified_text,
    clock: {
      receivedOn: row.received_on,
      countedFrom: row.counted_from,
      afterHours: row.after_hours === 1,
      dayTen: row.day_ten,
      determinationDueOn: row.determination_due_on,
      extendedDueOn: row.extended_due_on,
      dueOn: row.due_on,
      daysLeft,
      status,
      explanation: row.clock_explanation,
      extensionExplanation: row.extension_explanation,
    },
    extension:
      row.extension_reason && row.extended_due_on && row.extension_days !== null && row.extended_at
        ? {
            reason: row.extension_reason as ExtensionReason,
            reasonText: EXTENSION_REASON_TEXT[row.extension_reason as ExtensionReason],
            days: row.extension_days,
            extendedDueOn: row.extended_due_on,
            signatoryName: names.get(row.extended_by ?? 0) ?? '',
            extendedAt: row.extended_at,
          }
        : null,
    determination:
      row.outcome && row.determined_on
        ? {
            outcome: row.outcome as NonNullable<RequestDetail['outcome']>,
            estimatedProductionOn: row.estimated_production_on,
            determinedOn: row.determined_on,
            onTime: row.determined_on_time === 1,
            signatoryName: names.get(row.determined_by ?? 0) ?? '',
            responsible: determination.responsible,
            exemptions: cited.map((entry) => ({ id: entry.exemption_id, citation: entry.citation, title: entry.title })),
          }
        : null,
    estimatedProductionOn: row.estimated_production_on,
    closedAt: row.closed_at,
    assignments: assignments.map((a) => ({
      id: a.assignment_id,
      role: a.role as 'POINT_PERSON' | 'CUSTODIAN',
      userId: a.user_id,
      userName: a.user_name,
      reason: a.reason,
      assignedAt: a.assigned_at,
      assignedByName: a.assigned_by_name,
    })),
    tasks: tasks.map((t) => ({
      id: t.task_id,
      assigneeId: t.assignee_id,
      assigneeName: t.assignee_name,
      description: t.description,
      state: t.state as 'OPEN' | 'DONE',
      result: t.result,
      createdAt: t.created_at,
      doneAt: t.done_at,
    })),
    documents: documents.map((d) => ({
      id: d.document_id,
      attachmentId: d.attachment_id,
      fileName: d.file_name,
      type: d.file_type,
      sizeBytes: d.size_bytes,
      sha256: d.sha256,
      pageCount: d.page_count,
      uploadedByName: d.uploaded_by_name,
      uploadedAt: d.uploaded_at,
      releasedAt: released.get(d.document_id)?.released_at ?? null,
      releasedByName: released.get(d.document_id)?.released_by_name ?? null,
      exemptions: marks
        .filter((mark) => mark.document_id === d.document_id)
        .map((mark) => ({
          id: mark.mark_id,
          fromPage: mark.from_page,
          toPage: mark.to_page,
          exemptionId: mark.exemption_id,
          citation: mark.citation,
          title: mark.title,
          note: mark.note,
          markedByName: mark.marked_by_name,
          markedAt: mark.marked_at,
        })),
    })),
    letters: letterList,
    fees: fees.map((f) => ({
      id: f.fee_id,
      kind: f.kind as 'DUPLICATION' | 'ELECTRONIC_WORK',
      electronicBasis: f.electronic_basis as RequestDetail['fees'][number]['electronicBasis'],
      description: f.description,
      quantity: f.quantity,
      unitCents: Number(f.unit_cents),
      amountCents: Number(f.amount_cents),
      state: f.state as 'PENDING' | 'PAID' | 'WAIVED',
      recordedByName: f.recorded_by_name,
      recordedAt: f.recorded_at,
    })),
    feeTotalCents: fees.filter((f) => f.state !== 'WAIVED').reduce((sum, f) => sum + Number(f.amount_cents), 0),
    timeLog: timeLog.map((t) => ({
      id: t.entry_id,
      userName: t.user_name,
      minutes: t.minutes,
      activity: t.activity,
      workedOn: t.worked_on,
      note: t.note,
    })),
    timeTotalMinutes: timeLog.reduce((sum, t) => sum + t.minutes, 0),
    notes: notes.map((n) => ({ id: n.note_id, authorName: n.author_name, text: n.note_text, createdAt: n.created_at })),
    links: links.map((l) => ({
      id: l.link_id,
      kind: l.kind as 'RECEIPT' | 'ACCRUAL',
      recordId: l.record_id,
      label: l.label,
      detail: l.detail,
      href: l.href,
      linkedByName: l.linked_by_name,
      linkedAt: l.linked_at,
    })),
    requester: requesterSide.requester,
    messages: requesterSide.messages,
    unansweredMessages: requesterSide.unansweredMessages,
    publicSummary: row.public_summary,
    // The steps people took and what the mail server did with the letters, in the order they happened.
    timeline: withDeliveries(
      history.map((entry) => ({
        at: entry.occurred_at,
        action: entry.action,
        actorName: entry.actor_name,
        ...timelineWords(entry.action, entry.details),
      })),
      requesterSide.deliveryTimeline,
    ),
    actions: {
      clarify: (TRANSITIONS.clarify.from as readonly string[]).includes(row.state) && (await may('clarify')),
      assign: working && (await may('assign')),
      addTask: working && (await may('addTask')),
      upload: working && (await may('upload')),
      markExemption: working && documents.length > 0 && (await may('markExemption')),
      extend:
        EXTENDABLE_STATES.includes(row.state as RequestState) &&
        row.extended_at === null &&
        today <= row.determination_due_on &&
        (await may('extend')),
      determine: (TRANSITIONS.determine.from as readonly string[]).includes(row.state) && (await may('determine')),
      draftLetter: await may('draftLetter'),
      issueLetter:
        canSign && letterList.some((letter) => letter.state === 'DRAFT' && letter.missing.length === 0 && !letter.stepReasons.issue),
      recordFee: working && (await may('recordFee')),
      produce: row.state === 'DETERMINED' && isDisclosing(row.outcome) && (await may('produce')),
      close: closable && closeLacks.length === 0,
      reopen: row.state === 'CLOSED' && (await may('reopen')),
      logTime: await may('logTime'),
      note: await may('note'),
      link: await may('link'),
      message: await may('message'),
      release: documents.length > 0 && (releasable(row) || released.size > 0) && (await may('release')),
      publicSummary: await may('publicSummary'),
      dismissDuplicate: requesterSide.requester.possibleDuplicateOf !== null && (await may('dismissDuplicate')),
    },
    stepReasons,
  }
}

/** Signing a letter, as separation of duties checks it: nobody who drafted or edited the letter signs it. */
export function signingCheck(row: Pick<RequestRow, 'number'>, letter: { letter_id: number; kind: string }, userId: number): StepCheck {
  const { step, rule } = SEPARATION.issueLetter
  return {
    appCode: RECORDS_APP,
    recordType: RECORD_TYPES.letter,
    recordId: letter.letter_id,
    recordLabel: `the ${letter.kind.toLowerCase()} letter of ${row.number}`,
    step,
    rule,
    userId,
    // Exceptions and refusals are filed under the request's number, so its page shows them.
    exceptionRecordId: row.number,
  }
}
