import type { Core, FeatureModule } from '../../core.js'
import { monitoringRoutes } from './monitoring.routes.js'
import { createMonitoringService } from './monitoring.service.js'
import { createServerAlerts } from './server-alerts.js'
import { createStateHistoryRepository } from './state-history.repository.js'
import { createStateHistory } from './state-history.service.js'

/** Server Monitoring: the WebLogic domains' state, its history, and alarms by e-mail. */
export function monitoringModule(core: Core): FeatureModule {
  const { app, config, clock, users } = core
  const serverAlerts = createServerAlerts({
    email: core.email,
    recipients: config.weblogic.alerts,
    administrators: () => users.activeAdministratorEmails(),
    monitoringUrl: `${config.appUrl}/apps/weblogic-monitoring`,
    timeZone: config.districtTimeZone,
  })
  const history = createStateHistory({
    history: createStateHistoryRepository(core.db),
    clock,
    ...(serverAlerts ? { onAlarm: serverAlerts } : {}),
    onError: (error) => app.log.error({ err: error }, 'Server Monitoring could not record a state change'),
  })
  const monitoring = createMonitoringService({
    domains: config.weblogic.domains,
    ttlSeconds: config.weblogic.cacheTtlSeconds,
    clock,
    history,
  })
  app.addHook('onClose', () => monitoring.close())
  return {
    async routes(api) {
      await api.register(monitoringRoutes, { monitoring, history })
    },
  }
}
