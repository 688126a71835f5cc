import type { Duty } from '@platform/contracts/finance'
import type { Core, FeatureModule } from '../../core.js'
import { createWatchedCache } from '../../db/cache-invalidation.js'
import { createAttachmentsRepository } from './attachments.repository.js'
import { attachmentsRoutes } from './attachments.routes.js'
import { createAttachmentsService } from './attachments.service.js'
import { createChartRepository } from './chart.repository.js'
import { createChartService } from './chart.service.js'
import { createDutyAccess } from './duty-access.js'
import { createErpLayoutRepository, createErpLayoutService } from './erp-layout.js'
import { erpLayoutRoutes } from './erp-layout.routes.js'
import { createExceptionsRepository } from './exceptions.repository.js'
import { financeRoutes } from './finance.routes.js'
import { createFinanceService } from './finance.service.js'
import { createFinanceSettingsRepository } from './finance-settings.repository.js'
import { createFinanceSettingsService } from './finance-settings.service.js'
import { createMyQueue } from './my-queue.js'
import { myQueueRoutes } from './my-queue.routes.js'
import { createParticipantsRepository } from './participants.repository.js'
import { createSeparationService } from './separation.service.js'
import { financeSetupQueue } from './setup-queue.js'
import { siteAttachmentAccess } from './site-attachments.js'
import { type SiteRow, createSitesRepository } from './sites.repository.js'
import { createSitesService } from './sites.service.js'
import { createSiteAccountsRepository } from './site-accounts.repository.js'
import { siteAccountsRoutes } from './site-accounts.routes.js'
import { createSiteAccountsService } from './site-accounts.service.js'

/**
 * The finance foundation the fiscal applications stand on: sites, the chart of accounts and each site's accounts,
 * duties per site, separation of duties, files attached to records, and My queue.
 */
export function financeModule(core: Core, { dutiesOf: readDuties }: { dutiesOf: (userIds: number[]) => Promise<Map<number, Duty[]>> }) {
  const { db, audit, clock, config, inTransaction, applicationsRepository } = core
  // A site and a person's duties are read by every fiscal step and change seldom: kept in the process, exact through
  // the shared invalidation, like sessions.
  const siteCache = createWatchedCache<SiteRow | undefined>(core.cacheInvalidation, (write) => write.table === 'finance_sites', 1_000)
  const dutyCache = createWatchedCache<Duty[]>(
    core.cacheInvalidation,
    (write) => write.table === 'finance_duties' || write.table === 'applications',
    20_000,
  )
  const uncachedSites = createSitesRepository(db)
  const sitesRepository = {
    ...uncachedSites,
    findById: (siteId: number) => siteCache.read(String(siteId), () => uncachedSites.findById(siteId)),
  }
  const dutiesOf = (userId: number) => dutyCache.read(String(userId), async () => (await readDuties([userId])).get(userId) ?? [])
  const catalogueEntry = async (match: (entry: { app_code: string; app_id: number }) => boolean) =>
    (await applicationsRepository.catalogue()).find(match)
  const sites = createSitesService({ sites: sitesRepository, audit, clock })
  const siteAccounts = createSiteAccountsService({ siteAccounts: createSiteAccountsRepository(db), sites, audit, clock })
  const chartRepository = createChartRepository(db)
  const chart = createChartService({ chart: chartRepository, audit, clock, inTransaction })
  const settings = createFinanceSettingsService({
    settings: createFinanceSettingsRepository(db),
    audit,
    clock,
    districtTimeZone: config.districtTimeZone,
    accountProblems: (account) => chart.problemsOf(account),
  })
  const separation = createSeparationService({
    exceptions: createExceptionsRepository(db),
    participants: createParticipantsRepository(db),
    audit,
    clock,
    appIdOf: async (code) => (await catalogueEntry((entry) => entry.app_code === code))?.app_id ?? null,
    appCodeOf: async (appId) => (await catalogueEntry((entry) => entry.app_id === appId))?.app_code ?? null,
  })
  const attachments = createAttachmentsService({ attachments: createAttachmentsRepository(db), audit, clock })
  attachments.registerAccess(
    'FINANCE',
    'site',
    siteAttachmentAccess({ siteExists: async (siteId) => (await sitesRepository.findById(siteId)) !== undefined, dutiesOf }),
  )
  const myQueue = createMyQueue()
  myQueue.register(
    financeSetupQueue({
      siteCount: async () => (await sitesRepository.list()).length,
      segmentCount: () => chartRepository.countSegmentValues(),
      cashAccountCount: async () => Object.keys((await settings.postingAccounts()).cashAccounts).length,
    }),
  )
  const finance = createFinanceService({
    sites,
    chart,
    settings,
    separation,
    attachments,
    myQueue,
    siteAccounts,
    districtTimeZone: config.districtTimeZone,
    duties: createDutyAccess({ dutiesOf, siteLabel: async (siteId) => (await sitesRepository.findById(siteId))?.name ?? `site ${siteId}` }),
  })
  const module: FeatureModule = {
    async routes(api) {
      await api.register(financeRoutes, { sites, chart, settings, separation })
      await api.register(siteAccountsRoutes, { siteAccounts })
      await api.register(attachmentsRoutes, { attachments })
      await api.register(myQueueRoutes, { myQueue })
      await api.register(erpLayoutRoutes, { layouts: createErpLayoutService({ layouts: createErpLayoutRepository(db), audit }) })
    },
  }
  return { ...module, finance, sites, siteRows: () => sitesRepository.list(), chart, settings, separation, attachments }
}
