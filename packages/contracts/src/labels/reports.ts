import type { LabelTable } from '../labels.js'

/** The words for the codes people read in Reports Studio. */
export const reportsLabels = {} as const satisfies LabelTable
