import { z } from 'zod'
import { AccountStringSchema } from './finance-account.js'
import { AttachmentSchema, StepReasonsSchema } from './finance.js'
import { MAX_RECORD_CENTS, formatCents, positiveAmountCents } from './finance-money.js'
import { calendarDay, countParam, id, idParam, text } from './input.js'
import { accrualsLabels } from './labels/accruals.js'

/**
 * Accruals: the district's year-end accrual cycle, from request to liquidation. Routes (all need ACCRUALS):
 *   GET/POST /api/accrual-cycles, GET/PUT /api/accrual-cycles/{id}, GET /api/accrual-cycles/{id}/totals,
 *   POST /api/accrual-cycles/{id}/journal (CSV), GET /api/accrual-cycles/{id}/journals,
 *   GET /api/accrual-cycles/{id}/journals/{reference} (the same CSV again, posting nothing),
 *   GET/POST /api/accruals, GET/PUT /api/accruals/{id}, POST /api/accruals/import?cycleId=&apply= (text/csv or XLSX body),
 *   POST /api/accruals/{id}/{submit|site-approve|approve|return|reject|withdraw}, POST /api/accruals/{id}/liquidations,
 *   POST /api/accruals/{id}/write-off, POST /api/accruals/{id}/hand-over, GET /api/accruals/my-duties,
 *   GET /api/accrual-cycles/{id}/variances. Attachments: the finance attachments routes with
 *   appCode ACCRUALS and recordType `accrual`.
 */
export const ACCRUALS_APP = 'ACCRUALS'

/** The field's name as the form labels it. */
const label = (field: keyof typeof accrualsLabels.field) => accrualsLabels.field[field]

/** 'payable, receivable or other': the choices of a group in words, for a message. */
const choices = <Code extends string>(group: Readonly<Record<Code, string>>, codes: readonly Code[]) => {
  const words = codes.map((code) => group[code].charAt(0).toLowerCase() + group[code].slice(1))
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '')
}

export const ACCRUAL_TYPES = ['PAYABLE', 'RECEIVABLE', 'UNEARNED_REVENUE', 'PAYROLL', 'OTHER'] as const
export const AccrualTypeSchema = z.enum(ACCRUAL_TYPES, {
  error: `Choose the type: ${choices(accrualsLabels.type, ACCRUAL_TYPES)} (type).`,
})
export type AccrualType = (typeof ACCRUAL_TYPES)[number]

/** REVERSE: reversed on July 1; PAY_AGAINST: the payment is charged to the accrual account, nothing reversed. */
export const CLEARING_METHODS = ['REVERSE', 'PAY_AGAINST'] as const
export const ClearingSchema = z.enum(CLEARING_METHODS, {
  error: `Choose how it clears: ${choices(accrualsLabels.clearing, CLEARING_METHODS)} (clearing).`,
})
export type Clearing = (typeof CLEARING_METHODS)[number]

export const BASES = ['ACTUAL', 'ESTIMATE'] as const
export const BasisSchema = z.enum(BASES, { error: `Choose the basis: ${choices(accrualsLabels.basis, BASES)} (basis).` })
export type Basis = (typeof BASES)[number]

export const ACCRUAL_STATES = [
  'DRAFT',
  'SUBMITTED',
  'SITE_APPROVED',
  'APPROVED',
  'RETURNED',
  'REJECTED',
  'WITHDRAWN',
  'POSTED',
  'PARTIALLY_LIQUIDATED',
  'LIQUIDATED',
  'WRITTEN_OFF',
] as const
export const AccrualStateSchema = z.enum(ACCRUAL_STATES, {
  error: `Choose a state: ${choices(accrualsLabels.state, ACCRUAL_STATES)} (state).`,
})
export type AccrualState = (typeof ACCRUAL_STATES)[number]

