import type { LabelTable } from '../labels.js'

/** The words for the codes people read in Payment Receipts. */
export const receiptsLabels = {} as const satisfies LabelTable
