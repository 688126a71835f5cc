import type { Core, FeatureModule } from '../../core.js'
import type { Downloads } from '../../downloads/downloads.js'
import type { AttachmentsService } from '../finance/attachments.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import { createAccrualAccess } from './accrual-access.js'
import { createAccrualClearingService } from './accrual-clearing.service.js'
import { createAccrualCyclesService } from './accrual-cycles.service.js'
import { createAccrualsImportService } from './accruals-import.service.js'
import { createAccrualsOversightService, createAccrualsOverview } from './accruals-oversight.service.js'
import { createAccrualsOverviewRepository } from './accruals-overview.repository.js'
import { createAccrualsRepository } from './accruals.repository.js'
import { accrualsRoutes } from './accruals.routes.js'
import { createAccrualsService } from './accruals.service.js'

/** Accruals: the year-end cycle, requests from drafting to posting, clearing, imports, and the journal. */
type ImportDeps = Parameters<typeof createAccrualsImportService>[0]

export function accrualsModule(
  core: Core,
  {
    finance,
    attachments,
    readTable,
    downloads,
  }: { finance: FinanceService; attachments: AttachmentsService; readTable: ImportDeps['readTable']; downloads: Downloads },
) {
  const { app, db, audit, clock, config } = core
  const deps = { accruals: createAccrualsRepository(db), finance, access: createAccrualAccess(finance), audit, clock }
  const oversight = createAccrualsOversightService({
    ...deps,
    appUrl: config.appUrl,
    enqueueMail: (mail) => core.email.enqueue({ ...mail, secrets: [] }),
  })
  finance.registerQueueProvider((user) => oversight.queueFor(user))
  const requests = createAccrualsService({
    ...deps,
    listAttachments: (recordId, user) => attachments.list({ appCode: 'ACCRUALS', recordType: 'accrual', recordId }, user),
    // The step is saved by now: a notice that cannot be queued is logged, never turned into a failed step.
    onStep: (id, step) =>
      oversight
        .afterStep(id, step)
        .catch((error: unknown) => app.log.error({ err: error }, `the notice after accrual ${id}'s ${step} could not be queued`)),
  })
  const cycles = createAccrualCyclesService(deps)
  const clearing = createAccrualClearingService({ ...deps, requests })
  const importer = createAccrualsImportService({ ...deps, readTable })
  // A request's files (invoice, packing slip, grant award): whoever may see it reads them; its holder and its site's controllers add them.
  finance.registerAttachmentAccess('ACCRUALS', 'accrual', (user, recordId, mode) => requests.fileAccess(recordId, user, mode))
  const module: FeatureModule = {
    async routes(api) {
      await api.register(accrualsRoutes, { requests, cycles, clearing, importer, downloads })
    },
    maintenance: () => oversight.sendDeadlineNotices(),
  }
  const overview = createAccrualsOverview({ overview: createAccrualsOverviewRepository(db), finance })
  return { ...module, requests, overview }
}
