import type { LabelTable } from '../labels.js'

/** The words for the codes people read in Public Information. */
export const recordsLabels = {} as const satisfies LabelTable
