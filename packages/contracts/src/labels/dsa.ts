import type { LabelTable } from '../labels.js'

/** The words for the codes people read in the DSA Project Tracker. */
export const dsaLabels = {} as const satisfies LabelTable
