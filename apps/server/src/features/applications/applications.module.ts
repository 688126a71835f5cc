import type { Core, FeatureModule } from '../../core.js'
import { createApplicationsAdminService } from './applications-admin.service.js'
import { applicationsRoutes } from './applications.routes.js'

/** Application Management: the catalogue of applications and who may use each (the menus are the core's). */
export function applicationsModule(core: Core): FeatureModule {
  const admin = createApplicationsAdminService({
    applications: core.applicationsRepository,
    audit: core.audit,
    clock: core.clock,
    inTransaction: core.inTransaction,
  })
  return {
    async routes(api) {
      await api.register(applicationsRoutes, { admin })
    },
  }
}
