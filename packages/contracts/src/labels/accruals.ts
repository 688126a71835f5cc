import type { LabelTable } from '../labels.js'

/** The words for the codes people read in Accruals. */
export const accrualsLabels = {} as const satisfies LabelTable
