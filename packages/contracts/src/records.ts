import { z } from 'zod'
import { MAX_ID, countParam, id, idParam, stated, text } from './input.js'
import { positiveAmountCents } from './finance-money.js'
import { StepReasonsSchema } from './finance.js'
import { isCalendarDate, MAX_EXTENSION_DAYS } from './records-clock.js'
import { recordsLabels } from './labels/records.js'

/*
 * Public Information: California Public Records Act requests with the statutory clock.
 * Routes (all under /api; schemas below; access: the PUBLIC_INFO application, then the duty table on the server):
 *   POST /records-requests                         RequestInputSchema → CreatedRequestResponseSchema (201)
 *   GET  /records-requests                         RequestListQuerySchema → RequestListResponseSchema
 *   GET  /records-requests/:id                     RequestResponseSchema (every step below answers it too)
 *   POST /records-requests/:id/clarify             ClarifyInputSchema
 *   POST /records-requests/:id/assignments         AssignInputSchema
 *   POST /records-requests/:id/tasks               TaskInputSchema
 *   POST /records-requests/:id/tasks/:childId/done TaskDoneInputSchema
 *   POST /records-requests/:id/extend              ExtendInputSchema → ExtendResponseSchema
 *   POST /records-requests/:id/determine           DetermineInputSchema
 *   POST /records-requests/:id/produce             ProduceInputSchema
 *   POST /records-requests/:id/close               ProduceInputSchema (an optional note)
 *   POST /records-requests/:id/reopen              ReasonInputSchema
 *   POST /records-requests/:id/documents?fileName= the file as the body (application/octet-stream)
 *   POST /records-requests/:id/documents/:childId/exemptions  ExemptionMarkInputSchema
 *        (a document downloads through GET /finance/attachments/:attachmentId/download)
 *   POST /records-requests/:id/letters             LetterDraftInputSchema → LetterResponseSchema (201)
 *   POST /records-requests/:id/letters/:letterId/revise  LetterReviseInputSchema → LetterResponseSchema
 *   POST /records-requests/:id/letters/:letterId/issue   LetterIssueInputSchema → LetterResponseSchema
 *   GET  /records-requests/:id/letters/:letterId/pdf     the letter as PDF (a draft is marked DRAFT)
 *   POST /records-requests/:id/fees                FeeInputSchema; POST .../fees/:childId/paid, .../fees/:childId/waive
 *   POST /records-requests/:id/time                TimeEntryInputSchema
 *   POST /records-requests/:id/notes               NoteInputSchema
 *   GET  /records-requests/:id/fiscal-matches      FiscalMatchQuerySchema → FiscalMatchesResponseSchema
 *   POST /records-requests/:id/links               FiscalLinkInputSchema
 *   GET  /records-public-log                       PublicLogQuerySchema → PublicLogResponseSchema (or CSV)
 *   GET  /records-figures                          FiguresQuerySchema → FiguresResponseSchema
 *   GET  /records-me, GET /records-people          RecordsMeResponseSchema, RecordsPeopleResponseSchema
 *   GET/POST /holidays, DELETE /holidays/:date     HolidayQuerySchema, HolidayInputSchema → Holiday*ResponseSchema (administrators edit)
 *   GET/PUT  /records-settings                     RecordsSettingsInputSchema → RecordsSettingsResponseSchema (administrators edit)
 *   GET/POST /records-exemptions, PATCH /records-exemptions/:id  ExemptionInputSchema, ExemptionUpdateSchema (COUNSEL edits)
 *   POST /records-requests/:id/messages            StaffMessageInputSchema (an answer to the requester, e-mailed when they gave an address)
 *   POST /records-requests/:id/documents/:childId/release  ReleaseInputSchema (released to the requester, or withdrawn)
 *   PUT  /records-requests/:id/public-summary      PublicSummaryInputSchema (what the public archive shows once closed)
 *   POST /records-requests/:id/duplicate/dismiss   (the request is not a duplicate of the one it resembles)
 *   GET  /records-mailings                         MailingQuerySchema → MailingListResponseSchema (letters for requesters without e-mail)
 *   GET  /records-mailings/envelopes?ids=1,2       the envelope address page (PDF) of those letters
 *   POST /records-mailings/:id/mailed              MarkMailedInputSchema → MailingResponseSchema
 *   POST /records-requests/:id/letters/:letterId/resend  → LetterResponseSchema (a letter whose e-mail failed, sent again)
 * The public's side (the request page, tracking links, the archive) is in records-portal.ts.
 */
export const RECORDS_APP = 'PUBLIC_INFO'
export const RECORDS_MENU_ID = 'public-info'

/** `PRR-2026-0001`: the calendar year received (district zone) and the gapless sequence within it. */
export function requestNumber(year: number, sequence: number): string {
  return `PRR-${year}-${String(sequence).padStart(4, '0')}`
}

