import type { ScrapeRun, ScrapeRunStatus } from '@platform/contracts/dsa'
import { formatCount } from '@/lib/format'

/** What a client's run shows on the Scraper tab. */
export type RunState = 'in_progress' | 'success' | 'failed'

/** A finished run's result stays on screen this long, then is cleared. */
export const RUN_RESULT_CLEAR_MS = 5_000

/** RUNNING → in_progress, SUCCESS → success; FAILED and PARTIAL (stopped before the end) → failed. */
export function runState(status: ScrapeRunStatus): RunState {
  switch (status) {
    case 'RUNNING':
      return 'in_progress'
    case 'SUCCESS':
      return 'success'
    default:
      return 'failed'
  }
}

export const RUN_STATE_LABELS: Record<RunState, string> = {
  in_progress: 'In progress',
  success: 'Success',
  failed: 'Failed',
}

/** The detail-page progress as 0–100, or null while the run is still listing pages (nothing planned yet). */
export function detailsPercent(run: Pick<ScrapeRun, 'detailsDone' | 'detailsPlanned'>): number | null {
  if (run.detailsPlanned <= 0) return null
  return Math.min(100, Math.round((run.detailsDone / run.detailsPlanned) * 100))
}

const projects = (count: number) => `${formatCount(count)} ${count === 1 ? 'project' : 'projects'}`

/** "120 projects found, 5 new, 3 updated." */
export function runCountsText(run: Pick<ScrapeRun, 'projectsFound' | 'projectsSaved' | 'projectsUpdated'>): string {
  return `${projects(run.projectsFound)} found, ${formatCount(run.projectsSaved)} new, ${formatCount(run.projectsUpdated)} updated.`
}

/** The one-line outcome of a finished run; a PARTIAL run says what was kept before it stopped. */
export function runOutcomeText(run: Pick<ScrapeRun, 'status' | 'projectsFound' | 'projectsSaved' | 'projectsUpdated' | 'error'>): string {
  const reason = run.error ? ` ${run.error}` : ''
  switch (run.status) {
    case 'SUCCESS':
      return `Finished: ${runCountsText(run)}`
    case 'PARTIAL':
      return `Stopped before the end: ${projects(run.projectsSaved)} saved and ${formatCount(run.projectsUpdated)} updated before it stopped.${reason}`
    case 'FAILED':
      return `The scrape failed; no project was changed.${reason}`
    default:
      return runCountsText(run)
  }
}

/** How fast the tracker is read, from the pause between two requests: "one page every 2 seconds". */
export function paceText(requestDelayMs: number): string {
  if (requestDelayMs <= 0) return 'one page after another, without a pause'
  if (requestDelayMs < 1000) return `one page every ${requestDelayMs} ms`
  const seconds = Math.round(requestDelayMs / 100) / 10
  return `one page every ${seconds === 1 ? 'second' : `${seconds} seconds`}`
}
