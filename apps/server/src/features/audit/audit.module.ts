import type { Core, FeatureModule } from '../../core.js'
import { createAuditCheckpointsRepository } from './audit-checkpoints.repository.js'
import { createAuditCheckpointsService } from './audit-checkpoints.service.js'
import { auditRoutes } from './audit.routes.js'

/** Activity: the audit trail's views and its signed checkpoints, made daily by one instance and on demand. */
export function auditModule(core: Core): FeatureModule {
  const { config, audit, clock } = core
  const checkpoints = createAuditCheckpointsService({
    checkpoints: createAuditCheckpointsRepository(core.db),
    audit,
    auditLog: core.auditLog,
    leases: core.jobLeases,
    clock,
    chain: core.auditKeys.chain,
    signing: core.auditKeys.signing,
    platform: config.appUrl,
    districtTimeZone: config.districtTimeZone,
    auditorEmails: config.audit.auditorEmails,
    enqueueMail: (mail, trx) => core.email.enqueue({ kind: 'audit_checkpoint', ...mail, secrets: [] }, trx),
    inTransaction: core.inTransaction,
  })
  return {
    async routes(api) {
      await api.register(auditRoutes, { audit, checkpoints })
    },
    // The day's signed checkpoint of the chain: the first instance to run this on a new district day makes it.
    maintenance: () => checkpoints.daily(),
  }
}
