import type { Core, FeatureModule } from '../../core.js'
import { createRetentionRepository } from './retention.repository.js'
import { retentionRoutes } from './retention.routes.js'
import { createRetentionService } from './retention.service.js'

/** Retention: the settings of how long the platform keeps its own records, and their daily purge. */
export function retentionModule(core: Core): FeatureModule {
  const retention = createRetentionService({
    retention: createRetentionRepository(core.db),
    audit: core.audit,
    clock: core.clock,
    timeZone: core.config.districtTimeZone,
  })
  return {
    async routes(api) {
      await api.register(retentionRoutes, { retention })
    },
    // Every instance asks; the first on a new district day purges, the others find the day's mark and do nothing.
    maintenance: () => retention.daily(),
  }
}
