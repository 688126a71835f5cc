import type { LabelTable } from '../labels.js'

/** The words for the codes people read in the DSA Project Tracker. */
export const dsaLabels = {
  /** The status the platform derives from the tracker's dates and letters. */
  projectStatus: {
    APPROVED: 'Approved',
    PENDING: 'Pending',
    'IN REVIEW': 'In review',
    REJECTED: 'Rejected',
    COMPLETED: 'Completed',
  },
  freshness: { FRESH: 'Fresh', STALE: 'Stale' },
  runStatus: { RUNNING: 'Running', SUCCESS: 'Success', FAILED: 'Failed', PARTIAL: 'Partly done' },
  trigger: { manual: 'Manual', schedule: 'Schedule' },
  costSource: { final: 'Final cost', contracted: 'Contracted amount', estimated: 'Estimated amount' },
  field: {
    clientId: 'Client',
    projectName: 'Name',
    projectNumber: 'Project number',
    projectStatus: 'Status',
    projectType: 'Type',
    constructionCost: 'Construction cost',
    scrapedAt: 'Last scraped',
    dataFreshness: 'Freshness',
  },
} as const satisfies LabelTable
