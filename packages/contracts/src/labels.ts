/*
 * The words a person reads for each code the platform stores: states, reasons, types, duties and field names. Every
 * screen and message takes them from here, so that a code never reaches a person and one thing has one name
 * everywhere. Each application keeps its own table in labels/<application>.ts.
 */

import { accrualsLabels } from './labels/accruals.js'
import { adminLabels } from './labels/admin.js'
import { auditLabels } from './labels/audit.js'
import { dsaLabels } from './labels/dsa.js'
import { financeLabels } from './labels/finance.js'
import { financeSetupLabels } from './labels/finance-setup.js'
import { receiptsLabels } from './labels/receipts.js'
import { recordsLabels } from './labels/records.js'
import { reportsLabels } from './labels/reports.js'

/** One kind of code (a state, a reason, a field name) and the words for each of its values. */
export type LabelGroup = Readonly<Record<string, string>>
/** An application's label groups by name. */
export type LabelTable = Readonly<Record<string, LabelGroup>>

export const LABELS = {
  accruals: accrualsLabels,
  admin: adminLabels,
  audit: auditLabels,
  dsa: dsaLabels,
  finance: financeLabels,
  financeSetup: financeSetupLabels,
  receipts: receiptsLabels,
  records: recordsLabels,
  reports: reportsLabels,
} as const satisfies Record<string, LabelTable>

/**
 * A code spelled as words, for a code the table does not name yet: 'FIELD_FACILITIES' → 'Field facilities',
 * 'extendedDueOn' → 'Extended due on'. Better than the code; the table's own words are better still.
 */
export function spelledOut(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The words for a code in a group; the code spelled out when the group does not have it. */
export function labelOf(group: LabelGroup, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return ''
  return group[code] ?? spelledOut(code)
}
