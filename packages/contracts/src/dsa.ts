import { z } from 'zod'
import { countParam, idParam, text } from './input.js'
import { PaginationSchema } from './users.js'
import { dsaLabels } from './labels/dsa.js'

/** The default clients (San Diego Unified has two client ids on the tracker). */
export const DEFAULT_DSA_CLIENTS = [
  { clientId: '37-H9', label: 'main' },
  { clientId: '37-58', label: 'secondary' },
] as const

/** The Database View shows 50 projects a page. */
export const DSA_PAGE_SIZE = 50
/** The statistics show the 10 most common statuses. */
export const DSA_STATUS_BREAKDOWN_SIZE = 10

/** The tracker has no status of its own: the platform derives one from its dates and letters. */
export const DSA_STATUSES = ['APPROVED', 'PENDING', 'IN REVIEW', 'REJECTED', 'COMPLETED'] as const
export const DsaStatusSchema = z.enum(DSA_STATUSES)
export type DsaStatus = z.infer<typeof DsaStatusSchema>

export const DATA_FRESHNESS = ['FRESH', 'STALE'] as const

/** Which of the tracker's three amounts `constructionCost` is. */
export const COST_SOURCES = ['final', 'contracted', 'estimated'] as const

/**
 * A client id is a county number, optionally a dash and the district's code. Real ids look like 37-H9, 37-58, 37-H10,
 * 37-LFCS, 37 or '37-County of San Diego' (all seen on the tracker), so the code is not limited to two characters.
 */
export const CLIENT_ID_PATTERN = /^\d{1,2}(-[A-Za-z0-9][A-Za-z0-9 .&'-]{0,49})?$/
export const CLIENT_ID_HINT = 'A client id is a county number and the district code, such as 37-H9, 37-58 or 37-LFCS.'
/** One spelling per client: '37-lfcs ' and '37-LFCS' are the same client (the tracker's ids are upper-case). */
export const normalClientId = (clientId: string): string => clientId.trim().toUpperCase()

export const ClientIdSchema = text('Please select or enter a client ID')
  .trim()
  .min(1, 'Please select or enter a client ID')
  .max(60, 'A client id has at most 60 characters.')
  .regex(CLIENT_ID_PATTERN, CLIENT_ID_HINT)
  .transform(normalClientId)

export const DsaProjectSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  /** Office and application number, e.g. 04-101335. */
  projectNumber: z.string(),
  /** The application's summary page on the tracker. */
  projectLink: z.string(),
  projectName: z.string(),
  projectStatus: DsaStatusSchema,
  projectType: z.string().nullable(),
  /** US dollars: the final cost, else the contracted, else the estimated amount (see `costSource`). */
  constructionCost: z.number().nullable(),
  costSource: z.enum(COST_SOURCES).nullable(),
  estimatedAmount: z.number().nullable(),
  contractedAmount: z.number().nullable(),
  changeAmount: z.number().nullable(),
  finalCost: z.number().nullable(),
  /** The tracker's own dates (ISO yyyy-mm-dd) and last certification letter, from which the status is derived. */
  receivedDate: z.string().nullable(),
  approvedDate: z.string().nullable(),
  closedDate: z.string().nullable(),
  voidDate: z.string().nullable(),
  certificationLetter: z.string().nullable(),
  certificationDate: z.string().nullable(),
  city: z.string().nullable(),
  ptn: z.string().nullable(),
  /** When the tracker last confirmed this project (ISO time). */
  scrapedAt: z.string(),
  dataFreshness: z.enum(DATA_FRESHNESS),
})
export type DsaProject = z.infer<typeof DsaProjectSchema>

export const DSA_SORT_FIELDS = ['projectName', 'projectNumber', 'clientId', 'projectStatus', 'constructionCost', 'scrapedAt'] as const

const optionalClientId = text()
  .trim()
  .max(60, 'A client id has at most 60 characters.')
  .regex(CLIENT_ID_PATTERN, CLIENT_ID_HINT)
  .transform(normalClientId)
  .optional()
  .or(z.literal('').transform(() => undefined))
const optionalStatus = DsaStatusSchema.optional().or(z.literal('').transform(() => undefined))
const optionalSearch = text().trim().max(200, 'Search text has at most 200 characters.').optional()

export const DsaFiltersSchema = z.object({
  clientId: optionalClientId,
  status: optionalStatus,
  /** Words found in the project's name, number, city or type. */
  search: optionalSearch,
})
export type DsaFilters = z.infer<typeof DsaFiltersSchema>