export const CHANNELS = ['EMAIL', 'WEB_FORM', 'MAIL', 'IN_PERSON', 'PHONE'] as const
export type Channel = (typeof CHANNELS)[number]

export const REQUEST_STATES = ['RECEIVED', 'CLARIFYING', 'DETERMINED', 'PRODUCING', 'CLOSED', 'REOPENED'] as const
export type RequestState = (typeof REQUEST_STATES)[number]

export const OUTCOMES = ['DISCLOSABLE', 'PARTIAL', 'DENIED', 'NO_RECORDS', 'NOT_A_RECORDS_REQUEST'] as const
export type Outcome = (typeof OUTCOMES)[number]
/** Outcomes that release records: the determination names an estimated production date. */
export const DISCLOSING_OUTCOMES: readonly Outcome[] = ['DISCLOSABLE', 'PARTIAL']
/** Outcomes that withhold records: a denial letter names every person responsible and each exemption. */
export const WITHHOLDING_OUTCOMES: readonly Outcome[] = ['PARTIAL', 'DENIED']

/** The statute's reasons for the one extension (§7922.535(c)). */
export const EXTENSION_REASONS = ['FIELD_FACILITIES', 'VOLUMINOUS', 'CONSULTATION', 'DATA_COMPILATION', 'EMERGENCY'] as const
export type ExtensionReason = (typeof EXTENSION_REASONS)[number]
export const EXTENSION_REASON_TEXT: Record<ExtensionReason, string> = {
  FIELD_FACILITIES:
    'the need to search for and collect the requested records from field facilities or other establishments that are separate from the office processing the request',
  VOLUMINOUS:
    'the need to search for, collect, and appropriately examine a voluminous amount of separate and distinct records that are demanded in a single request',
  CONSULTATION:
    'the need for consultation with another agency having substantial interest in the determination of the request, or among two or more components of the agency having substantial subject matter interest therein',
  DATA_COMPILATION:
    'the need to compile data, to write programming language or a computer program, or to construct a computer report to extract data',
  EMERGENCY: "the need to address an emergency that affects the agency's ability to respond within the time required",
}

export const PUBLIC_INFO_DUTIES = ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY', 'VIEWER'] as const
export type PublicInfoDuty = (typeof PUBLIC_INFO_DUTIES)[number]

export const LETTER_KINDS = ['ACKNOWLEDGMENT', 'DETERMINATION', 'EXTENSION', 'DENIAL', 'CLOSURE'] as const
export type LetterKind = (typeof LETTER_KINDS)[number]
export const LETTER_STATES = ['DRAFT', 'ISSUED'] as const

/** What a fee may charge for (§7922.530, §7922.575(b)). */
export const FEE_KINDS = ['DUPLICATION', 'ELECTRONIC_WORK'] as const
export type FeeKind = (typeof FEE_KINDS)[number]
/** Staff time to search for, review or redact records: never chargeable; named so the calculator can refuse it by name. */
export const STAFF_TIME_KINDS = ['SEARCH', 'REVIEW', 'REDACTION'] as const
/** §7922.575(b): the electronic work that may be charged. */
export const ELECTRONIC_BASES = ['DATA_COMPILATION', 'EXTRACTION', 'PROGRAMMING', 'OFF_SCHEDULE_COPY'] as const
export const FEE_STATES = ['PENDING', 'PAID', 'WAIVED'] as const

export const TASK_STATES = ['OPEN', 'DONE'] as const
/** How a requester would like the records. */
export const PREFERRED_FORMATS = ['ELECTRONIC', 'PAPER', 'INSPECTION'] as const
export type PreferredFormat = (typeof PREFERRED_FORMATS)[number]
export const MESSAGE_DIRECTIONS = ['FROM_REQUESTER', 'TO_REQUESTER'] as const
export const DELIVERY_CHANNELS = ['EMAIL', 'POST'] as const
/** An e-mail's state as the mail log has it, or a posted letter's. */
export const DELIVERY_STATES = ['QUEUED', 'SENT', 'RETRYING', 'FAILED', 'TO_MAIL', 'MAILED'] as const
export const FISCAL_LINK_KINDS = ['RECEIPT', 'ACCRUAL'] as const
export type FiscalLinkKind = (typeof FISCAL_LINK_KINDS)[number]

/** A calendar day as YYYY-MM-DD; `message` words it for a form (what to enter, and the field). */
const calendarDate = (name: string, message?: string) =>
  z.string({ error: message ?? `${name} is required` }).refine(isCalendarDate, message ?? `${name} must be a date (YYYY-MM-DD)`)
