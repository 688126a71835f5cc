import { z } from 'zod'
import { id, idParam, stated, text } from './input.js'
import { ACCOUNT_SEGMENT_KEYS, AccountStringSchema } from './finance-account.js'
import { positiveAmountCents } from './finance-money.js'
import { fiscalYearDates } from './finance-fiscal-year.js'
import { financeSetupLabels } from './labels/finance-setup.js'

/** The fiscal applications that share the finance foundation, by their application codes. */
export const FISCAL_APPS = ['PAYMENT_RECEIPTS', 'ACCRUALS', 'PUBLIC_INFO'] as const
export type FiscalApp = (typeof FISCAL_APPS)[number]

/** What a person may do inside each fiscal application; VIEWER is read only. */
export const DUTIES_BY_APP = {
  PAYMENT_RECEIPTS: ['COLLECTOR', 'COUNTER', 'APPROVER', 'RECONCILER', 'VIEWER'],
  ACCRUALS: ['REQUESTER', 'SITE_APPROVER', 'FISCAL_REVIEWER', 'CONTROLLER', 'VIEWER'],
  PUBLIC_INFO: ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY', 'VIEWER'],
} as const satisfies Record<FiscalApp, readonly string[]>

/** Duties nobody may hold together at one site. */
export const INCOMPATIBLE_DUTIES: ReadonlyArray<readonly [FiscalApp, string, string]> = [['PAYMENT_RECEIPTS', 'COUNTER', 'COLLECTOR']]

export const isFiscalApp = (code: string): code is FiscalApp => (FISCAL_APPS as readonly string[]).includes(code)

// ---- Sites ----

export const SITE_KINDS = ['SCHOOL', 'OFFICE', 'OTHER'] as const

export const SiteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SITE_KINDS),
  active: z.boolean(),
  /** How many days undeposited cash may wait at this site (the county allows at most 30). */
  depositFrequencyDays: z.number().int(),
  /** Undeposited cash above this many cents must be deposited at once, whatever the frequency; null: no such limit. */
  depositThresholdCents: z.number().int().nullable(),
  /** The site's value of the chart's school-site segment (`010`): its collectors credit that segment's revenue; null: not set. */
  schoolSegment: z.string().nullable(),
})
export type Site = z.infer<typeof SiteSchema>

const SITE_CODE_MESSAGE = 'Enter a code of 2 to 10 letters or digits, as on receipts (code).'
const DEPOSIT_DAYS_MESSAGE = 'Enter how many days cash may wait, a whole number from 1 to 30.'
// The form shows these messages beside its fields as they are: what to enter, and the field's name for the API.
export const SiteInputSchema = z.object({
  code: z
    .string({ error: SITE_CODE_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, SITE_CODE_MESSAGE),
  name: stated('Enter the site’s name (name).', 'The name', 120),
  kind: z.enum(SITE_KINDS, {
    error: `Choose the kind of site: ${SITE_KINDS.map((kind) => financeSetupLabels.siteKind[kind]).join(', ')} (kind).`,
  }),
  active: z.boolean({ error: 'Say whether the site is active (yes or no).' }).default(true),
  depositFrequencyDays: z
    .number({ error: DEPOSIT_DAYS_MESSAGE })
    .int(DEPOSIT_DAYS_MESSAGE)
    .min(1, 'Enter at least 1 day.')
    .max(30, 'Enter at most 30 days: the county allows no more.'),
  depositThresholdCents: positiveAmountCents('Enter an amount above zero, or leave it empty.').nullable().default(null),
  /** Left out: left as it is. */
  schoolSegment: z
    .string({ error: 'Enter the site’s school-site segment, 3 digits as in its accounts.' })
    .trim()
    .regex(/^\d{3}$/, 'Enter the site’s school-site segment, 3 digits as in its accounts.')
    .nullable()
    .optional(),
})
export type SiteInput = z.input<typeof SiteInputSchema>

export const SiteListResponseSchema = z.object({ data: z.array(SiteSchema) })
export const SiteResponseSchema = z.object({ data: SiteSchema })
export const IdParamsSchema = z.object({ id: idParam('The id') })

// ---- Chart of accounts ----

export const SegmentKeySchema = z.enum(ACCOUNT_SEGMENT_KEYS)

/** The chart CSV's columns; rows whose segment is ACCOUNT list the valid account strings (the value). */
export const CHART_COLUMNS = ['segment', 'value', 'name', 'active'] as const
export const CHART_ACCOUNT_SEGMENT = 'ACCOUNT'
export const CHART_MAX_BYTES = 10 * 1024 * 1024
export const CHART_MAX_ROWS = 100_000

export const ChartRowSchema = z.object({
  line: z.number().int(),
  segment: z.string(),
  value: z.string(),
  name: z.string(),
  active: z.boolean().nullable(),
  action: z.enum(['create', 'update', 'unchanged', 'reject']),
  reasons: z.array(z.string()),
})
export type ChartRow = z.infer<typeof ChartRowSchema>

export const ChartImportResponseSchema = z.object({
  applied: z.boolean(),
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), reject: z.number().int() }),
  accepted: z.array(ChartRowSchema),
  rejected: z.array(ChartRowSchema),
})
export type ChartImportResponse = z.infer<typeof ChartImportResponseSchema>

