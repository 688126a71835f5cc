import { z } from 'zod'
import { endOfDistrictDay } from './deadline.js'
import { localDate } from './finance-fiscal-year.js'
import { calendarDay, id, idParam, stated, text } from './input.js'
import { AccountStringSchema } from './finance-account.js'
import { AmountCentsSchema, formatCents, positiveAmountCents } from './finance-money.js'
import { StepReasonsSchema } from './finance.js'
import { receiptsLabels } from './labels/receipts.js'

/** Payment Receipts: receipts with gapless numbers, blind-counted deposits, returned checks. */
export const RECEIPTS_APP = 'PAYMENT_RECEIPTS'

/** 'cash, check or money order': the choices of a group in words, for a message. */
const choices = <Code extends string>(group: Readonly<Record<Code, string>>, codes: readonly Code[]) => {
  const words = codes.map((code) => group[code].charAt(0).toLowerCase() + group[code].slice(1))
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '')
}

export const TENDERS = ['CASH', 'CHECK', 'MONEY_ORDER'] as const
export const TenderSchema = z.enum(TENDERS, { error: `Choose how it was paid: ${choices(receiptsLabels.tender, TENDERS)} (tender).` })
export type Tender = z.infer<typeof TenderSchema>

export const RECEIPT_STATES = ['ISSUED', 'DEPOSITED', 'VOIDED', 'RETURNED'] as const
export type ReceiptState = (typeof RECEIPT_STATES)[number]

export const DEPOSIT_STATES = ['OPEN', 'COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED', 'RECONCILED'] as const
export type DepositState = (typeof DEPOSIT_STATES)[number]

/** The greatest number of lines a receipt may split into, and of receipts in one deposit. */
export const MAX_RECEIPT_LINES = 50
export const MAX_DEPOSIT_RECEIPTS = 5000

/** `LHS-2025-26-000042`: the site's code, the fiscal year, and the six-digit sequence within them. */
export function receiptNumber(siteCode: string, fiscalYear: string, sequence: number): string {
  return `${siteCode}-${fiscalYear}-${String(sequence).padStart(6, '0')}`
}

/** `LHS-2025-26-D0004`: a deposit's label, from its site, fiscal year and id. */
export function depositLabel(siteCode: string, fiscalYear: string, id: number): string {
  return `${siteCode}-${fiscalYear}-D${String(id).padStart(4, '0')}`
}

// The forms show these messages beside their fields as they are: what to enter, and the field's name for the API.

/** An amount in a message: dollars, or the cents as sent when they are not whole (refused on their own field). */
const money = (cents: number) => (Number.isSafeInteger(cents) ? formatCents(cents) : `${cents} cents`)

const LINE_ACCOUNT_MESSAGE = 'Choose the line’s account from the chart (account).'
/** One line of a receipt (the form checks each line with it, beside the line's fields). */
export const ReceiptLineInputSchema = z.object({
  account: z.string({ error: LINE_ACCOUNT_MESSAGE }).trim().min(1, LINE_ACCOUNT_MESSAGE).pipe(AccountStringSchema),
  amountCents: positiveAmountCents('Enter the line’s amount, more than zero (amountCents).'),
})
export type ReceiptLineInput = z.infer<typeof ReceiptLineInputSchema>

const LINES_MESSAGE = 'Give the receipt at least one line (lines).'
export const ReceiptInputSchema = z
  .object({
    siteId: id('siteId', 'Choose the site where the money was received (siteId).'),
    payer: stated('Enter whom the money was received from (payer).', 'The payer', 200),
    tender: TenderSchema,
    checkNumber: text().trim().max(40, 'The check number is at most 40 characters.').nullish(),
    purpose: stated('Enter what the money is for (purpose).', 'The purpose', 500),
    amountCents: positiveAmountCents('Enter the amount received, more than zero (amountCents).'),
    lines: z
      .array(ReceiptLineInputSchema, { error: LINES_MESSAGE })
      .min(1, LINES_MESSAGE)
      .max(MAX_RECEIPT_LINES, `Split the receipt into at most ${MAX_RECEIPT_LINES} lines (lines).`),
  })
  .superRefine((input, context) => {
    if (input.tender === 'CHECK' && !input.checkNumber)
      context.addIssue({ code: 'custom', path: ['checkNumber'], message: 'Enter the check number (checkNumber).' })
    const total = input.lines.reduce((sum, line) => sum + line.amountCents, 0)
    if (total !== input.amountCents) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `The lines add up to ${money(total)}, not the receipt’s ${money(input.amountCents)} (lines).`,
      })
    }
  })