/** The review steps, as they appear in `POST /api/accruals/{id}/{step}`. */
export const ACCRUAL_STEPS = ['submit', 'site-approve', 'approve', 'return', 'reject', 'withdraw'] as const
export type AccrualStep = (typeof ACCRUAL_STEPS)[number]
/** Steps that take `{ reason }`. */
export const REASON_STEPS: readonly AccrualStep[] = ['return', 'reject']

export const MAX_ACCRUAL_LINES = 50

/**
 * SACS resources 2000–9999 are restricted (their use is limited by law or the grantor); an accrual charging one
 * needs a justification. Resources 0000–1999 are unrestricted.
 */
export const isRestrictedResource = (account: string): boolean => Number(account.slice(3, 7)) >= 2000

const isoDay = calendarDay

/** An amount in a message: dollars, or the cents as sent when they are not whole (refused on their own field). */
const money = (cents: number) => (Number.isSafeInteger(cents) ? formatCents(cents) : `${cents} cents`)

type FieldName = keyof typeof accrualsLabels.field
const requiredText = (name: FieldName, max: number) =>
  text(`Enter the ${label(name).toLowerCase()} (${name}).`)
    .trim()
    .min(1, `Enter the ${label(name).toLowerCase()} (${name}).`)
    .max(max, `${label(name)} is at most ${max.toLocaleString('en-US')} characters (${name}).`)
const optionalText = (name: FieldName, max: number) =>
  text(`${label(name)} must be text (${name}).`)
    .trim()
    .max(max, `${label(name)} is at most ${max.toLocaleString('en-US')} characters (${name}).`)
    .nullish()
    .transform((value) => (value ? value : null))

// ---- Close cycles ----

export const FISCAL_YEAR = /^\d{4}-\d{2}$/

export const CycleInputSchema = z
  .object({
    fiscalYear: text('Enter the fiscal year, such as 2025-26 (fiscalYear).').regex(
      FISCAL_YEAR,
      'Enter the fiscal year, such as 2025-26 (fiscalYear).',
    ),
    /** The accrual date (June 30 of the fiscal year). */
    cutoffOn: isoDay('cutoffOn', 'Enter the cut-off date as a real date (cutoffOn).'),
    /** The sites' submission deadline. */
    submitBy: isoDay('submitBy', 'Enter the day sites submit by as a real date (submitBy).'),
    /** After this day only a CONTROLLER may add or change a request. */
    lockOn: isoDay('lockOn', 'Enter the lock date as a real date (lockOn).'),
    /** The board approves the unaudited actuals (September 15). */
    boardOn: isoDay('boardOn', 'Enter the day the board approves as a real date (boardOn).'),
    /** The county verifies them (October 15). */
    countyOn: isoDay('countyOn', 'Enter the day the county verifies as a real date (countyOn).'),
    /** A request under this many cents is flagged (not refused). */
    materialityCents: z
      .number({ error: 'The materiality threshold is a whole number of cents (materialityCents).' })
      .int('The materiality threshold is a whole number of cents (materialityCents).')
      .min(0, 'The materiality threshold cannot be negative (materialityCents).')
      .max(MAX_RECORD_CENTS, 'The materiality threshold is at most $1,000,000,000.00 (materialityCents).'),
  })
  .superRefine((input, context) => {
    const start = Number(input.fiscalYear.slice(0, 4))
    if (FISCAL_YEAR.test(input.fiscalYear) && Number(input.fiscalYear.slice(5)) !== (start + 1) % 100) {
      context.addIssue({
        code: 'custom',
        path: ['fiscalYear'],
        message: 'The fiscal year names two years in a row, such as 2025-26 (fiscalYear).',
      })
    }
    if (input.submitBy < input.cutoffOn)
      context.addIssue({ code: 'custom', path: ['submitBy'], message: 'Sites submit on or after the cut-off date (submitBy).' })
    if (input.lockOn < input.submitBy)
      context.addIssue({ code: 'custom', path: ['lockOn'], message: 'The lock date is on or after the day sites submit by (lockOn).' })
    if (input.boardOn < input.cutoffOn)
      context.addIssue({ code: 'custom', path: ['boardOn'], message: 'The board approves after the cut-off date (boardOn).' })
    if (input.countyOn < input.boardOn)
      context.addIssue({ code: 'custom', path: ['countyOn'], message: 'The county verifies on or after the board’s approval (countyOn).' })
  })
