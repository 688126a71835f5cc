import type { LabelTable } from '../labels.js'

/** The words for the codes people read in the finance foundation (sites, accounts, duties, My queue). */
export const financeLabels = {} as const satisfies LabelTable
