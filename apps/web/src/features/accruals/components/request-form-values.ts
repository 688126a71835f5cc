import { schemaResolver } from '@mantine/form'
import {
  AccrualInputSchema,
  isRestrictedResource,
  type AccrualDetail,
  type AccrualInput,
  type AccrualType,
  type Basis,
  type Clearing,
} from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { formMessage } from '@/lib/schema-errors'

export type LineDraft = { key: number; account: string; amount: string }

/** What the request form holds: amounts as the dollars typed, choices and dates as text until sent. */
export interface RequestFormValues {
  cycleId: string | null
  siteId: string | null
  type: AccrualType
  accrualAccount: string
  clearing: Clearing
  forGoods: boolean
  vendor: string
  description: string
  poNumber: string
  invoiceNumber: string
  receivedOn: string
  servicePeriodFrom: string
  servicePeriodTo: string
  basis: Basis
  basisNote: string
  amount: string
  lines: LineDraft[]
  duplicateNote: string
  restrictedJustification: string
}

let nextLineKey = 1
/** A key for a new line, so a removed line's field errors never move to the next. */
export const newLineKey = () => nextLineKey++

const dollars = (cents: number) => formatCents(cents).replace(/[$,]/g, '')

/** The form's starting values: empty for a new request, the request's content for an edit. */
export function initialValues(existing: AccrualDetail | null): RequestFormValues {
  return {
    cycleId: existing ? String(existing.cycleId) : null,
    siteId: existing ? String(existing.siteId) : null,
    type: existing?.type ?? 'PAYABLE',
    accrualAccount: existing?.accrualAccount ?? '',
    clearing: existing?.clearing ?? 'REVERSE',
    forGoods: existing?.forGoods ?? false,
    vendor: existing?.vendor ?? '',
    description: existing?.description ?? '',
    poNumber: existing?.poNumber ?? '',
    invoiceNumber: existing?.invoiceNumber ?? '',
    receivedOn: existing?.receivedOn ?? '',
    servicePeriodFrom: existing?.servicePeriodFrom ?? '',
    servicePeriodTo: existing?.servicePeriodTo ?? '',
    basis: existing?.basis ?? 'ACTUAL',
    basisNote: existing?.basisNote ?? '',
    amount: existing ? dollars(existing.amountCents) : '',
    lines: existing
      ? existing.lines.map((line) => ({ key: newLineKey(), account: line.account, amount: dollars(line.amountCents) }))
      : [{ key: newLineKey(), account: '', amount: '' }],
    duplicateNote: existing?.duplicateNote ?? '',
    restrictedJustification: existing?.restrictedJustification ?? '',
  }
}

export const restrictedLines = (values: RequestFormValues) =>
  values.lines.some((line) => line.account && isRestrictedResource(line.account))

/**
 * The request as the API takes it. Dollars that do not read as an amount go as 0, so the contract still names every
 * other problem; `validateRequest` says what is wrong with them on their own fields.
 */
export function toInput(
  values: RequestFormValues,
  context: { cycleId: number | null; siteId: string | null; askDuplicateNote: boolean; version: number | null },
): AccrualInput {
  return {
    cycleId: context.cycleId ?? 0,
    siteId: context.siteId ? Number(context.siteId) : 0,
    type: values.type,
    accrualAccount: values.type === 'OTHER' ? values.accrualAccount || null : null,
    clearing: values.clearing,
    forGoods: values.type === 'PAYABLE' ? values.forGoods : false,
    vendor: values.vendor,
    description: values.description,
    poNumber: values.poNumber || null,
    invoiceNumber: values.invoiceNumber || null,
    receivedOn: values.receivedOn || null,
    servicePeriodFrom: values.servicePeriodFrom || null,
    servicePeriodTo: values.servicePeriodTo || null,
    basis: values.basis,
    basisNote: values.basisNote || null,
    amountCents: parseDollars(values.amount) ?? 0,
    lines: values.lines.map((line) => ({ account: line.account, amountCents: parseDollars(line.amount) ?? 0 })),
    duplicateNote: context.askDuplicateNote ? values.duplicateNote || null : null,
    restrictedJustification: restrictedLines(values) ? values.restrictedJustification || null : null,
    // The version this form was opened on: the server refuses the edit if the request changed since.
    ...(context.version !== null ? { version: context.version } : {}),
  }
}

const resolve = schemaResolver(AccrualInputSchema, { sync: true })

/** The contract's field path as the form's: amounts are typed in dollars in `amount` fields. */
const formPath = (path: string) => path.replace(/(^|\.)amountCents$/, '$1amount')

/**
 * The form's errors, field by field: the contract's own messages (the server's checks on the shape), the amounts typed,
 * and the justification a restricted resource needs (the server's rule, known here from the account alone).
 */
export function validateRequest(values: RequestFormValues, context: Parameters<typeof toInput>[1]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [path, message] of Object.entries(resolve(toInput(values, context)))) {
    if (message) errors[formPath(path)] = formMessage(String(message))
  }
  let amountsRead = true
  if (parseDollars(values.amount) === null) {
    errors.amount = values.amount.trim() ? 'Enter the amount in dollars, such as 1250.00.' : 'Enter the amount to accrue, such as 1250.00.'
    amountsRead = false
  }
  values.lines.forEach((line, index) => {
    if (parseDollars(line.amount) === null) {
      errors[`lines.${index}.amount`] = 'Enter the line’s amount in dollars, such as 1250.00.'
      amountsRead = false
    }
  })
  // Whether the lines add up is judged once every amount reads as one.
  if (!amountsRead && errors.lines?.startsWith('The lines add up')) delete errors.lines
  if (context.askDuplicateNote && !values.duplicateNote.trim())
    errors.duplicateNote = 'Say why this request is not a duplicate of the other one, then save again.'
  if (restrictedLines(values) && !values.restrictedJustification.trim())
    errors.restrictedJustification = 'A line charges a restricted resource: say why the accrual may be charged to it.'
  return errors
}

/** The field a rule the server refused names, by the refusal's code; null when it concerns the whole request. */
export function fieldOfRefusal(code: string): keyof RequestFormValues | null {
  switch (code) {
    case 'possible_duplicate':
      return 'duplicateNote'
    case 'justification_required':
      return 'restrictedJustification'
    case 'received_after_cutoff':
      return 'receivedOn'
    case 'accrual_account_missing':
      return 'type'
    case 'invalid_account':
      return 'lines'
    default:
      return null
  }
}

/** A form error as text, for fields that take only text (the account picker). */
export const fieldError = (error: unknown): string | null => (typeof error === 'string' ? error : null)
