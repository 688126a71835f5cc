import type { DsaProject, DsaStats, ScrapeRun } from '@platform/contracts/dsa'

/** A stored project; override only what the test is about. */
export function makeProject(overrides: Partial<DsaProject> = {}): DsaProject {
  const id = overrides.id ?? 1
  return {
    id,
    clientId: '37-H9',
    projectNumber: `04-10${String(id).padStart(4, '0')}`,
    projectLink: `https://tracker.example/ApplicationSummary?AppId=${id}`,
    projectName: `Project ${id}`,
    projectStatus: 'APPROVED',
    projectType: 'Modernization',
    constructionCost: 1_250_000,
    costSource: 'contracted',
    estimatedAmount: 1_000_000,
    contractedAmount: 1_250_000,
    changeAmount: null,
    finalCost: null,
    receivedDate: '2025-01-15',
    approvedDate: '2025-04-02',
    closedDate: null,
    voidDate: null,
    certificationLetter: null,
    certificationDate: null,
    city: 'San Diego',
    ptn: '12345-67',
    scrapedAt: '2026-03-01T10:00:00.000Z',
    dataFreshness: 'FRESH',
    ...overrides,
  }
}

/** A scrape run; override only what the test is about. */
export function makeRun(overrides: Partial<ScrapeRun> = {}): ScrapeRun {
  return {
    id: 1,
    clientId: '37-H9',
    status: 'RUNNING',
    trigger: 'manual',
    started: '2026-03-01T10:04:00.000Z',
    finished: null,
    pagesFetched: 0,
    projectsFound: 0,
    detailsPlanned: 0,
    detailsDone: 0,
    projectsSaved: 0,
    projectsUpdated: 0,
    error: null,
    ...overrides,
  }
}

/** Statistics with a little of everything. */
export function makeStats(overrides: Partial<DsaStats> = {}): DsaStats {
  return {
    statistics: { totalProjects: 240, freshProjects: 180, totalClients: 2 },
    scrapingMetrics: { successRate: 87.5, totalRuns: 8, successfulRuns: 7, lastRun: '2026-03-01T10:30:00.000Z' },
    statusBreakdown: [
      { status: 'APPROVED', count: 120 },
      { status: 'COMPLETED', count: 80 },
      { status: 'IN REVIEW', count: 40 },
    ],
    clientBreakdown: [
      { clientId: '37-H9', count: 200 },
      { clientId: '37-58', count: 40 },
    ],
    recentLogs: [
      {
        id: 3,
        clientId: '37-H9',
        started: '2026-03-01T10:00:00.000Z',
        finished: '2026-03-01T10:30:00.000Z',
        status: 'SUCCESS',
        projectsFound: 200,
        projectsSaved: 4,
        projectsUpdated: 9,
        error: null,
      },
      {
        id: 2,
        clientId: '37-58',
        started: '2026-02-28T10:00:00.000Z',
        finished: '2026-02-28T10:05:00.000Z',
        status: 'PARTIAL',
        projectsFound: 40,
        projectsSaved: 2,
        projectsUpdated: 0,
        error: 'The tracker stopped answering after page 3.',
      },
      {
        id: 1,
        clientId: '37-58',
        started: '2026-02-27T10:00:00.000Z',
        finished: '2026-02-27T10:01:00.000Z',
        status: 'FAILED',
        projectsFound: 0,
        projectsSaved: 0,
        projectsUpdated: 0,
        error: 'The page layout changed.',
      },
    ],
    ...overrides,
  }
}