export const DsaProjectsQuerySchema = DsaFiltersSchema.extend({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(500, 'limit is at most 500')
    .default(DSA_PAGE_SIZE),
  offset: countParam('offset', 0).default(0),
  sort: z
    .enum(DSA_SORT_FIELDS, { error: `Sort by one of: ${DSA_SORT_FIELDS.map((field) => dsaLabels.field[field]).join(', ')}.` })
    .default('projectName'),
  order: z.enum(['asc', 'desc'], { error: 'Sort up (asc) or down (desc).' }).default('asc'),
})
export type DsaProjectsQuery = z.input<typeof DsaProjectsQuerySchema>

export const DsaProjectsResponseSchema = z.object({ data: z.array(DsaProjectSchema), pagination: PaginationSchema })
export type DsaProjectsResponse = z.infer<typeof DsaProjectsResponseSchema>

/** The log row status of a finished run, and RUNNING while it runs. */
export const SCRAPE_RUN_STATUSES = ['RUNNING', 'SUCCESS', 'FAILED', 'PARTIAL'] as const
export type ScrapeRunStatus = (typeof SCRAPE_RUN_STATUSES)[number]

export const ScrapeRunSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  status: z.enum(SCRAPE_RUN_STATUSES),
  /** manual (someone pressed Start) or schedule. */
  trigger: z.enum(['manual', 'schedule']),
  started: z.string(),
  finished: z.string().nullable(),
  /** Pages fetched from the tracker so far. */
  pagesFetched: z.number().int(),
  /** Applications the tracker lists for the client. */
  projectsFound: z.number().int(),
  /** Applications whose detail pages this run reads (new or still open), and how many of those are done. */
  detailsPlanned: z.number().int(),
  detailsDone: z.number().int(),
  /** New projects stored, and stored projects changed. */
  projectsSaved: z.number().int(),
  projectsUpdated: z.number().int(),
  /** What went wrong, in words (a PARTIAL or FAILED run); null otherwise. */
  error: z.string().nullable(),
})
export type ScrapeRun = z.infer<typeof ScrapeRunSchema>

export const StartScrapeBodySchema = z.object({ clientId: ClientIdSchema })
export const StartScrapeResponseSchema = z.object({ message: z.string(), run: ScrapeRunSchema })

export const ScrapeRunsQuerySchema = z.object({
  clientId: optionalClientId,
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
})
/** The runs, and the pause between two requests to the tracker (DSA_REQUEST_DELAY_MS), which the help text states. */
export const ScrapeRunsResponseSchema = z.object({ data: z.array(ScrapeRunSchema), requestDelayMs: z.number().int().min(0) })
export const ScrapeRunParamsSchema = z.object({ runId: idParam('runId') })

export const DsaStatsSchema = z.object({
  statistics: z.object({ totalProjects: z.number().int(), freshProjects: z.number().int(), totalClients: z.number().int() }),
  /** successRate: the share of finished runs (last 30 days) that ended SUCCESS, 0–100; null before the first run. */
  scrapingMetrics: z.object({
    successRate: z.number().nullable(),
    totalRuns: z.number().int(),
    successfulRuns: z.number().int(),
    lastRun: z.string().nullable(),
  }),
  statusBreakdown: z.array(z.object({ status: z.string(), count: z.number().int() })),
  clientBreakdown: z.array(z.object({ clientId: z.string(), count: z.number().int() })),
  recentLogs: z.array(
    z.object({
      id: z.number().int(),
      clientId: z.string(),
      started: z.string(),
      finished: z.string().nullable(),
      status: z.enum(SCRAPE_RUN_STATUSES),
      projectsFound: z.number().int(),
      projectsSaved: z.number().int(),
      projectsUpdated: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
})
export type DsaStats = z.infer<typeof DsaStatsSchema>

export const DSA_EXPORT_COLUMNS = [
  'clientId',
  'projectNumber',
  'projectName',
  'projectStatus',
  'projectType',
  'constructionCost',
  'costSource',
  'estimatedAmount',
  'contractedAmount',
  'changeAmount',
  'finalCost',
  'receivedDate',
  'approvedDate',
  'closedDate',
  'voidDate',
  'certificationLetter',
  'certificationDate',
  'city',
  'ptn',
  'projectLink',
  'scrapedAt',
  'dataFreshness',
] as const
