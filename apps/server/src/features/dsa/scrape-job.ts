import type { Clock } from '../../lib/clock.js'
import { DAY_MS } from '../../lib/clock.js'
import type { DsaRepository, ProjectRow, ProjectValues } from './dsa.repository.js'
import type { ApplicationSummary, CertificationStatus, ListedApplication } from './tracker-parser.js'
import { TrackerLayoutError } from './tracker-layout-error.js'
import { TrackerHttpError, type TrackerHttp } from './tracker-http.js'
import { TrackerValueError, constructionCost, deriveStatus } from './tracker-values.js'

export interface ScrapeProgress {
  pagesFetched: number
  projectsFound: number
  detailsPlanned: number
  detailsDone: number
  projectsSaved: number
  projectsUpdated: number
}

export interface ScrapeOutcome extends ScrapeProgress {
  status: 'SUCCESS' | 'FAILED' | 'PARTIAL'
  error: string | null
}

/** The link people follow to an application on the tracker. */
export const applicationLink = (baseUrl: string, officeId: string, appId: string) =>
  new URL(`ApplicationSummary.aspx?OriginId=${encodeURIComponent(officeId)}&AppId=${encodeURIComponent(appId)}`, baseUrl).toString()

// The fields whose change counts a stored project as updated.
const COMPARED: (keyof ProjectValues)[] = [
  'project_name',
  'project_status',
  'project_type',
  'construction_cost',
  'estimated_amount',
  'contracted_amount',
  'change_amount',
  'final_cost',
  'received_date',
  'approved_date',
  'closed_date',
  'void_date',
  'certification_letter',
  'certification_date',
  'city',
  'ptn',
]
const MAX_PROBLEMS_SHOWN = 3

/**
 * One run of one client: the tracker's list, then the summary and certification pages of each application that is new,
 * still open, or not read for a long time. Each project is written whole or not at all; a page layout the parser does
 * not know, or a tracker that stops answering, ends the run and leaves what is stored as it was (marked STALE).
 */
export async function runScrape(deps: {
  http: TrackerHttp
  projects: DsaRepository
  clock: Clock
  baseUrl: string
  closedRefreshDays: number
  clientId: string
  onProgress: (progress: ScrapeProgress) => void
}): Promise<ScrapeOutcome> {
  const { http, projects, clock, baseUrl, clientId } = deps
  // The HTML parser (cheerio) is loaded when the first scrape runs: most processes never scrape.
  const { parseApplicationSummary, parseCertification, parseProjectList } = await import('./tracker-parser.js')
  const progress: ScrapeProgress = {
    pagesFetched: 0,
    projectsFound: 0,
    detailsPlanned: 0,
    detailsDone: 0,
    projectsSaved: 0,
    projectsUpdated: 0,
  }
  const report = () => {
    progress.pagesFetched = http.pagesFetched
    deps.onProgress({ ...progress })
  }
  const problems: string[] = []
  const outcome = (status: ScrapeOutcome['status'], error: string | null): ScrapeOutcome => ({
    ...progress,
    pagesFetched: http.pagesFetched,
    status,
    error,
  })

  let listed: ListedApplication[]
  try {
    listed = parseProjectList(await http.get(`ProjectList.aspx?ClientId=${encodeURIComponent(clientId)}`), baseUrl)
  } catch (error) {
    await projects.markStale(clientId, null)
    return outcome(
      'FAILED',
      `Could not read the project list of ${clientId}: ${reason(error)}. Stored projects were kept and marked stale.`,
    )
  }
  progress.projectsFound = listed.length
  report()

  const stored = await projects.storedForClient(clientId)
  if (listed.length === 0) {
    if (stored.size > 0) {
      await projects.markStale(clientId, null)
      return outcome(
        'FAILED',
        `The tracker listed no applications for ${clientId}, though ${stored.size} are stored. They were kept and marked stale.`,
      )
    }
    return outcome('FAILED', `The tracker lists no applications for client id ${clientId}. Check the id (for example 37-H9).`)
  }

  const startedAt = clock.now()
  const due = listed.filter((application) => needsDetails(stored.get(application.projectNumber), startedAt, deps.closedRefreshDays))
  const confirmedOnly = listed.filter((application) => !due.includes(application)).map((application) => application.projectNumber)
  await projects.confirmListed(clientId, confirmedOnly, startedAt.toISOString())
  progress.detailsPlanned = due.length
  report()

  for (const [index, application] of due.entries()) {
    try {
      const summary = parseApplicationSummary(await http.get(queryOf('ApplicationSummary.aspx', application)), application)
      if (!summary.found) {
        problems.push(`${application.projectNumber}: the tracker says "${summary.message}"`)
      } else {
        const certification = parseCertification(await http.get(queryOf('ProjectCloseout.aspx', application)), application)
        await save(application, summary.summary, certification, stored.get(application.projectNumber))
      }
    } catch (error) {
      if (error instanceof TrackerValueError) {
        problems.push(`${application.projectNumber}: ${error.message}`)
      } else {
        const left = due
          .slice(index)
          .map((rest) => rest.projectNumber)
          .filter((number) => stored.has(number))
        await projects.markStale(clientId, left)
        const stopped = `Stopped at ${application.projectNumber} (${index} of ${due.length} applications read): ${reason(error)}.`
        const saved = progress.detailsDone > 0 ? ' What was read before was saved;' : ''
        return outcome(
          progress.detailsDone > 0 ? 'PARTIAL' : 'FAILED',
          `${stopped}${saved} the rest were kept and marked stale.${problemsNote(problems)}`,
        )
      }
    }
    progress.detailsDone += 1
    report()
  }

  if (problems.length > 0)
    return outcome('PARTIAL', `${problems.length} of ${due.length} applications could not be read.${problemsNote(problems)}`)
  return outcome('SUCCESS', null)

  async function save(
    application: ListedApplication,
    summary: ApplicationSummary,
    certification: CertificationStatus,
    before: ProjectRow | undefined,
  ) {
    const at = clock.now().toISOString()
    const values = projectValues(clientId, baseUrl, application, summary, certification, at)
    if (!before) {
      await projects.insertProject(values, at)
      progress.projectsSaved += 1
      return
    }
    await projects.updateProject(before.id, values)
    if (COMPARED.some((field) => before[field] !== values[field])) progress.projectsUpdated += 1
  }
}

