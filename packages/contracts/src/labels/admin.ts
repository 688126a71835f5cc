import type { LabelTable } from '../labels.js'

/** The words for the codes people read in User Management, Application Management, Email Administration and Server Monitoring. */
export const adminLabels = {} as const satisfies LabelTable
