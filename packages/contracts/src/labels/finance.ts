import type { LabelTable } from '../labels.js'
import { accrualsLabels } from './accruals.js'
import { receiptsLabels } from './receipts.js'
import { recordsLabels } from './records.js'

/** The words for the codes people read in the finance foundation (sites, accounts, duties, My queue, the overview). */
export const financeLabels = {
  /** Which application a My queue item or an overview section belongs to. */
  application: {
    FINANCE: 'Finance setup',
    PAYMENT_RECEIPTS: 'Payment Receipts',
    ACCRUALS: 'Accruals',
    PUBLIC_INFO: 'Public Information',
  },
  /**
   * Every fiscal application's duties, for the shared checks (a step's duty, separation of duties) that name a duty
   * without knowing its application. The applications share only Viewer, which has the same words in each.
   */
  duty: { ...receiptsLabels.duty, ...accrualsLabels.duty, ...recordsLabels.duty },
  /** What the chart of accounts import does with one line of the file (a segment value or an account string). */
  chartImportAction: { create: 'New', update: 'Changed', unchanged: 'Unchanged', reject: 'Rejected' },
  /** What a deposit in each state waits for, as the overview counts them. */
  depositWaitingFor: {
    OPEN: 'Waiting to be counted',
    COUNTED: 'Waiting for approval',
    APPROVED: 'Waiting to go to the treasury',
    SUBMITTED: 'Waiting for the treasury reference',
    CONFIRMED: 'Waiting to be reconciled',
  },
  accrualType: {
    PAYABLE: 'Payables',
    RECEIVABLE: 'Receivables',
    UNEARNED_REVENUE: 'Unearned revenue',
    PAYROLL: 'Payroll',
    OTHER: 'Other accruals',
  },
  /** Where an accrual request stands, as the overview counts a cycle's progress. */
  accrualProgress: {
    DRAFT: 'Drafts not yet submitted',
    RETURNED: 'Returned for correction',
    SUBMITTED: 'Waiting for site approval',
    SITE_APPROVED: 'Waiting for fiscal review',
    APPROVED: 'Approved, not yet posted',
    POSTED: 'Posted',
  },
} as const satisfies LabelTable
