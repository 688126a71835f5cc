import type { Core, FeatureModule } from '../../core.js'
import type { Downloads } from '../../downloads/downloads.js'
import { createDsaRepository } from './dsa.repository.js'
import { dsaRoutes } from './dsa.routes.js'
import { scheduleScrapes } from './dsa-schedule.js'
import { createDsaService } from './dsa.service.js'

/** The DSA Project Tracker: scrape runs (one instance at a time, on a schedule or on demand) and the projects' views. */
export function dsaModule(core: Core, { downloads, trackerUrl }: { downloads: Downloads; trackerUrl?: string }): FeatureModule {
  const { app, config, clock } = core
  const dsa = createDsaService({
    projects: createDsaRepository(core.db),
    leases: core.jobLeases,
    clock,
    settings: {
      baseUrl: trackerUrl ?? config.dsa.baseUrl,
      userAgent: `${config.mail.districtName} staff platform, DSA project tracker (one page at a time; ${config.appUrl})`,
      delayMs: config.dsa.requestDelayMs,
      timeoutMs: config.dsa.timeoutMs,
      maxRetries: config.dsa.maxRetries,
      freshDays: config.dsa.freshDays,
      closedRefreshDays: config.dsa.closedRefreshDays,
    },
    onRunError: (error) => app.log.error({ err: error }, 'a DSA scrape run failed unexpectedly'),
  })
  const stopSchedule = config.dsa.schedule
    ? scheduleScrapes(config.dsa.schedule, config.dsa.scheduleClients, dsa, (message, error) => app.log.warn({ err: error }, message))
    : () => {}
  // Runs are stopped before the database closes, so each writes its log row.
  app.addHook('onClose', async () => {
    stopSchedule()
    await dsa.close()
  })
  return {
    async routes(api) {
      await api.register(dsaRoutes, { dsa, downloads, requestDelayMs: config.dsa.requestDelayMs, clock, timeZone: config.districtTimeZone })
    },
  }
}