export type CycleInput = z.infer<typeof CycleInputSchema>

export const DEADLINE_NAMES = ['cutoffOn', 'submitBy', 'lockOn', 'boardOn', 'countyOn'] as const

/** One date of the cycle as the screen counts down to it, reckoned on the district's clock. */
export const DeadlineSchema = z.object({
  name: z.enum(DEADLINE_NAMES),
  on: z.string(),
  /** Days from today (district time) to the date; negative once it has passed. */
  daysLeft: z.number().int(),
  passed: z.boolean(),
})
export type Deadline = z.infer<typeof DeadlineSchema>

export const CycleSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.string(),
  cutoffOn: z.string(),
  submitBy: z.string(),
  lockOn: z.string(),
  boardOn: z.string(),
  countyOn: z.string(),
  materialityCents: z.number().int(),
  /** The district's date today, and whether the lock date has passed (only a CONTROLLER may add or change). */
  today: z.string(),
  locked: z.boolean(),
  deadlines: z.array(DeadlineSchema),
  createdAt: z.string(),
  createdByName: z.string(),
  /** A journal was posted from the cycle: its dates no longer change (the journal is dated by them). */
  datesFixed: z.boolean(),
})
export type Cycle = z.infer<typeof CycleSchema>

export const CycleListResponseSchema = z.object({ data: z.array(CycleSchema) })
export const CycleResponseSchema = z.object({ data: CycleSchema })

/** A count and an amount, for one group of the cycle's totals. */
export const TotalSchema = z.object({ key: z.string(), count: z.number().int(), amountCents: z.number().int() })
export type Total = z.infer<typeof TotalSchema>

/**
 * The cycle's totals (`GET /api/accrual-cycles/{id}/totals`), within the person's sites. By fund and resource count
 * each line's amount (a request may charge several); by state and type count whole requests. Withdrawn and rejected
 * requests are counted by state only.
 */
export const CycleTotalsSchema = z.object({
  byState: z.array(TotalSchema),
  byType: z.array(TotalSchema),
  byFund: z.array(TotalSchema),
  byResource: z.array(TotalSchema),
})
export type CycleTotals = z.infer<typeof CycleTotalsSchema>
export const CycleTotalsResponseSchema = z.object({ data: CycleTotalsSchema })

// ---- Requests ----

export const AccrualLineInputSchema = z.object({
  account: AccountStringSchema,
  amountCents: positiveAmountCents('Enter the line’s amount, more than zero (amountCents).'),
})
export type AccrualLineInput = z.infer<typeof AccrualLineInputSchema>

