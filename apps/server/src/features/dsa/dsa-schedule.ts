import { Cron } from 'croner'
import type { DsaService } from './dsa.service.js'

/**
 * Scheduled scrapes (DSA_SCHEDULE, DSA_SCHEDULE_CLIENTS): at each tick every configured client is started; a client
 * whose previous run is still going is skipped. Runs go one client after the other, so the tracker sees one reader.
 * Returns the function that stops the schedule.
 */
export function scheduleScrapes(
  expression: string,
  clientIds: string[],
  dsa: DsaService,
  warn: (message: string, error: unknown) => void,
): () => void {
  const job = new Cron(expression, { protect: true }, async () => {
    for (const clientId of clientIds) {
      try {
        await dsa.startScrape(clientId, 'schedule', null)
        await dsa.idle()
      } catch (error) {
        warn(`the scheduled scrape of ${clientId} did not start`, error)
      }
    }
  })
  return () => job.stop()
}
