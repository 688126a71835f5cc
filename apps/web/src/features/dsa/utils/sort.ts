import type { DSA_SORT_FIELDS } from '@platform/contracts/dsa'

type SortField = (typeof DSA_SORT_FIELDS)[number]
export interface Sort {
  sort: SortField
  order: 'asc' | 'desc'
}

/** The server's default order (DsaProjectsQuerySchema). */
export const DEFAULT_SORT: Sort = { sort: 'projectName', order: 'asc' }

/** Amounts and times are most useful largest or newest first; names and codes read A to Z. */
const FIRST_ORDER: Record<SortField, Sort['order']> = {
  projectName: 'asc',
  projectNumber: 'asc',
  clientId: 'asc',
  projectStatus: 'asc',
  constructionCost: 'desc',
  scrapedAt: 'desc',
}

/** A click on a column header: the same column flips its order; another column starts in its natural order. */
export function nextSort(current: Sort, field: SortField): Sort {
  if (current.sort === field) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' }
  return { sort: field, order: FIRST_ORDER[field] }
}