export const ChartImportQuerySchema = z.object({
  apply: z
    .enum(['true', 'false'], { error: 'apply must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
})

export const AccountSearchQuerySchema = z.object({
  search: text().trim().max(100, 'search is at most 100 characters').default(''),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, 'limit is at most 100').default(20),
})

export const AccountSegmentNameSchema = z.object({ segment: SegmentKeySchema, value: z.string(), name: z.string() })

/** One account the picker offers: the string and the names of its segments. */
export const AccountOptionSchema = z.object({
  account: z.string(),
  segments: z.array(AccountSegmentNameSchema),
})
export type AccountOption = z.infer<typeof AccountOptionSchema>

export const AccountSearchResponseSchema = z.object({
  data: z.array(AccountOptionSchema),
  /** Whether the chart lists its valid combinations (otherwise any string of active segment values is valid). */
  combinationsListed: z.boolean(),
  segmentCount: z.number().int(),
})
export type AccountSearchResponse = z.infer<typeof AccountSearchResponseSchema>

export const AccountValidateQuerySchema = z.object({ account: text().trim().min(1, 'account is required').max(40) })
export const AccountValidateResponseSchema = z.object({ account: z.string(), valid: z.boolean(), problems: z.array(z.string()) })

// ---- District settings: posting accounts ----

export const FUND_CODE = /^\d{2}$/

export const PostingAccountsSchema = z.object({
  /** The cash account of each fund, by fund code (county treasury, or a bank clearing account). */
  cashAccounts: z.record(z.string().regex(FUND_CODE, 'a fund is 2 digits'), AccountStringSchema).default({}),
  /** Bank clearing accounts (cafeteria and other clearing funds, Ed Code 41017), by fund code. */
  clearingAccounts: z.record(z.string().regex(FUND_CODE, 'a fund is 2 digits'), AccountStringSchema).default({}),
  /** The cash over/short account of each fund, by fund code: a deposit counted over or short posts the difference there. */
  overShortAccounts: z.record(z.string().regex(FUND_CODE, 'a fund is 2 digits'), AccountStringSchema).default({}),
  /** The accrual account of each accrual type (Accruals uses these). */
  accrualAccounts: z
    .record(
      text()
        .trim()
        .regex(/^[A-Z_]{2,40}$/, 'an accrual type is upper-case letters and _'),
      AccountStringSchema,
    )
    .default({}),
})
export type PostingAccounts = z.output<typeof PostingAccountsSchema>

export const FinanceSettingsResponseSchema = z.object({
  districtTimeZone: z.string(),
  currentFiscalYear: z.string(),
  /** No receipt, payment, confirmation or request date may fall before this fiscal year's first day. */
  earliestFiscalYear: z.string(),
  postingAccounts: PostingAccountsSchema,
})
export type FinanceSettingsResponse = z.infer<typeof FinanceSettingsResponseSchema>

/** The district's window of dates: the earliest fiscal year whose records the platform takes. */
export const FinanceWindowInputSchema = z.object({
  earliestFiscalYear: text('Enter a fiscal year such as 2019-20.')
    .trim()
    .refine((value) => fiscalYearDates(value) !== null, 'Enter a fiscal year such as 2019-20.'),
})
export type FinanceWindowInput = z.infer<typeof FinanceWindowInputSchema>

/**
 * Why each step a person holds the duty for, on a record in the state for it, is not offered to them, in the words the
 * screen shows beside the disabled button (separation of duties, a record that is not theirs). Steps absent: offered,
 * or not theirs to take at all.
 */
export const StepReasonsSchema = z.record(z.string(), z.string())
export type StepReasons = z.infer<typeof StepReasonsSchema>

// ---- Duties ----

export const DutyInputSchema = z.object({
  appId: id('The application', 'Choose the application.'),
  duty: text('Choose the duty.').trim().toUpperCase().min(1, 'Choose the duty.'),
  /** null: every site. */
  siteIds: z.array(id('A site')).max(500, 'Choose at most 500 sites, or every site.').nullable(),
})
export type DutyInput = z.input<typeof DutyInputSchema>

export const DutySchema = z.object({
  appId: z.number().int(),
  appCode: z.string(),
  duty: z.string(),
  siteIds: z.array(z.number().int()).nullable(),
})
export type Duty = z.infer<typeof DutySchema>

// ---- Separation-of-duties exceptions ----

export const ExceptionInputSchema = z.object({
  appId: id('The application', 'Choose the application.'),
  recordId: z.union([text().trim().min(1).max(100), id('The record')], { error: 'Name the record.' }).transform(String),
  step: text('Name the step.').trim().min(1, 'Name the step.').max(60, 'A step’s name is at most 60 characters.'),
  userId: id('The person', 'Choose the person.'),
  reason: text('Say why no one else can take this step.')
    .trim()
    .min(10, 'Say why no one else can take this step, in at least 10 characters.')
    .max(1000, 'The reason is at most 1,000 characters.'),
})

export const ExceptionSchema = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  appCode: z.string(),
  recordId: z.string(),
  step: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  reason: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
})
export type SeparationException = z.infer<typeof ExceptionSchema>