export const AccrualInputSchema = z
  .object({
    cycleId: id('cycleId', 'Choose the close cycle (cycleId).'),
    siteId: id('siteId', 'Choose the site (siteId).'),
    type: AccrualTypeSchema,
    /** Only for OTHER, which names its accrual account; the other types take theirs from the district's posting accounts. */
    accrualAccount: AccountStringSchema.nullish().transform((value) => value ?? null),
    clearing: ClearingSchema,
    /** Whether the accrual is for goods (a payable for goods needs them received on or before the cut-off date). */
    forGoods: z.boolean({ error: 'Say whether the accrual is for goods (forGoods).' }).default(false),
    /** The vendor (payables) or payer (receivables). */
    vendor: requiredText('vendor', 200),
    description: requiredText('description', 1000),
    poNumber: optionalText('poNumber', 40),
    invoiceNumber: optionalText('invoiceNumber', 60),
    /** The day the goods or services were received. */
    receivedOn: isoDay('receivedOn', 'Enter the day the goods or services were received as a real date (receivedOn).')
      .nullish()
      .transform((value) => value ?? null),
    servicePeriodFrom: isoDay('servicePeriodFrom', 'Enter the first day of the service period as a real date (servicePeriodFrom).')
      .nullish()
      .transform((value) => value ?? null),
    servicePeriodTo: isoDay('servicePeriodTo', 'Enter the last day of the service period as a real date (servicePeriodTo).')
      .nullish()
      .transform((value) => value ?? null),
    basis: BasisSchema,
    /** How the amount was reached (required for an ESTIMATE). */
    basisNote: optionalText('basisNote', 1000),
    amountCents: positiveAmountCents('Enter the amount, more than zero (amountCents).'),
    lines: z
      .array(AccrualLineInputSchema, { error: 'Give the accrual at least one line (lines).' })
      .min(1, 'Give the accrual at least one line (lines).')
      .max(MAX_ACCRUAL_LINES, `Split the accrual into at most ${MAX_ACCRUAL_LINES} lines (lines).`),
    /** Why a possible duplicate (same PO and invoice, or same vendor and amount in the cycle) is not one. */
    duplicateNote: optionalText('duplicateNote', 1000),
    /** Why a line charging a restricted resource (2000–9999) is allowed. */
    restrictedJustification: optionalText('restrictedJustification', 1000),
    /** On an edit: the version the editor started from; the edit is refused (409) when the request changed since. */
    version: z
      .number({ error: 'The version edited must be a whole number (version).' })
      .int('The version edited must be a whole number (version).')
      .min(1)
      .optional(),
  })
  .superRefine((input, context) => {
    const total = input.lines.reduce((sum, line) => sum + line.amountCents, 0)
    if (total !== input.amountCents) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `The lines add up to ${money(total)}, not the accrual’s ${money(input.amountCents)} (lines).`,
      })
    }
    if (input.type === 'OTHER' && !input.accrualAccount)
      context.addIssue({
        code: 'custom',
        path: ['accrualAccount'],
        message: 'An accrual of type Other names its accrual account (accrualAccount).',
      })
    if (input.type !== 'OTHER' && input.accrualAccount) {
      context.addIssue({
        code: 'custom',
        path: ['accrualAccount'],
        message: `A ${accrualsLabels.type[input.type].toLowerCase()} accrual takes its account from the district’s posting accounts; only the type Other names one (accrualAccount).`,
      })
    }
    if (input.basis === 'ESTIMATE' && !input.basisNote)
      context.addIssue({ code: 'custom', path: ['basisNote'], message: 'Say how the estimate was reached (basisNote).' })
    if (input.servicePeriodFrom && input.servicePeriodTo && input.servicePeriodTo < input.servicePeriodFrom) {
      context.addIssue({
        code: 'custom',
        path: ['servicePeriodTo'],
        message: 'The service period ends on or after it starts (servicePeriodTo).',
      })
    }
    if (input.forGoods && input.type === 'PAYABLE' && !input.receivedOn) {
      context.addIssue({
        code: 'custom',
        path: ['receivedOn'],
        message: 'Enter the day the goods were received: a payable for goods needs it (receivedOn).',
      })
    }
  })
export type AccrualInput = z.input<typeof AccrualInputSchema>
export type AccrualInputParsed = z.output<typeof AccrualInputSchema>

export const AccrualLineSchema = z.object({ account: z.string(), amountCents: z.number().int() })

/** What the server noticed about a request (flagged, not refused). */
export const AccrualFlagsSchema = z.object({
  /** Under the cycle's materiality threshold. */
  belowMateriality: z.boolean(),
  /** Other requests of the cycle look like the same accrual (a duplicateNote was given to go on). */
  possibleDuplicate: z.boolean(),
  /** A line charges a restricted resource. */
  restricted: z.boolean(),
  /** Still not cleared at December 31 after the cut-off (posted and not fully liquidated or written off). */
  openAtYearEnd: z.boolean(),
})
export type AccrualFlags = z.infer<typeof AccrualFlagsSchema>