export type ReceiptInput = z.infer<typeof ReceiptInputSchema>

export const ReceiptLineSchema = z.object({ account: z.string(), amountCents: z.number().int() })

export const ReceiptSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  siteId: z.number().int(),
  siteCode: z.string(),
  fiscalYear: z.string(),
  sequence: z.number().int(),
  state: z.enum(RECEIPT_STATES),
  payer: z.string(),
  tender: TenderSchema,
  checkNumber: z.string().nullable(),
  purpose: z.string(),
  /** Null for a COUNTER who has not counted the deposit holding it (the count is blind). */
  amountCents: z.number().int().nullable(),
  issuedAt: z.string(),
  issuedOn: z.string(),
  collectorId: z.number().int(),
  collectorName: z.string(),
  depositId: z.number().int().nullable(),
})
export type ReceiptSummary = z.infer<typeof ReceiptSummarySchema>

export const CorrectionSchema = z.object({
  id: z.number().int(),
  kind: z.literal('RETURNED_CHECK'),
  reason: z.string(),
  amountCents: z.number().int(),
  lines: z.array(ReceiptLineSchema),
  recordedBy: z.number().int(),
  recordedByName: z.string(),
  recordedAt: z.string(),
})
export type Correction = z.infer<typeof CorrectionSchema>

export const HistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  outcome: z.string(),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
})
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>

/** What the signed-in person may do to the record now (the screens show only these buttons). */
export const ReceiptActionsSchema = z.object({ void: z.boolean(), returnCheck: z.boolean(), attach: z.boolean() })

export const ReceiptDetailSchema = ReceiptSummarySchema.extend({
  lines: z.array(ReceiptLineSchema).nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedByName: z.string().nullable(),
  correction: CorrectionSchema.nullable(),
  history: z.array(HistoryEntrySchema),
  actions: ReceiptActionsSchema,
  /** Why a step the person holds the duty for (void, returnCheck) is not offered to them (separation of duties). */
  stepReasons: StepReasonsSchema,
})
export type ReceiptDetail = z.infer<typeof ReceiptDetailSchema>

/** A day as YYYY-MM-DD; `message` words it for a form (what to enter, and the field). */
const isoDay = calendarDay

