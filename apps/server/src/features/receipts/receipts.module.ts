import type { Core, FeatureModule } from '../../core.js'
import type { Downloads } from '../../downloads/downloads.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { SeparationService } from '../finance/separation.service.js'
import type { SitesService } from '../finance/sites.service.js'
import { auditReadPolicy } from './amount-visibility.js'
import { createDepositsRepository } from './deposits.repository.js'
import { createDepositsService } from './deposits.service.js'
import { createReceiptAccess } from './receipt-access.js'
import { createReceiptLabelsRepository } from './receipt-labels.repository.js'
import { createReceiptsJournalRepository } from './receipts-journal.repository.js'
import { createReceiptsOversightService, createReceiptsOverview } from './receipts-oversight.service.js'
import { createReceiptsOverviewRepository } from './receipts-overview.repository.js'
import { createApproverDirectory, createReceiptsRepository } from './receipts.repository.js'
import { receiptsRoutes } from './receipts.routes.js'
import { createReceiptsService } from './receipts.service.js'

/** Payment Receipts: receipts, blind-counted deposits, the county treasury's confirmations, and their journal. */
export function receiptsModule(
  core: Core,
  {
    finance,
    sites,
    separation,
    downloads,
  }: { finance: FinanceService; sites: SitesService; separation: SeparationService; downloads: Downloads },
) {
  const { db, audit, clock, config } = core
  // Receipt and deposit numbers carry their site's code: once one is issued, the code stays.
  sites.lockCodeWhen(createReceiptLabelsRepository(db).firstIssuedAt)
  const access = createReceiptAccess(finance)
  // The blind count reaches the Activity view too: a person who counts reads no receipt amount there.
  audit.registerReadPolicy(auditReadPolicy(finance))
  const deps = { receipts: createReceiptsRepository(db), deposits: createDepositsRepository(db), finance, access, audit, clock }
  const receipts = createReceiptsService(deps)
  const deposits = createDepositsService(deps)
  const oversight = createReceiptsOversightService({
    ...deps,
    journal: createReceiptsJournalRepository(db),
    appUrl: config.appUrl,
    approverEmails: createApproverDirectory(db).approverEmails,
    enqueueMail: (mail) => core.email.enqueue({ kind: 'deposit_overdue', ...mail, secrets: [] }),
    listSeparationExceptions: () => separation.listExceptions(undefined),
  })
  finance.registerQueueProvider((user) => oversight.queueFor(user))
  // A receipt's or deposit's files: whoever may see the record reads them; its site's collectors and approvers add them.
  for (const [recordType, read] of [
    ['receipt', (id: number, user: AuthUser) => receipts.detail(id, user)],
    ['deposit', (id: number, user: AuthUser) => deposits.detail(id, user)],
  ] as const) {
    finance.registerAttachmentAccess('PAYMENT_RECEIPTS', recordType, async (user, recordId, mode) => {
      const id = Number(recordId)
      if (!Number.isSafeInteger(id) || id <= 0) return false
      const record = await read(id, user).catch(() => null)
      if (!record) return false
      return mode === 'read' || (await access.has(user, 'COLLECTOR', record.siteId)) || (await access.has(user, 'APPROVER', record.siteId))
    })
  }
  const module: FeatureModule = {
    async routes(api) {
      await api.register(receiptsRoutes, { receipts, deposits, oversight, downloads, districtName: config.mail.districtName })
    },
    maintenance: () => oversight.sendClockNotices(),
  }
  const overview = createReceiptsOverview({
    overview: createReceiptsOverviewRepository(db),
    undepositedBySite: deps.receipts.undepositedBySite,
    finance,
    clock,
  })
  return { ...module, receipts, overview }
}