export const AccrualSummarySchema = z.object({
  id: z.number().int(),
  cycleId: z.number().int(),
  fiscalYear: z.string(),
  siteId: z.number().int(),
  siteCode: z.string(),
  type: AccrualTypeSchema,
  state: AccrualStateSchema,
  clearing: ClearingSchema,
  vendor: z.string(),
  description: z.string(),
  poNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  receivedOn: z.string().nullable(),
  basis: BasisSchema,
  amountCents: z.number().int(),
  /** Liquidations recorded so far. */
  clearedCents: z.number().int(),
  writtenOffCents: z.number().int(),
  requesterId: z.number().int(),
  requesterName: z.string(),
  version: z.number().int(),
  journalReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  flags: AccrualFlagsSchema,
})
export type AccrualSummary = z.infer<typeof AccrualSummarySchema>

export const AccrualHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  outcome: z.string(),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
})
export type AccrualHistoryEntry = z.infer<typeof AccrualHistoryEntrySchema>

/** Each saved version of a request's content (a returned request edited again keeps every earlier one). */
export const AccrualVersionSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedByName: z.string(),
  content: z.record(z.string(), z.unknown()),
})
export type AccrualVersion = z.infer<typeof AccrualVersionSchema>

export const LiquidationInputSchema = z.object({
  paidOn: isoDay('paidOn', 'Enter the day it was paid as a real date (paidOn).'),
  reference: requiredText('reference', 80),
  amountCents: positiveAmountCents('Enter the amount paid, more than zero (amountCents).'),
  /** Why the payment differs from what remains open on the accrual (required then; the cycle's variance report lists it). */
  varianceReason: optionalText('varianceReason', 1000),
})
export type LiquidationInput = z.infer<typeof LiquidationInputSchema>

export const LiquidationSchema = z.object({
  id: z.number().int(),
  accrualId: z.number().int(),
  paidOn: z.string(),
  reference: z.string(),
  amountCents: z.number().int(),
  /** What remained open on the accrual when it was paid (null for payments recorded before this was kept). */
  expectedCents: z.number().int().nullable(),
  varianceReason: z.string().nullable(),
  recordedByName: z.string(),
  recordedAt: z.string(),
})
export type Liquidation = z.infer<typeof LiquidationSchema>

/** A liquidation that paid something other than what remained open (`GET /api/accrual-cycles/{id}/variances`). */
export const LiquidationVarianceSchema = z.object({
  liquidationId: z.number().int(),
  accrualId: z.number().int(),
  siteCode: z.string(),
  vendor: z.string(),
  /** The accrual's amount. */
  accruedCents: z.number().int(),
  /** What remained open on it when this payment was recorded. */
  openCents: z.number().int(),
  paidCents: z.number().int(),
  /** Paid − open: above zero the accrual was too low, below zero too high. */
  differenceCents: z.number().int(),
  reason: z.string().nullable(),
  paidOn: z.string(),
  reference: z.string(),
  recordedByName: z.string(),
  recordedAt: z.string(),
})
export type LiquidationVariance = z.infer<typeof LiquidationVarianceSchema>
export const LiquidationVarianceListResponseSchema = z.object({ data: z.array(LiquidationVarianceSchema) })

/** Accrued minus cleared (liquidations); what was written off is shown apart. */
export const VarianceSchema = z.object({
  accruedCents: z.number().int(),
  clearedCents: z.number().int(),
  writtenOffCents: z.number().int(),
  varianceCents: z.number().int(),
  /** What is still open: accrued − cleared − written off. */
  remainingCents: z.number().int(),
})

/** A request of the same cycle that looks like this one. */
export const DuplicateCandidateSchema = z.object({
  id: z.number().int(),
  state: AccrualStateSchema,
  vendor: z.string(),
  poNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  amountCents: z.number().int(),
  /** `po_invoice` or `vendor_amount`. */
  reason: z.enum(['po_invoice', 'vendor_amount']),
})