export const ReceiptListQuerySchema = z.object({
  siteId: idParam('siteId').optional(),
  state: z.enum(RECEIPT_STATES, { error: `Choose a state: ${choices(receiptsLabels.receiptState, RECEIPT_STATES)} (state).` }).optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
  /** Part of the payer's name or of the number. */
  search: text().trim().max(100).optional(),
  /** Only receipts not yet in a deposit (the deposit builder). */
  undeposited: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ReceiptListQuery = z.infer<typeof ReceiptListQuerySchema>

export const PaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
export const ReceiptListResponseSchema = z.object({ data: z.array(ReceiptSummarySchema), pagination: PaginationSchema })
export const ReceiptResponseSchema = z.object({ data: ReceiptDetailSchema })

const REASON_MESSAGE = 'Say why, in at least 5 characters (reason).'
export const ReasonInputSchema = z.object({ reason: stated(REASON_MESSAGE, 'The reason', 500).min(5, REASON_MESSAGE) })

// ---- Deposits ----

export const DepositInputSchema = z.object({
  siteId: id('siteId', 'Choose the site whose receipts are deposited (siteId).'),
  receiptIds: z
    .array(id('receiptIds'), { error: 'Choose the receipts to deposit (receiptIds).' })
    .min(1, 'Choose at least one receipt to deposit (receiptIds).')
    .max(MAX_DEPOSIT_RECEIPTS, `A deposit holds at most ${MAX_DEPOSIT_RECEIPTS.toLocaleString('en-US')} receipts (receiptIds).`)
    .refine((ids) => new Set(ids).size === ids.length, 'A receipt is chosen twice (receiptIds).'),
})
export type DepositInput = z.infer<typeof DepositInputSchema>

/** US currency the counter counts, bills and coins, in cents. */
export const DENOMINATIONS_CENTS = [10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5, 1] as const

const PIECES_MESSAGE = 'Enter how many pieces, a whole number (count).'
/** The pieces of one bill or coin counted (the form checks each denomination with it, beside its field). */
export const CashCountInputSchema = z.object({
  denominationCents: z.union(
    DENOMINATIONS_CENTS.map((value) => z.literal(value)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>],
    {
      error: `Count US bills and coins only: ${DENOMINATIONS_CENTS.map((cents) => formatCents(cents)).join(', ')} (denominationCents).`,
    },
  ),
  count: z
    .number({ error: PIECES_MESSAGE })
    .int(PIECES_MESSAGE)
    .min(0, 'Enter 0 or more pieces (count).')
    .max(1_000_000, 'Enter at most 1,000,000 pieces (count).'),
})
/** One check counted (the form checks each with it, beside its field). */
export const CheckCountInputSchema = z.object({
  receiptId: id('receiptId'),
  amountCents: positiveAmountCents('Enter the amount written on the check, more than zero (amountCents).'),
})
export const CountInputSchema = z.object({
  cash: z
    .array(CashCountInputSchema)
    .max(DENOMINATIONS_CENTS.length * 2)
    .refine((rows) => new Set(rows.map((row) => row.denominationCents)).size === rows.length, 'A bill or coin is counted twice (cash).'),
  checks: z
    .array(CheckCountInputSchema)
    .max(MAX_DEPOSIT_RECEIPTS)
    .refine((rows) => new Set(rows.map((row) => row.receiptId)).size === rows.length, 'A check is counted twice (checks).'),
  bagNumber: stated('Enter the number on the deposit bag (bagNumber).', 'The bag number', 40),
  note: text().trim().max(1000, 'The note is at most 1,000 characters.').nullish(),
  /** The deposit's version the counter's screen was built from: a deposit changed since (a receipt voided out) is counted again. */
  version: z
    .number({ error: 'Send the version of the deposit you counted (version).' })
    .int('The version of the deposit is a whole number (version).')
    .min(1)
    .max(2_147_483_647),
})
export type CountInput = z.infer<typeof CountInputSchema>

export const ConfirmInputSchema = z.object({
  treasuryReference: stated('Enter the treasury’s reference for the deposit (treasuryReference).', 'The treasury reference', 80),
  confirmedOn: isoDay('confirmedOn', 'Enter the day the treasury confirmed the deposit (confirmedOn, YYYY-MM-DD).'),
})
export const ReconcileInputSchema = z.object({
  statementReference: stated(
    'Enter the bank or county statement the deposit appears on (statementReference).',
    'The statement reference',
    80,
  ),
  note: text().trim().max(1000, 'The note is at most 1,000 characters.').nullish(),
})

export const DepositActionsSchema = z.object({
  count: z.boolean(),
  approve: z.boolean(),
  submit: z.boolean(),
  confirm: z.boolean(),
  reconcile: z.boolean(),
})

export const CountLineSchema = z.object({ denominationCents: z.number().int(), count: z.number().int() })
export const CountCheckSchema = z.object({ receiptId: z.number().int(), number: z.string(), amountCents: z.number().int() })

export const DepositSummarySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  siteId: z.number().int(),
  siteCode: z.string(),
  state: z.enum(DEPOSIT_STATES),
  /** The expected total; null for the counter until the count is saved. */
  amountCents: z.number().int().nullable(),
  countedCents: z.number().int().nullable(),
  overShortCents: z.number().int().nullable(),
  receiptCount: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  confirmedOn: z.string().nullable(),
})
export type DepositSummary = z.infer<typeof DepositSummarySchema>

export const DepositDetailSchema = DepositSummarySchema.extend({
  receipts: z.array(ReceiptSummarySchema),
  cash: z.array(CountLineSchema),
  checks: z.array(CountCheckSchema),
  bagNumber: z.string().nullable(),
  countNote: z.string().nullable(),
  countedByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  treasuryReference: z.string().nullable(),
  statementReference: z.string().nullable(),
  reconciledByName: z.string().nullable(),
  /** Checks the counter lists: receipt ids and numbers without amounts (shown before the count is saved). */
  checksToCount: z.array(z.object({ receiptId: z.number().int(), number: z.string(), checkNumber: z.string().nullable() })),
  history: z.array(HistoryEntrySchema),
  actions: DepositActionsSchema,
  /** Why a step the person holds the duty for, in the state for it, is not offered to them (separation of duties). */
  stepReasons: StepReasonsSchema,
  /** Moves on with every change of the deposit; a count sends the one its screen was built from. */
  version: z.number().int(),
})
export type DepositDetail = z.infer<typeof DepositDetailSchema>

