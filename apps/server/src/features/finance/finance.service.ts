import { fiscalYearOf } from '@platform/contracts/finance-fiscal-year'
import type { AttachmentsService } from './attachments.service.js'
import type { ChartService } from './chart.service.js'
import type { DutyAccess } from './duty-access.js'
import type { FinanceSettingsService } from './finance-settings.service.js'
import type { MyQueue } from './my-queue.js'
import type { SeparationService } from './separation.service.js'
import type { SiteAccountsService } from './site-accounts.service.js'
import type { SitesService } from './sites.service.js'

/**
 * What the fiscal applications get from the foundation, in one object app.ts hands them: sites, account checks,
 * duties, separation of duties, attachments, My queue and the district's calendar.
 */
export function createFinanceService(deps: {
  sites: SitesService
  chart: ChartService
  settings: FinanceSettingsService
  duties: DutyAccess
  separation: SeparationService
  attachments: AttachmentsService
  myQueue: MyQueue
  siteAccounts: SiteAccountsService
  districtTimeZone: string
}) {
  return {
    districtTimeZone: deps.districtTimeZone,
    /** The fiscal year (`2025-26`) an instant belongs to in the district's time zone. */
    fiscalYearOf: (instant: Date) => fiscalYearOf(instant, deps.districtTimeZone),
    site: (siteId: number) => deps.sites.get(siteId),
    sites: () => deps.sites.list(),
    /** The reasons an account string cannot be used (empty: it can). */
    accountProblems: (account: string) => deps.chart.problemsOf(account),
    /** The same for several accounts at once (a record's lines), in one read: each account's own list. */
    eachAccountProblems: (accounts: string[]) => deps.chart.problemsOfEach(accounts),
    /** Why a site's collectors may not credit each account (empty: they may): its own revenue, or what it was allowed. */
    collectableAccountProblems: deps.siteAccounts.problemsOf,
    postingAccounts: () => deps.settings.postingAccounts(),
    requireDuty: deps.duties.requireDuty,
    hasDuty: deps.duties.hasDuty,
    visibleSites: deps.duties.visibleSites,
    dutiesIn: deps.duties.dutiesIn,
    /** Separation of duties against everyone who took part in a record (separation.service.ts). */
    checkStep: deps.separation.checkStep,
    confirmStepIn: deps.separation.confirmIn,
    reasonNotOffered: deps.separation.reasonNotOffered,
    recordParts: deps.separation.recordParts,
    participantsOf: deps.separation.participantsOf,
    /** Refuses a day outside the district's window: in the future on its clock, or before its earliest fiscal year. */
    assertDayInWindow: deps.settings.assertDayInWindow,
    registerAttachmentAccess: deps.attachments.registerAccess,
    /** Stores a file on an application's record (after that record type's registered write check). */
    uploadAttachment: deps.attachments.upload,
    registerQueueProvider: deps.myQueue.register,
  }
}
export type FinanceService = ReturnType<typeof createFinanceService>
