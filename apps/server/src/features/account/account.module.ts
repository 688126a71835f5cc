import type { Core, FeatureModule } from '../../core.js'
import { accountRoutes } from './account.routes.js'
import { createDevicesRepository } from './devices.repository.js'
import { createDevicesService } from './devices.service.js'

/** A person's own account: the devices they signed in on, and ending a device's access. */
export function accountModule(core: Core) {
  const { config } = core
  const devices = createDevicesService({
    devices: createDevicesRepository(core.db),
    email: core.email,
    audit: core.audit,
    clock: core.clock,
    secret: core.secret,
    appUrl: config.appUrl,
    idleHours: config.session.idleHours,
  })
  const module: FeatureModule = {
    async routes(api) {
      await api.register(accountRoutes, { devices })
    },
  }
  return { ...module, devices }
}