/**
 * A step the server refused for separation of duties (from the audit log): what a super administrator looks at before
 * recording an exception, which must name exactly this application, record, step and person.
 */
export const SeparationRefusalSchema = z.object({
  auditId: z.number().int(),
  at: z.string(),
  appId: z.number().int(),
  appCode: z.string(),
  recordId: z.string(),
  step: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  /** The parts the person played in the record (collector, requester, drafter, …). */
  conflicts: z.array(z.string()),
  /** An exception for this application, record, step and person was recorded after the refusal. */
  exceptionRecorded: z.boolean(),
})
export type SeparationRefusal = z.infer<typeof SeparationRefusalSchema>
export const SeparationRefusalListResponseSchema = z.object({ data: z.array(SeparationRefusalSchema) })

export const ExceptionListQuerySchema = z.object({ appId: idParam('appId').optional() })
export const ExceptionListResponseSchema = z.object({ data: z.array(ExceptionSchema) })
export const ExceptionResponseSchema = z.object({ data: ExceptionSchema })

// ---- Attachments ----

export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024
export const ATTACHMENT_TYPES = ['PDF', 'PNG', 'JPEG', 'XLSX', 'DOCX', 'CSV', 'TXT'] as const

export const AttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedBy: z.number().int(),
  uploadedByName: z.string(),
  uploadedAt: z.string(),
})
export type Attachment = z.infer<typeof AttachmentSchema>

export const AttachmentOwnerParamsSchema = z.object({
  appCode: z.string().toUpperCase().max(40),
  recordType: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'recordType is lower-case letters, digits, - and _'),
  recordId: text().trim().min(1).max(100),
})
export const AttachmentUploadQuerySchema = z.object({
  fileName: text('Name the file.').trim().min(1, 'Name the file.').max(200, 'A file name is at most 200 characters.'),
})
export const AttachmentListResponseSchema = z.object({ data: z.array(AttachmentSchema) })
export const AttachmentResponseSchema = z.object({ data: AttachmentSchema })

// ---- My queue ----

export const QueueItemSchema = z.object({
  /** Unique within the queue, e.g. `PAYMENT_RECEIPTS:deposit:42:count`. */
  key: z.string(),
  appCode: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  /** Where the person acts on it (a path in the web app). */
  href: z.string(),
  /** When it is due (ISO-8601); null for work without a deadline, listed last. */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
})
export type QueueItem = z.infer<typeof QueueItemSchema>
export const MyQueueResponseSchema = z.object({ data: z.array(QueueItemSchema) })
export type MyQueueResponse = z.infer<typeof MyQueueResponseSchema>