/** What the signed-in person may do to the request now (the screens show only these buttons). */
export const AccrualActionsSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  siteApprove: z.boolean(),
  approve: z.boolean(),
  return: z.boolean(),
  reject: z.boolean(),
  withdraw: z.boolean(),
  liquidate: z.boolean(),
  writeOff: z.boolean(),
  attach: z.boolean(),
  /** A controller at the site may give the request to another holder. */
  handOver: z.boolean(),
})
export type AccrualActions = z.infer<typeof AccrualActionsSchema>

export const AccrualDetailSchema = AccrualSummarySchema.extend({
  accrualAccount: z.string().nullable(),
  forGoods: z.boolean(),
  servicePeriodFrom: z.string().nullable(),
  servicePeriodTo: z.string().nullable(),
  basisNote: z.string().nullable(),
  duplicateNote: z.string().nullable(),
  restrictedJustification: z.string().nullable(),
  lines: z.array(AccrualLineSchema),
  /** The reason of the last return, rejection or write-off. */
  lastReason: z.string().nullable(),
  siteApproverName: z.string().nullable(),
  approverName: z.string().nullable(),
  postedAt: z.string().nullable(),
  duplicates: z.array(DuplicateCandidateSchema),
  liquidations: z.array(LiquidationSchema),
  variance: VarianceSchema,
  attachments: z.array(AttachmentSchema),
  versions: z.array(AccrualVersionSchema),
  history: z.array(AccrualHistoryEntrySchema),
  actions: AccrualActionsSchema,
  /** Who may edit, submit or withdraw the request: its drafter, or whom a controller handed it to. */
  holderId: z.number().int(),
  holderName: z.string(),
  /**
   * For each step (named as in `actions`) the person holds the duty for, in the right state, but may not take: why, in
   * words ("You edited request #21, so another person with the SITE_APPROVER duty must site-approve it.").
   */
  stepReasons: StepReasonsSchema,
  /** The people the request may be handed to (only for a person who may hand it over). */
  handOverCandidates: z.array(z.object({ userId: z.number().int(), name: z.string() })),
})
export type AccrualDetail = z.infer<typeof AccrualDetailSchema>

export const AccrualListQuerySchema = z.object({
  cycleId: idParam('cycleId').optional(),
  siteId: idParam('siteId').optional(),
  type: AccrualTypeSchema.optional(),
  state: AccrualStateSchema.optional(),
  requesterId: idParam('requesterId').optional(),
  /** `me`: only the signed-in person's requests; `review`: only those waiting for a step the person may take. */
  view: z.enum(['me', 'review'], { error: 'Choose your own requests (me) or the review queue (review) (view).' }).optional(),
  /** Part of the vendor, description, PO number or invoice number. */
  search: text().trim().max(100, 'search is at most 100 characters').optional(),
  limit: countParam('limit', 1, 200).default(50),
  offset: countParam('offset', 0).default(0),
})
export type AccrualListQuery = z.infer<typeof AccrualListQuerySchema>

export const PaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
export const AccrualListResponseSchema = z.object({ data: z.array(AccrualSummarySchema), pagination: PaginationSchema })
export const AccrualResponseSchema = z.object({ data: AccrualDetailSchema })

const REASON_MESSAGE = 'Say why, in at least 5 characters (reason).'
/** A step's reason: said in a few words at least, whether left empty or too short. */
const reasonText = text(REASON_MESSAGE).trim().min(5, REASON_MESSAGE).max(1000, 'The reason is at most 1,000 characters (reason).')

/** `POST /api/accruals/{id}/hand-over`: a controller gives the request to another REQUESTER at its site, saying why. */
export const HandOverInputSchema = z.object({
  userId: id('userId', 'Choose whom to hand the request to (userId).'),
  reason: reasonText,
})
export type HandOverInput = z.infer<typeof HandOverInputSchema>