export const DepositListQuerySchema = z.object({
  siteId: idParam('siteId').optional(),
  state: z.enum(DEPOSIT_STATES, { error: `Choose a state: ${choices(receiptsLabels.depositState, DEPOSIT_STATES)} (state).` }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export const DepositListResponseSchema = z.object({ data: z.array(DepositSummarySchema), pagination: PaginationSchema })
export const DepositResponseSchema = z.object({ data: DepositDetailSchema })

// ---- Register, undeposited cash, returned checks, exceptions, export ----

export const RegisterQuerySchema = z.object({
  siteId: idParam('siteId', 'Choose the site (siteId).'),
  fiscalYear: text('Choose the fiscal year, such as 2025-26 (fiscalYear).').regex(
    /^\d{4}-\d{2}$/,
    'Choose the fiscal year, such as 2025-26 (fiscalYear).',
  ),
})
export const RegisterEntrySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  sequence: z.number().int(),
  state: z.enum(RECEIPT_STATES),
  payer: z.string(),
  amountCents: z.number().int().nullable(),
  issuedOn: z.string(),
  depositId: z.number().int().nullable(),
})
export type RegisterEntry = z.infer<typeof RegisterEntrySchema>
export const RegisterResponseSchema = z.object({
  data: z.object({
    siteId: z.number().int(),
    siteCode: z.string(),
    fiscalYear: z.string(),
    entries: z.array(RegisterEntrySchema),
    /** Sequences missing between 1 and the last issued (always empty when the register is whole). */
    gaps: z.array(z.number().int()),
    lastSequence: z.number().int(),
    voidedCount: z.number().int(),
  }),
})

/**
 * When a site's cash is due at the bank: the end of the district day its deposit frequency after the oldest receipt's
 * district day (the calendar the receipt's own date is kept on). Screens and My queue judge it with deadlineStatus.
 */
export function depositDueAt(oldestIssuedAt: string, frequencyDays: number, timeZone: string): string {
  const [year, month, day] = localDate(new Date(oldestIssuedAt), timeZone).split('-').map(Number) as [number, number, number]
  const dueOn = new Date(Date.UTC(year, month - 1, day + frequencyDays)).toISOString().slice(0, 10)
  return endOfDistrictDay(dueOn, timeZone)
}

export const UndepositedSiteSchema = z.object({
  siteId: z.number().int(),
  siteCode: z.string(),
  siteName: z.string(),
  depositFrequencyDays: z.number().int(),
  receiptCount: z.number().int(),
  amountCents: z.number().int().nullable(),
  oldestIssuedAt: z.string(),
  ageDays: z.number().int(),
  /** Older than the site's frequency. */
  late: z.boolean(),
  /** Older than 30 days: overdue, shown in red. */
  overdue: z.boolean(),
})
export const UndepositedResponseSchema = z.object({ data: z.array(UndepositedSiteSchema) })

export const ReturnedCheckSchema = z.object({
  receiptId: z.number().int(),
  number: z.string(),
  siteId: z.number().int(),
  payer: z.string(),
  checkNumber: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  recordedAt: z.string(),
  recordedByName: z.string(),
})
export const ReturnedChecksResponseSchema = z.object({ data: z.array(ReturnedCheckSchema) })

export const EXCEPTION_KINDS = ['VOID', 'OVER_SHORT', 'RETURNED_CHECK', 'SEPARATION_EXCEPTION'] as const
export const ReceiptExceptionSchema = z.object({
  kind: z.enum(EXCEPTION_KINDS),
  at: z.string(),
  siteId: z.number().int().nullable(),
  recordLabel: z.string(),
  href: z.string(),
  amountCents: z.number().int().nullable(),
  detail: z.string(),
  personName: z.string().nullable(),
})
export const ExceptionsQuerySchema = z.object({ siteId: idParam('siteId').optional() })
export const ReceiptExceptionsResponseSchema = z.object({ data: z.array(ReceiptExceptionSchema) })

export const JournalQuerySchema = z
  .object({
    from: isoDay('from', 'Enter the first day of the journal (from, YYYY-MM-DD).'),
    to: isoDay('to', 'Enter the last day of the journal (to, YYYY-MM-DD).'),
  })
  // Only two days can be in order: a missing or malformed one is said on its own field.
  .refine((range) => range.from <= range.to, {
    message: 'Enter a first day on or before the last (from must be on or before to).',
    path: ['from'],
    when: (payload) => payload.issues.length === 0,
  })

export const SiteIdQuerySchema = z.object({ siteId: idParam('siteId').optional() })

/** The person's duties in Payment Receipts, by site (the screens decide what to offer). */
export const MyDutiesResponseSchema = z.object({
  data: z.object({
    isAdmin: z.boolean(),
    duties: z.array(z.object({ duty: z.string(), siteIds: z.array(z.number().int()).nullable() })),
  }),
})

export { AmountCentsSchema }