/** New applications, open ones, and closed ones not read for `closedRefreshDays`, are read in detail. */
function needsDetails(stored: ProjectRow | undefined, now: Date, closedRefreshDays: number): boolean {
  if (!stored || !stored.details_scraped_at) return true
  const closed = stored.project_status === 'COMPLETED' || stored.project_status === 'REJECTED'
  return !closed || now.getTime() - Date.parse(stored.details_scraped_at) >= closedRefreshDays * DAY_MS
}

function projectValues(
  clientId: string,
  baseUrl: string,
  application: ListedApplication,
  summary: ApplicationSummary,
  certification: CertificationStatus,
  at: string,
): ProjectValues {
  const { cost, source } = constructionCost({
    estimated: summary.estimatedAmount,
    contracted: summary.contractedAmount,
    final: summary.finalCost,
  })
  const projectName = summary.projectName || application.name
  const ptn = summary.ptn ?? application.ptn
  return {
    client_id: clientId,
    project_number: application.projectNumber,
    project_link: applicationLink(baseUrl, application.officeId, application.appId),
    project_name: projectName,
    project_status: deriveStatus({ ...summary, ...certification }),
    project_type: summary.projectType,
    project_class: summary.projectClass,
    construction_cost: cost,
    cost_source: source,
    estimated_amount: summary.estimatedAmount,
    contracted_amount: summary.contractedAmount,
    change_amount: summary.changeAmount,
    final_cost: summary.finalCost,
    received_date: summary.receivedDate,
    approved_date: summary.approvedDate,
    closed_date: summary.closedDate,
    void_date: certification.voidDate,
    certification_letter: certification.certificationLetter,
    certification_date: certification.certificationDate,
    city: summary.city,
    ptn,
    search_text: [application.projectNumber, projectName, summary.city, summary.projectType, ptn].filter(Boolean).join(' ').toLowerCase(),
    scraped_at: at,
    details_scraped_at: at,
  }
}

const queryOf = (page: string, application: ListedApplication) =>
  `${page}?OriginId=${encodeURIComponent(application.officeId)}&AppId=${encodeURIComponent(application.appId)}`

function reason(error: unknown): string {
  if (error instanceof TrackerLayoutError) return `the page layout has changed (${error.message})`
  if (error instanceof TrackerHttpError) return error.message
  return error instanceof Error ? error.message : String(error)
}

function problemsNote(problems: string[]): string {
  if (problems.length === 0) return ''
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ')
  return ` ${shown}${problems.length > MAX_PROBLEMS_SHOWN ? `; and ${problems.length - MAX_PROBLEMS_SHOWN} more` : ''}.`
}