/** The choices of an enum in words, for a message: 'Received, Clarifying or Closed'. */
export const choicesOf = (values: readonly string[], words: Readonly<Record<string, string>>): string => {
  const named = values.map((value) => words[value] ?? value)
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`
}
/** An enum whose refusal names the choices by their words, never their codes. */
const enumOf = <T extends readonly [string, ...string[]]>(what: string, values: T, words: Readonly<Record<string, string>>) =>
  z.enum(values, { error: `${what} must be one of: ${choicesOf(values, words)}.` })

export const PaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })

// ---- Intake, list, detail ----

export const RequestInputSchema = z.object({
  /** ISO-8601 instant (with offset or Z); never in the future (the server checks against its clock). */
  receivedAt: z.iso.datetime({ offset: true, error: 'Enter the date and time the request was received.' }),
  channel: z.enum(CHANNELS, { error: `Choose how the request came in: ${choicesOf(CHANNELS, recordsLabels.channel)}.` }),
  requesterName: stated('Enter the requester’s name; it stays private.', 'The requester’s name', 200),
  requesterContact: stated('Enter how to reach the requester; it stays private.', 'The contact', 300),
  text: stated('Enter the request’s text exactly as received (text).', 'The request’s text', 20_000),
  clarifiedText: text().trim().max(20_000, 'The clarified text is at most 20,000 characters.').nullish(),
})
export type RequestInput = z.infer<typeof RequestInputSchema>

export const ClockSchema = z.object({
  receivedOn: z.string(),
  countedFrom: z.string(),
  afterHours: z.boolean(),
  dayTen: z.string(),
  /** The original determination due date. */
  determinationDueOn: z.string(),
  /** After the one extension; null without one. */
  extendedDueOn: z.string().nullable(),
  /** The date that binds now: extendedDueOn when extended, else determinationDueOn. */
  dueOn: z.string(),
  daysLeft: z.number().int(),
  status: z.enum(['OVERDUE', 'DUE_TODAY', 'DUE_SOON', 'ON_TRACK', 'STOPPED']),
  explanation: z.string(),
  extensionExplanation: z.string().nullable(),
})
export type Clock = z.infer<typeof ClockSchema>

export const RequestSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(REQUEST_STATES),
  outcome: z.enum(OUTCOMES).nullable(),
  channel: z.enum(CHANNELS),
  receivedAt: z.string(),
  /** The clarified text when there is one, else the text as received, cut to 200 characters. */
  summary: z.string(),
  requesterName: z.string(),
  determinationDueOn: z.string(),
  extendedDueOn: z.string().nullable(),
  dueOn: z.string(),
  /** The instant the request falls due: the end of the district's day on `dueOn`. */
  dueAt: z.string(),
  daysLeft: z.number().int(),
  status: ClockSchema.shape.status,
  pointPersonId: z.number().int().nullable(),
  pointPersonName: z.string().nullable(),
  determinedOn: z.string().nullable(),
})
export type RequestSummary = z.infer<typeof RequestSummarySchema>

/** The answer to intake (the issue's contract), and more. */
export const CreatedRequestSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(REQUEST_STATES),
  determinationDueOn: z.string(),
  clock: ClockSchema,
})
export const CreatedRequestResponseSchema = z.object({ data: CreatedRequestSchema })

export const DUE_FILTERS = ['OVERDUE', 'TODAY', 'SOON', 'THIS_WEEK'] as const
export const RequestListQuerySchema = z.object({
  state: enumOf('The state', REQUEST_STATES, recordsLabels.requestState).optional(),
  /** OVERDUE, TODAY, SOON (within 2 days, not overdue), THIS_WEEK (within 7 days, not overdue); only open requests. */
  due: enumOf('The due filter', DUE_FILTERS, recordsLabels.dueFilter).optional(),
  /** The point person, or a custodian with an open task. */
  assigneeId: idParam('The assignee').optional(),
  /** Part of the number, the requester's name or the text. */
  search: text().trim().max(100, 'The search is at most 100 characters.').optional(),
  /** Open requests only (not CLOSED). */
  open: z.enum(['true', 'false']).optional(),
  limit: countParam('limit', 1, 200).default(50),
  offset: countParam('offset', 0).default(0),
})
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>
export const RequestListResponseSchema = z.object({ data: z.array(RequestSummarySchema), pagination: PaginationSchema })

export const PersonSchema = z.object({ id: z.number().int(), name: z.string() })

export const AssignmentSchema = z.object({
  id: z.number().int(),
  role: z.enum(['POINT_PERSON', 'CUSTODIAN']),
  userId: z.number().int(),
  userName: z.string(),
  reason: z.string(),
  assignedAt: z.string(),
  assignedByName: z.string(),
})
export const TaskSchema = z.object({
  id: z.number().int(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  description: z.string(),
  state: z.enum(TASK_STATES),
  result: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
})
export const DocumentExemptionSchema = z.object({
  id: z.number().int(),
  fromPage: z.number().int(),
  toPage: z.number().int(),
  exemptionId: z.number().int(),
  citation: z.string(),
  title: z.string(),
  note: z.string().nullable(),
  markedByName: z.string(),
  markedAt: z.string(),
})
export const DocumentSchema = z.object({
  id: z.number().int(),
  attachmentId: z.number().int(),
  fileName: z.string(),
  type: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  pageCount: z.number().int(),
  uploadedByName: z.string(),
  uploadedAt: z.string(),
  exemptions: z.array(DocumentExemptionSchema),
  /** When it was released to the requester (downloadable from their tracking page); null while it is not. */
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
})
export type RecordDocument = z.infer<typeof DocumentSchema>
/** How an issued letter (or a staff answer) reached the requester. */
export const DeliverySchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  /** The e-mail address, or the postal address it is mailed to. */
  recipient: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** The mail server's answer to the last try, as it gave it (a failure's reason). */
  lastError: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  mailedOn: z.string().nullable(),
})
export type Delivery = z.infer<typeof DeliverySchema>

export const ResponsiblePersonSchema = z.object({
  name: stated('Enter the name of the person responsible for withholding (name).', 'A name', 200),
  title: stated('Enter the title of the person responsible for withholding (title).', 'A title', 200),
})
export const LetterSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LETTER_KINDS),
  state: z.enum(LETTER_STATES),
  body: z.string(),
  drafterNames: z.array(z.string()),
  drafterIds: z.array(z.number().int()),
  signedByName: z.string().nullable(),
  signedByTitle: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The parts this letter still lacks (issuing is refused while any is missing). */
  missing: z.array(z.string()),
  /** Why the signed-in SIGNATORY may not sign it (`issue`), in the server's words: they drafted or edited it. */
  stepReasons: StepReasonsSchema,
  /** How the issued letter reached the requester; null for a draft. */
  delivery: DeliverySchema.nullable(),
})
export type Letter = z.infer<typeof LetterSchema>

export const MessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  body: z.string(),
  /** The staff member who answered; null for the requester. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** The e-mail carrying a staff answer; null for the requester's messages and for a requester without e-mail. */
  delivery: DeliverySchema.nullable(),
})

export const RequesterSchema = z.object({
  email: z.string().nullable(),
  postalAddress: z.string().nullable(),
  preferredFormat: z.enum(PREFERRED_FORMATS).nullable(),
  viaPortal: z.boolean(),
  /** No e-mail address: letters go to the To mail list. */
  noEmail: z.boolean(),
  trackingIssuedAt: z.string().nullable(),
  /** A request from the same contact with similar text within 30 days, unless dismissed. */
  possibleDuplicateOf: z.object({ id: z.number().int(), number: z.string(), receivedOn: z.string() }).nullable(),
})
export const FeeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEE_KINDS),
  electronicBasis: z.enum(ELECTRONIC_BASES).nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
  state: z.enum(FEE_STATES),
  recordedByName: z.string(),
  recordedAt: z.string(),
})
export const TimeEntrySchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  minutes: z.number().int(),
  activity: z.string(),
  workedOn: z.string(),
  note: z.string().nullable(),
})
export const NoteSchema = z.object({ id: z.number().int(), authorName: z.string(), text: z.string(), createdAt: z.string() })
export const FiscalLinkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FISCAL_LINK_KINDS),
  recordId: z.number().int(),
  label: z.string(),
  detail: z.string().nullable(),
  href: z.string(),
  linkedByName: z.string(),
  linkedAt: z.string(),
})
export const TimelineEntrySchema = z.object({
  at: z.string(),
  /** The audit row's code, for keys and tests; people read `event` and `text`. */
  action: z.string(),
  actorName: z.string().nullable(),
  /** What happened, in a few words ("Extended"). */
  event: z.string(),
  /** The whole sentence ("Extended by 14 days to Mon Dec 21, 2026: a voluminous amount of separate records"). */
  text: z.string(),
})
export const ExtensionSchema = z.object({
  reason: z.enum(EXTENSION_REASONS),
  reasonText: z.string(),
  days: z.number().int(),
  extendedDueOn: z.string(),
  signatoryName: z.string(),
  extendedAt: z.string(),
})
export const DeterminationSchema = z.object({
  outcome: z.enum(OUTCOMES),
  estimatedProductionOn: z.string().nullable(),
  determinedOn: z.string(),
  onTime: z.boolean(),
  signatoryName: z.string(),
  responsible: z.array(ResponsiblePersonSchema),
  exemptions: z.array(z.object({ id: z.number().int(), citation: z.string(), title: z.string() })),
})

/** What the signed-in person may do to the request now (the screens show only these). */
export const RequestActionsSchema = z.object({
  clarify: z.boolean(),
  assign: z.boolean(),
  addTask: z.boolean(),
  upload: z.boolean(),
  markExemption: z.boolean(),
  extend: z.boolean(),
  determine: z.boolean(),
  draftLetter: z.boolean(),
  issueLetter: z.boolean(),
  recordFee: z.boolean(),
  produce: z.boolean(),
  close: z.boolean(),
  reopen: z.boolean(),
  logTime: z.boolean(),
  note: z.boolean(),
  link: z.boolean(),
  message: z.boolean(),
  release: z.boolean(),
  publicSummary: z.boolean(),
  dismissDuplicate: z.boolean(),
})

export const RequestDetailSchema = RequestSummarySchema.extend({
  requesterContact: z.string(),
  text: z.string(),
  clarifiedText: z.string().nullable(),
  clock: ClockSchema,
  extension: ExtensionSchema.nullable(),
  determination: DeterminationSchema.nullable(),
  estimatedProductionOn: z.string().nullable(),
  closedAt: z.string().nullable(),
  assignments: z.array(AssignmentSchema),
  tasks: z.array(TaskSchema),
  documents: z.array(DocumentSchema),
  letters: z.array(LetterSchema),
  fees: z.array(FeeSchema),
  feeTotalCents: z.number().int(),
  timeLog: z.array(TimeEntrySchema),
  timeTotalMinutes: z.number().int(),
  notes: z.array(NoteSchema),
  links: z.array(FiscalLinkSchema),
  requester: RequesterSchema,
  messages: z.array(MessageSchema),
  /** Messages from the requester after the last answer. */
  unansweredMessages: z.number().int(),
  publicSummary: z.string().nullable(),
  timeline: z.array(TimelineEntrySchema),
  actions: RequestActionsSchema,
  /** Steps the person holds the duty for but may not take now, with the reason (`close`: what the request still lacks). */
  stepReasons: StepReasonsSchema,
})
export type RequestDetail = z.infer<typeof RequestDetailSchema>
export const RequestResponseSchema = z.object({ data: RequestDetailSchema })

export const RequestParamsSchema = z.object({ id: idParam('id') })
export const RequestChildParamsSchema = z.object({ id: idParam('id'), childId: idParam('childId') })

// ---- Steps ----
// The steps' forms show these messages beside their fields as they are.

/** An optional note of at most `max` characters. */
const optionalNote = (max: number) =>
  text()
    .trim()
    .max(max, `The note is at most ${max.toLocaleString('en-US')} characters.`)
    .nullish()

export const ClarifyInputSchema = z.object({
  clarifiedText: stated('Enter the request as clarified with the requester.', 'The clarified text', 20_000),
  note: optionalNote(2000),
})

export const AssignInputSchema = z
  .object({
    userId: id('The person', 'Choose the person.'),
    role: enumOf('The role', ['POINT_PERSON', 'CUSTODIAN'] as const, recordsLabels.assignmentRole),
    reason: stated('Say why this person is assigned (reason).', 'The reason', 500),
    /** A search task for a custodian (required for CUSTODIAN). */
    task: text().trim().max(2000, 'The search task is at most 2,000 characters.').nullish(),
  })
  .superRefine((input, context) => {
    if (input.role === 'CUSTODIAN' && !input.task)
      context.addIssue({ code: 'custom', path: ['task'], message: 'A custodian is assigned with a search task: describe it (task).' })
  })
export type AssignInput = z.infer<typeof AssignInputSchema>

export const TaskInputSchema = z.object({
  assigneeId: id('Who searches', 'Choose who searches.'),
  description: stated('Describe what to search for (description).', 'The description', 2000),
})
export const TaskDoneInputSchema = z.object({
  result: stated('Say what the search found, or that it found nothing (result).', 'The result', 2000),
})

const EXTENSION_DAYS_MESSAGE = `Enter the days of the extension, a whole number from 1 to ${MAX_EXTENSION_DAYS} (days).`
export const ExtendInputSchema = z.object({
  reason: z.enum(EXTENSION_REASONS, {
    error: `Choose the statute’s reason for the extension: ${choicesOf(EXTENSION_REASONS, recordsLabels.extensionReason)} (reason).`,
  }),
  days: z
    .number({ error: EXTENSION_DAYS_MESSAGE })
    .int(EXTENSION_DAYS_MESSAGE)
    .min(1, 'The extension is at least 1 day (days).')
    .max(MAX_EXTENSION_DAYS, `The extension is at most ${MAX_EXTENSION_DAYS} days, Gov. Code §7922.535 (days).`),
})
export type ExtendInput = z.infer<typeof ExtendInputSchema>
export const ExtendResponseSchema = z.object({ data: z.object({ extendedDueOn: z.string(), request: RequestDetailSchema }) })

export const DetermineInputSchema = z.object({
  outcome: z.enum(OUTCOMES, { error: `Choose the outcome: ${choicesOf(OUTCOMES, recordsLabels.outcome)} (outcome).` }),
  /** Required when anything is disclosable (DISCLOSABLE, PARTIAL). */
  estimatedProductionOn: calendarDate('The estimated production date', 'Enter the estimated date the records will be produced.').nullish(),
  /** Every person responsible for withholding, by name and title (required for PARTIAL, DENIED). */
  responsible: z.array(ResponsiblePersonSchema).max(20).default([]),
  /** Exemptions from the library relied on (PARTIAL adds those marked on the documents). */
  exemptionIds: z.array(id('An exemption')).max(50, 'At most 50 exemptions.').default([]),
})
export type DetermineInput = z.input<typeof DetermineInputSchema>

export const DocumentUploadQuerySchema = z.object({
  fileName: text('Name the file.').trim().min(1, 'Name the file.').max(200, 'A file name is at most 200 characters.'),
})
const pageNumber = (missing: string, field: string) => z.number({ error: missing }).int(missing).min(1, `Pages start at 1 (${field}).`)
export const ExemptionMarkInputSchema = z
  .object({
    fromPage: pageNumber('Enter the first page withheld.', 'first page'),
    toPage: pageNumber('Enter the last page withheld.', 'last page'),
    exemptionId: id('The exemption', 'Choose the exemption from the library.'),
    note: optionalNote(1000),
  })
  .refine((input) => input.fromPage <= input.toPage, {
    message: 'The first page must not be after the last.',
    path: ['fromPage'],
  })

const letterBody = text().trim().max(20_000, 'The letter’s body is at most 20,000 characters.')
export const LetterDraftInputSchema = z.object({
  kind: z.enum(LETTER_KINDS, { error: `Choose the kind of letter: ${choicesOf(LETTER_KINDS, recordsLabels.letterKind)} (kind).` }),
  body: letterBody.nullish(),
})
export const LetterReviseInputSchema = z.object({ body: stated('Write the letter’s body (body).', 'The letter’s body', 20_000) })
export const LetterIssueInputSchema = z.object({
  signatoryTitle: stated('Enter your title as it will appear under your signature.', 'Your title', 200),
})
export const LetterParamsSchema = z.object({ id: idParam('id'), letterId: idParam('letterId') })
export const LetterResponseSchema = z.object({ data: LetterSchema })

const FEE_QUANTITY_MESSAGE = 'Enter the pages copied or the hours of work, a whole number (quantity).'
export const FeeInputSchema = z
  .object({
    kind: z.string({ error: 'Choose what the fee charges for (kind).' }),
    electronicBasis: enumOf('The electronic work', ELECTRONIC_BASES, recordsLabels.electronicBasis).nullish(),
    description: stated('Describe what the fee charges for (description).', 'The description', 500),
    /** Pages copied, or hours of electronic work. */
    quantity: z
      .number({ error: FEE_QUANTITY_MESSAGE })
      .int(FEE_QUANTITY_MESSAGE)
      .min(1, 'Enter at least 1 (quantity).')
      .max(1_000_000, 'Enter at most 1,000,000 (quantity).'),
    unitCents: positiveAmountCents('Enter a unit cost of more than zero.'),
  })
  .superRefine((input, context) => {
    if ((STAFF_TIME_KINDS as readonly string[]).includes(input.kind)) {
      context.addIssue({
        code: 'custom',
        path: ['kind'],
        message: `Staff time to search for, review or redact records is never charged (Gov. Code §7922.530, §7922.575): ${recordsLabels.feeKind[input.kind as keyof typeof recordsLabels.feeKind].toLowerCase()} is refused (kind).`,
      })
    } else if (!(FEE_KINDS as readonly string[]).includes(input.kind)) {
      context.addIssue({
        code: 'custom',
        path: ['kind'],
        message: `Choose what the fee charges for: ${choicesOf(FEE_KINDS, recordsLabels.feeKind)} (kind).`,
      })
    } else if (input.kind === 'ELECTRONIC_WORK' && !input.electronicBasis) {
      context.addIssue({
        code: 'custom',
        path: ['electronicBasis'],
        message: `Electronic work is charged only under §7922.575(b): choose which, ${choicesOf(ELECTRONIC_BASES, recordsLabels.electronicBasis)}.`,
      })
    } else if (input.kind === 'DUPLICATION' && input.electronicBasis) {
      context.addIssue({
        code: 'custom',
        path: ['electronicBasis'],
        message: 'Copies are not electronic work: leave the electronic work empty.',
      })
    }
  })
export type FeeInput = z.infer<typeof FeeInputSchema>

/** The fee calculator: the direct cost only, quantity × unit, in cents. */
export const feeAmountCents = (quantity: number, unitCents: number): number => quantity * unitCents

// The time log and the notes show these messages beside their fields as they are.
const MINUTES_MESSAGE = 'Enter the minutes worked, a whole number (minutes).'
export const TimeEntryInputSchema = z.object({
  minutes: z
    .number({ error: MINUTES_MESSAGE })
    .int(MINUTES_MESSAGE)
    .min(1, 'Enter at least 1 minute (minutes).')
    .max(24 * 60, 'Enter at most 1,440 minutes, a whole day (minutes).'),
  activity: stated('Say what the time was spent on (activity).', 'The activity', 200),
  workedOn: calendarDate('The day worked', 'Enter the day worked.'),
  note: text().trim().max(1000, 'The note is at most 1,000 characters.').nullish(),
})
export const NoteInputSchema = z.object({ text: stated('Write the note first (text).', 'A note', 5000) })
const REOPEN_REASON_MESSAGE = 'Say why the request is reopened, in at least 5 characters (reason).'
export const ReasonInputSchema = z.object({ reason: stated(REOPEN_REASON_MESSAGE, 'The reason', 1000).min(5, REOPEN_REASON_MESSAGE) })
export const ProduceInputSchema = z.object({ note: optionalNote(2000) })

export const StaffMessageInputSchema = z.object({
  message: stated('Write the answer to the requester (message).', 'An answer', 5000),
})
export const ReleaseInputSchema = z.object({
  released: z.boolean({ error: 'Say whether the document is released to the requester (released).' }),
})
export const PublicSummaryInputSchema = z.object({
  summary: stated(
    'Write the summary the public archive shows, without the requester’s name or contact (summary).',
    'The public summary',
    2000,
  ),
})
export const MarkMailedInputSchema = z.object({ mailedOn: calendarDate('The day mailed', 'Enter the day the letter was mailed.') })
export const MAILING_STATES = ['TO_MAIL', 'MAILED'] as const
export const MailingQuerySchema = z.object({ state: enumOf('The list', MAILING_STATES, recordsLabels.deliveryState).default('TO_MAIL') })
export const EnvelopesQuerySchema = z.object({
  ids: text('Choose the letters to print envelopes for.')
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'Choose the letters to print envelopes for (ids, such as 1,2,3).')
    .transform((value) => value.split(',').map(Number))
    .refine((ids) => ids.every((value) => value >= 1 && value <= MAX_ID), 'Each letter is a number from 1 to 2,147,483,647 (ids).'),
})
/** An issued letter for a requester without e-mail: it leaves by post. */
export const MailingSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  number: z.string(),
  letterId: z.number().int(),
  letterKind: z.enum(LETTER_KINDS),
  issuedAt: z.string(),
  /** The requester's name as given (may be empty: the Act lets people ask anonymously). */
  recipientName: z.string(),
  postalAddress: z.string(),
  mailedOn: z.string().nullable(),
  mailedByName: z.string().nullable(),
})
export const MailingListResponseSchema = z.object({ data: z.array(MailingSchema) })
export const MailingResponseSchema = z.object({ data: MailingSchema })

export const FiscalLinkInputSchema = z.object({
  kind: enumOf('The kind of record', FISCAL_LINK_KINDS, recordsLabels.fiscalLinkKind),
  recordId: id('The record', 'Choose the record to link.'),
})
export const FiscalMatchSchema = z.object({
  kind: z.enum(FISCAL_LINK_KINDS),
  recordId: z.number().int(),
  label: z.string(),
  detail: z.string().nullable(),
  href: z.string(),
})
/** What the request's text names (warrants, vendors, contracts, receipts, accruals) and whom to task with searching. */
export const FiscalSuggestionSchema = z.object({ topic: z.string(), task: z.string() })
export const FiscalMatchesResponseSchema = z.object({
  data: z.object({
    suggestions: z.array(FiscalSuggestionSchema),
    matches: z.array(FiscalMatchSchema),
    sources: z.array(z.enum(FISCAL_LINK_KINDS)),
  }),
})
export const FiscalMatchQuerySchema = z.object({ search: text().trim().max(100).optional() })

// ---- Holidays, settings, exemption library ----

export const HolidaySchema = z.object({ date: z.string(), name: z.string() })
// The form shows these messages as they are: they speak to the person adding a holiday.
export const HolidayInputSchema = z.object({
  date: z.string({ error: 'Enter the holiday’s date.' }).refine(isCalendarDate, 'Enter the holiday’s date.'),
  name: text('Name the holiday.').trim().min(1, 'Name the holiday.').max(100, 'A holiday’s name is at most 100 characters.'),
})
export const HolidayQuerySchema = z.object({ year: countParam('year', 2000, 2100).optional() })
export const HolidayDateParamsSchema = z.object({ date: calendarDate('The holiday’s date') })
export const HolidayListResponseSchema = z.object({ data: z.array(HolidaySchema) })
export const HolidayResponseSchema = z.object({ data: HolidaySchema })

const clockTime = (label: string) =>
  z.string({ error: `Enter ${label}.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter ${label} as a time, such as 08:00.`)
export const RecordsSettingsSchema = z.object({
  afterHoursRule: z.boolean(),
  businessHoursStart: z.string(),
  businessHoursEnd: z.string(),
  districtTimeZone: z.string(),
  /** Closed requests with a public summary are published on the portal (off by default). */
  publicArchive: z.boolean(),
  /** The portal's introduction as the district wrote it; null for the platform's own. */
  portalIntro: z.string().nullable(),
})
export const RecordsSettingsInputSchema = z
  .object({
    afterHoursRule: z.boolean({ error: 'Say whether the after-hours rule applies (yes or no).' }),
    businessHoursStart: clockTime('the opening time'),
    businessHoursEnd: clockTime('the closing time'),
    /** Left out, the setting stays as it is. */
    publicArchive: z.boolean({ error: 'Say whether the public archive is published (yes or no).' }).optional(),
    portalIntro: text().trim().max(4000, 'The introduction is at most 4,000 characters.').nullish(),
  })
  .refine((input) => input.businessHoursStart < input.businessHoursEnd, {
    message: 'Business hours must start before they end.',
    path: ['businessHoursEnd'],
  })
export const RecordsSettingsResponseSchema = z.object({ data: RecordsSettingsSchema })

export const ExemptionSchema = z.object({
  id: z.number().int(),
  citation: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  timesUsed: z.number().int(),
})
export type Exemption = z.infer<typeof ExemptionSchema>
const exemptionTitle = stated('Give the exemption a short title (title).', 'The title', 200)
const exemptionDescription = text().trim().max(4000, 'The description is at most 4,000 characters.')
export const ExemptionInputSchema = z.object({
  citation: stated('Enter the citation, e.g. Gov. Code §7927.705 (citation).', 'The citation', 120),
  title: exemptionTitle,
  description: exemptionDescription.default(''),
})
export const ExemptionUpdateSchema = z.object({
  title: exemptionTitle.optional(),
  description: exemptionDescription.optional(),
  active: z.boolean({ error: 'Say whether the exemption is active (yes or no).' }).optional(),
})
export const ExemptionListResponseSchema = z.object({ data: z.array(ExemptionSchema) })
export const ExemptionResponseSchema = z.object({ data: ExemptionSchema })

// ---- Public log and figures ----

/** One request as the public may read it: no requester name or contact. */
export const PublicLogEntrySchema = z.object({
  number: z.string(),
  receivedOn: z.string(),
  summary: z.string(),
  state: z.enum(REQUEST_STATES),
  outcome: z.enum(OUTCOMES).nullable(),
  dueOn: z.string(),
  extended: z.boolean(),
  determinedOn: z.string().nullable(),
  closedOn: z.string().nullable(),
})
export const PublicLogQuerySchema = z.object({
  from: calendarDate('The first day').optional(),
  to: calendarDate('The last day').optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
})
export const PublicLogResponseSchema = z.object({ data: z.array(PublicLogEntrySchema) })

export const FiguresQuerySchema = z.object({ from: calendarDate('The first day').optional(), to: calendarDate('The last day').optional() })
export const FiguresSchema = z.object({
  received: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  determined: z.number().int(),
  determinedOnTime: z.number().int(),
  /** determinedOnTime / determined, 0 to 1; null when none was determined. */
  onTimeRate: z.number().nullable(),
  extensionsByReason: z.array(z.object({ reason: z.enum(EXTENSION_REASONS), count: z.number().int() })),
  exemptionsUsed: z.array(z.object({ citation: z.string(), title: z.string(), count: z.number().int() })),
  closed: z.number().int(),
  /** Calendar days from received to closed, over closed requests. */
  daysToClose: z.object({ median: z.number().nullable(), average: z.number().nullable() }),
})
export type Figures = z.infer<typeof FiguresSchema>
export const FiguresResponseSchema = z.object({ data: FiguresSchema })

/** The person's duties in Public Information (the screens decide what to offer). */
export const RecordsMeSchema = z.object({
  isAdmin: z.boolean(),
  userId: z.number().int(),
  duties: z.array(z.enum(PUBLIC_INFO_DUTIES)),
})
export const RecordsMeResponseSchema = z.object({ data: RecordsMeSchema })
/** People holding a Public Information duty (for the assignment pickers). */
export const RecordsPeopleResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), duties: z.array(z.enum(PUBLIC_INFO_DUTIES)) })),
})