export const ReasonInputSchema = z.object({ reason: reasonText })
export type ReasonInput = z.infer<typeof ReasonInputSchema>

export const AccrualIdParamsSchema = z.object({ id: idParam('id') })

// ---- Journal ----

/**
 * The journal CSV's columns (`POST /api/accrual-cycles/{id}/journal`; the reference is also in the
 * `X-Journal-Reference` header). Amounts are dollars with two decimals; each request's entry balances, and a
 * REVERSE request's REVERSAL entry (dated July 1) mirrors its ACCRUAL entry (dated at the cut-off).
 */
export const JOURNAL_COLUMNS = [
  'journal_reference',
  'entry',
  'journal_date',
  'accrual',
  'site',
  'type',
  'account',
  'debit',
  'credit',
  'description',
] as const
export const JOURNAL_REFERENCE_HEADER = 'x-journal-reference'

export const JournalExportSchema = z.object({
  reference: z.string(),
  cycleId: z.number().int(),
  requestCount: z.number().int(),
  /** The accrual entries' debits (equal to their credits). */
  amountCents: z.number().int(),
  exportedAt: z.string(),
  exportedByName: z.string(),
})
export type JournalExport = z.infer<typeof JournalExportSchema>
export const JournalExportListResponseSchema = z.object({ data: z.array(JournalExportSchema) })
export const JournalReferenceParamsSchema = z.object({
  id: idParam('id'),
  reference: text().regex(/^[A-Z0-9-]{1,60}$/, 'not a journal reference'),
})

// ---- Import ----

/**
 * The template's columns (CSV or the first sheet of an XLSX), one request with one line per row. `amount` is in
 * dollars (e.g. 1234.56); `for_goods` is yes/no; dates are YYYY-MM-DD; `accrual_account` only for OTHER.
 */
export const IMPORT_COLUMNS = [
  'site',
  'type',
  'clearing',
  'for_goods',
  'vendor',
  'description',
  'po_number',
  'invoice_number',
  'received_on',
  'service_from',
  'service_to',
  'basis',
  'basis_note',
  'account',
  'amount',
  'accrual_account',
  'duplicate_note',
  'restricted_justification',
] as const
/** Columns a file must have (the others may be left out). */
export const IMPORT_REQUIRED_COLUMNS = ['site', 'type', 'clearing', 'vendor', 'description', 'basis', 'account', 'amount'] as const
export const ACCRUAL_IMPORT_MAX_ROWS = 5_000
export const ACCRUAL_IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const AccrualImportQuerySchema = z.object({
  cycleId: idParam('cycleId', 'Choose the cycle to import into (cycleId).'),
  apply: z
    .enum(['true', 'false'], { error: 'Say whether to apply the import: true or false (apply).' })
    .default('false')
    .transform((value) => value === 'true'),
})

export const AccrualImportRowSchema = z.object({
  line: z.number().int(),
  site: z.string(),
  type: z.string(),
  vendor: z.string(),
  amountCents: z.number().int().nullable(),
  action: z.enum(['create', 'reject']),
  /** Why the row is refused (reject), or what is flagged (create). */
  reasons: z.array(z.string()),
  /** The draft created (only once applied). */
  id: z.number().int().nullable(),
})
export type AccrualImportRow = z.infer<typeof AccrualImportRowSchema>

/** Preview (apply=false) saves nothing; apply=true saves every accepted row as a DRAFT in one transaction. */
export const AccrualImportResponseSchema = z.object({
  applied: z.boolean(),
  summary: z.object({ create: z.number().int(), reject: z.number().int() }),
  rows: z.array(AccrualImportRowSchema),
})
export type AccrualImportResponse = z.infer<typeof AccrualImportResponseSchema>

// ---- The person's duties ----

export const AccrualDutiesResponseSchema = z.object({
  data: z.object({
    isAdmin: z.boolean(),
    duties: z.array(z.object({ duty: z.string(), siteIds: z.array(z.number().int()).nullable() })),
  }),
})
