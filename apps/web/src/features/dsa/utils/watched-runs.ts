import type { ScrapeRun } from '@platform/contracts/dsa'

/** The run shown for each client on the Scraper tab: client id → run id. */
export type WatchedRuns = Readonly<Record<string, number>>

/**
 * Adds the RUNNING runs of a runs list (started by someone else, by the schedule, or before a reload) to the watched
 * runs. A client keeps the newer of two runs, and a run whose result was already shown and cleared never comes back.
 * Returns the same object when nothing changes, so a state update can be skipped.
 */
export function adoptRunningRuns(watched: WatchedRuns, runs: readonly ScrapeRun[], cleared: ReadonlySet<number>): WatchedRuns {
  let next: Record<string, number> | null = null
  for (const run of runs) {
    if (run.status !== 'RUNNING' || cleared.has(run.id)) continue
    const current = (next ?? watched)[run.clientId]
    if (current !== undefined && current >= run.id) continue
    next ??= { ...watched }
    next[run.clientId] = run.id
  }
  return next ?? watched
}

/** Stops showing a client's run, unless a newer run of that client has replaced it meanwhile. */
export function forgetRun(watched: WatchedRuns, clientId: string, runId: number): WatchedRuns {
  if (watched[clientId] !== runId) return watched
  const next = { ...watched }
  delete next[clientId]
  return next
}
