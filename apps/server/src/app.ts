import type { Duty } from '@platform/contracts/finance'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { type Db, isDatabaseReachable } from './db/database.js'
import type { Database } from './db/schema.js'
import { accountRoutes } from './features/account/account.routes.js'
import { createDevicesRepository } from './features/account/devices.repository.js'
import { createDevicesService } from './features/account/devices.service.js'
import { createApplicationsRepository } from './features/applications/applications.repository.js'
import { createApplicationsService } from './features/applications/applications.service.js'
import { createApplicationsAdminService } from './features/applications/applications-admin.service.js'
import { applicationsRoutes } from './features/applications/applications.routes.js'
import { auditRoutes } from './features/audit/audit.routes.js'
import { createInvitationsService } from './features/auth/invitations.service.js'
import { createAuditRepository } from './features/audit/audit.repository.js'
import { createAuditService } from './features/audit/audit.service.js'
import { createAuditCheckpointsRepository } from './features/audit/audit-checkpoints.repository.js'
import { createAuditCheckpointsService } from './features/audit/audit-checkpoints.service.js'
import { serverAuditKeys } from './features/audit/audit-keys.js'
import { authRoutes } from './features/auth/auth.routes.js'
import { createChallengesRepository } from './features/auth/challenges.repository.js'
import { createSessionTokens, resolveAuthSecret } from './features/auth/session-token.js'
import { createInvalidatedSessionCache } from './features/auth/sessions.cache.js'
import { createCacheInvalidation, createWatchedCache } from './db/cache-invalidation.js'
import { createSessionsRepository } from './features/auth/sessions.repository.js'
import { authFailureText, createSessionsService, type AuthFailure } from './features/auth/sessions.service.js'
import { createSettingsRepository } from './db/settings.repository.js'
import { createSignInService } from './features/auth/sign-in.service.js'
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js'
import { createDashboardService } from './features/dashboard/dashboard.service.js'
import { createEmailRepository } from './features/email/email.repository.js'
import { createEmailAdminService } from './features/email/email-admin.service.js'
import { resendRules } from './features/email/resend-rules.js'
import { emailRoutes } from './features/email/email.routes.js'
import { createDsaRepository } from './features/dsa/dsa.repository.js'
import { createDownloads } from './downloads/downloads.js'
import { dsaRoutes } from './features/dsa/dsa.routes.js'
import { scheduleScrapes } from './features/dsa/dsa-schedule.js'
import { createDsaService } from './features/dsa/dsa.service.js'
import { createEmailService } from './features/email/email.service.js'
import { createOidcConfigurations } from './features/sso/oidc-configurations.js'
import { createSsoRepository } from './features/sso/sso.repository.js'
import { ssoRoutes } from './features/sso/sso.routes.js'
import { createSsoService } from './features/sso/sso.service.js'
import { createCatalogue } from './features/reports/catalogue/catalogue.js'
import { createReportQueryRunner } from './features/reports/engine/query-runner.js'
import { createReportsRepository } from './features/reports/reports.repository.js'
import { reportsRoutes } from './features/reports/reports.routes.js'
import { createExportThreads } from './features/reports/exports/export-thread.js'
import { createReportsService } from './features/reports/reports.service.js'
import { createExportJobsRepository } from './features/reports/export-jobs/export-jobs.repository.js'
import { exportJobsRoutes } from './features/reports/export-jobs/export-jobs.routes.js'
import { createExportJobsService } from './features/reports/export-jobs/export-jobs.service.js'
import { createUploadsRepository } from './features/reports/uploads/uploads.repository.js'
import { uploadsRoutes } from './features/reports/uploads/uploads.routes.js'
import { createUploadsService } from './features/reports/uploads/uploads.service.js'
import { healthRoutes } from './features/health/health.routes.js'
import { monitoringRoutes } from './features/monitoring/monitoring.routes.js'
import { createMonitoringService } from './features/monitoring/monitoring.service.js'
import { createServerAlerts } from './features/monitoring/server-alerts.js'
import { createStateHistoryRepository } from './features/monitoring/state-history.repository.js'
import { createStateHistory } from './features/monitoring/state-history.service.js'
import { createUsersRepository } from './features/users/users.repository.js'
import { createDutiesRepository } from './features/users/duties.repository.js'
import { createAttachmentsRepository } from './features/finance/attachments.repository.js'
import { attachmentsRoutes } from './features/finance/attachments.routes.js'
import { createAttachmentsService } from './features/finance/attachments.service.js'
import { createChartRepository } from './features/finance/chart.repository.js'
import { createChartService } from './features/finance/chart.service.js'
import { createDutyAccess } from './features/finance/duty-access.js'
import { createExceptionsRepository } from './features/finance/exceptions.repository.js'
import { financeRoutes } from './features/finance/finance.routes.js'
import { type FinanceService, createFinanceService } from './features/finance/finance.service.js'
import { createFinanceSettingsRepository } from './features/finance/finance-settings.repository.js'
import { createFinanceSettingsService } from './features/finance/finance-settings.service.js'
import { createMyQueue } from './features/finance/my-queue.js'
import { myQueueRoutes } from './features/finance/my-queue.routes.js'
import { createSeparationService } from './features/finance/separation.service.js'
import { createParticipantsRepository } from './features/finance/participants.repository.js'
import { financeSetupQueue } from './features/finance/setup-queue.js'
import { siteAttachmentAccess } from './features/finance/site-attachments.js'
import { type SiteRow, createSitesRepository } from './features/finance/sites.repository.js'
import { createSitesService } from './features/finance/sites.service.js'
import { createSiteAccountsRepository } from './features/finance/site-accounts.repository.js'
import { siteAccountsRoutes } from './features/finance/site-accounts.routes.js'
import { createSiteAccountsService } from './features/finance/site-accounts.service.js'
import { seedDemoDistrict } from './demo/demo-district.js'
import { accrualsDemoStep } from './demo/demo-accruals.js'
import { receiptsDemoStep } from './demo/demo-receipts.js'
import { createAccrualAccess } from './features/accruals/accrual-access.js'
import { createAccrualClearingService } from './features/accruals/accrual-clearing.service.js'
import { createAccrualCyclesService } from './features/accruals/accrual-cycles.service.js'
import { accrualsDatasets } from './features/accruals/accruals-datasets.js'
import { createAccrualsImportService } from './features/accruals/accruals-import.service.js'
import { createAccrualsOversightService } from './features/accruals/accruals-oversight.service.js'
import { createAccrualsRepository } from './features/accruals/accruals.repository.js'
import { accrualsRoutes } from './features/accruals/accruals.routes.js'
import { createAccrualsService } from './features/accruals/accruals.service.js'
import { readCsv } from './features/reports/uploads/read-csv.js'
import { readXlsx } from './features/reports/uploads/read-xlsx.js'
import { recordsDemoStep } from './demo/demo-records.js'
import { createRecordsAccess } from './features/records/records-access.js'
import { createRecordsCalendarRepository } from './features/records/records-calendar.repository.js'
import { createRecordsCalendarService } from './features/records/records-calendar.service.js'
import { createRecordsContext } from './features/records/records-context.js'
import { recordsDatasets } from './features/records/records-datasets.js'
import { createRecordsLettersService } from './features/records/records-letters.service.js'
import { createRecordsOversightService } from './features/records/records-oversight.service.js'
import { createRecordsRepository } from './features/records/records.repository.js'
import { recordsRoutes } from './features/records/records.routes.js'
import { createRecordsService } from './features/records/records.service.js'
import { REQUEST_RECORD_TYPE, createRecordsWorkService } from './features/records/records-work.service.js'
import { createRecordsWorkRepository } from './features/records/records-work.repository.js'
import { accrualsFiscalSource, receiptsFiscalSource } from './features/records/fiscal-sources.js'
import { createDepositsRepository } from './features/receipts/deposits.repository.js'
import { createDepositsService } from './features/receipts/deposits.service.js'
import { createReceiptAccess } from './features/receipts/receipt-access.js'
import { auditReadPolicy } from './features/receipts/amount-visibility.js'
import { createReceiptLabelsRepository } from './features/receipts/receipt-labels.repository.js'
import { createReceiptsJournalRepository } from './features/receipts/receipts-journal.repository.js'
import { createReceiptsOversightService } from './features/receipts/receipts-oversight.service.js'
import { createApproverDirectory, createReceiptsRepository } from './features/receipts/receipts.repository.js'
import { countingSites } from './features/receipts/amount-visibility.js'
import { receiptsDatasets } from './features/receipts/receipts-datasets.js'
import { receiptsRoutes } from './features/receipts/receipts.routes.js'
import { createReceiptsService } from './features/receipts/receipts.service.js'
import { usersRoutes } from './features/users/users.routes.js'
import { createUsersService } from './features/users/users.service.js'
import { createUsersImportService } from './features/users/users-import.service.js'
import { type Clock, systemClock } from './lib/clock.js'
import { type JobLeases, createJobLeases } from './db/job-leases.js'
import { loggerOptions } from './lib/logger.js'
import type { MailTransport } from './lib/mail-transport.js'
import { createRateLimiter, createRequestLimiter } from './db/rate-limiter.js'
import type { AuthUser } from './plugins/access.js'
import { type RouteAccess, installAccessControl } from './plugins/access-control.js'
import { apiDocsRoute, installApiDocs } from './plugins/api-docs.js'
import { installApiCacheControl } from './plugins/cache-control.js'
import { installErrorHandler } from './plugins/error-handler.js'
import { responseSerializerCompiler } from './plugins/response-serializer.js'
import { installSecurityHeaders } from './plugins/security-headers.js'
import { installWebApp } from './plugins/web-app.js'

export interface AppDeps {
  config: Config
  db: Db
  transport: MailTransport
  clock?: Clock
  /** Where log lines go (tests capture them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream
  /** Read this DSA tracker instead of the configured one (the demo tracker, whose port is known once it listens). */
  dsaTrackerUrl?: string
}

export interface MailQueue {
  /** Sends every due message; returns how many were tried. */
  processDue(): Promise<number>
}

export interface BuiltApp {
  app: FastifyInstance
  /** Every /api route with its declared access rule. */
  routes: RouteAccess[]
  /** Periodic housekeeping (expired rate-limit windows). */
  maintenance(): Promise<void>
  mailQueue: MailQueue
  /**
   * Ownership of background work (scrape runs, messages being sent): `sweep` settles the jobs of instances that
   * stopped renewing their leases (a failed run, a message marked for an administrator to resend).
   */
  jobLeases: JobLeases
  /** The finance foundation the fiscal applications use. */
  finance: FinanceService
  /** From now on /api/ready answers 503, so load balancers send no new calls before the instance stops. */
  drain(): void
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url))
const BODY_LIMIT_BYTES = 1024 * 1024

/** The one composition root: repositories → services → route plugins. */
export async function buildApp({ config, db, transport, clock = systemClock, logStream, dsaTrackerUrl }: AppDeps): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler)
  // The API speaks JSON only; a text body is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain')

  const secret = await resolveAuthSecret(config.authSecret, createSettingsRepository(db))
  let draining = false
  const jobLeases = createJobLeases(db, {
    owner: config.instanceId,
    leaseMs: config.jobLeaseMs,
    clock,
    onError: (error, what) => app.log.warn({ err: error }, `job lease: ${what} failed`),
  })
  const limiter = createRateLimiter(db, clock)
  const requestLimits = {
    perPerson: createRequestLimiter(db, clock, { limit: config.rateLimitPerMinute, windowSeconds: 60 }),
    perAddress: createRequestLimiter(db, clock, { limit: config.rateLimitAnonymousPerMinute, windowSeconds: 60 }),
  }
  app.addHook('onClose', async () => {
    await requestLimits.perPerson.close()
    await requestLimits.perAddress.close()
  })
  // The audit chain's key and the checkpoints' signing key, kept outside the database (decision 034); the chain is
  // keyed from its chain-keyed row on, written once by whichever instance starts first with the key.
  const auditKeys = serverAuditKeys(config.audit, db)
  const auditLog = createAuditRepository(db, auditKeys.chain)
  const audit = createAuditService({ audit: auditLog, clock })
  await audit.keyChain(auditKeys.chain.keyId)
  const email = createEmailService({
    transport,
    emails: createEmailRepository(db),
    leases: jobLeases,
    clock,
    secret,
    settings: {
      districtName: config.mail.districtName,
      logoUrl: config.mail.logoUrl,
      appUrl: config.appUrl,
      from: config.mail.from,
      retryMinutes: config.mail.retryMinutes,
    },
  })
  const users = createUsersRepository(db)
  const applicationsRepository = createApplicationsRepository(db)
  const applications = createApplicationsService({ applications: applicationsRepository })
  const challenges = createChallengesRepository(db)
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.kysely.transaction().execute(work)
  const auditCheckpoints = createAuditCheckpointsService({
    checkpoints: createAuditCheckpointsRepository(db),
    audit,
    auditLog,
    leases: jobLeases,
    clock,
    chain: auditKeys.chain,
    signing: auditKeys.signing,
    platform: config.appUrl,
    districtTimeZone: config.districtTimeZone,
    auditorEmails: config.audit.auditorEmails,
    enqueueMail: (mail, trx) => email.enqueue({ kind: 'audit_checkpoint', ...mail, secrets: [] }, trx),
    inTransaction,
  })
  const cacheInvalidation = createCacheInvalidation(db, (error) =>
    app.log.warn(
      { err: error },
      'The caches lost their notification connection; sessions, duties and sites are read from the database until it is back.',
    ),
  )
  app.addHook('onClose', () => cacheInvalidation.close())
  const sessions = createSessionsService({
    sessions: createSessionsRepository(db),
    cache: createInvalidatedSessionCache(cacheInvalidation),
    challenges,
    tokens: createSessionTokens(secret),
    applications,
    audit,
    clock,
    policy: config.session,
  })
  const devices = createDevicesService({
    devices: createDevicesRepository(db),
    email,
    audit,
    clock,
    secret,
    appUrl: config.appUrl,
    idleHours: config.session.idleHours,
  })
  const signIn = createSignInService({
    users,
    challenges,
    sessions,
    email,
    audit,
    limiter,
    clock,
    secret,
    appUrl: config.appUrl,
    devices,
    districtDomains: config.districtDomains,
  })
  const sso = createSsoService({
    configurations: createOidcConfigurations(config.sso.providers, { allowHttp: config.sso.allowHttp, timeoutMs: config.sso.timeoutMs }),
    states: createSsoRepository(db),
    challenges,
    users,
    signIn,
    audit,
    clock,
    secret,
    appUrl: config.appUrl,
  })
  // A site and a person's duties are read by every fiscal step and change seldom: kept in the process, exact through
  // the shared invalidation (db/cache-invalidation.ts), like sessions.
  const siteCache = createWatchedCache<SiteRow | undefined>(cacheInvalidation, (write) => write.table === 'finance_sites', 1_000)
  const dutyCache = createWatchedCache<Duty[]>(
    cacheInvalidation,
    (write) => write.table === 'finance_duties' || write.table === 'applications',
    20_000,
  )
  const uncachedSites = createSitesRepository(db)
  const sitesRepository = {
    ...uncachedSites,
    findById: (siteId: number) => siteCache.read(String(siteId), () => uncachedSites.findById(siteId)),
  }
  const dutiesRepository = createDutiesRepository(db)
  const dutiesOf = (userId: number) =>
    dutyCache.read(String(userId), async () => (await dutiesRepository.dutiesOf([userId])).get(userId) ?? [])
  const invitations = createInvitationsService({ challenges, email, limiter, clock, secret, appUrl: config.appUrl })
  const userAdminDeps = {
    users,
    audit,
    clock,
    inTransaction,
    duties: dutiesRepository,
    siteIds: async () => (await sitesRepository.list()).map((site) => site.site_id),
    sites: () => sitesRepository.list(),
    catalogue: () => applicationsRepository.catalogue(),
    invalidateMenus: (trx: Transaction<Database>) => applicationsRepository.bumpAccessVersion(trx),
    sendInvitation: invitations.send,
  }
  const usersService = createUsersService({
    ...userAdminDeps,
    resendInvitation: invitations.resend,
    endAllAccess: (userId, reason) => sessions.endAllAccess(userId, reason),
    endSessions: (userId, reason) => sessions.endSessions(userId, reason),
  })
  const usersImport = createUsersImportService({ ...userAdminDeps, queueInvitation: invitations.queue })
  const applicationsAdmin = createApplicationsAdminService({ applications: applicationsRepository, audit, clock, inTransaction })
  const emailAdmin = createEmailAdminService({
    email,
    audit,
    clock,
    reissue: resendRules({
      sendSignIn: (recipient, client) => signIn.sendMagicLink(recipient, client),
      userIdByEmail: async (recipient) => (await users.findByEmail(recipient))?.user_id,
      resendInvitation: (userId, actor, client) => usersService.resendInvitation(userId, actor, client),
    }),
  })
  const serverAlerts = createServerAlerts({
    email,
    recipients: config.weblogic.alerts,
    administrators: () => users.activeAdministratorEmails(),
    monitoringUrl: `${config.appUrl}/apps/weblogic-monitoring`,
  })
  const stateHistory = createStateHistory({
    history: createStateHistoryRepository(db),
    clock,
    ...(serverAlerts ? { onAlarm: serverAlerts } : {}),
    onError: (error) => app.log.error({ err: error }, 'Server Monitoring could not record a state change'),
  })
  const monitoring = createMonitoringService({
    domains: config.weblogic.domains,
    ttlSeconds: config.weblogic.cacheTtlSeconds,
    clock,
    history: stateHistory,
  })
  app.addHook('onClose', () => monitoring.close())
  const downloads = createDownloads(db)
  const dsa = createDsaService({
    projects: createDsaRepository(db),
    leases: jobLeases,
    clock,
    settings: {
      baseUrl: dsaTrackerUrl ?? config.dsa.baseUrl,
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
    jobLeases.close()
  })
  const uploads = createUploadsService({ uploads: createUploadsRepository(db), audit, clock })
  const catalogue = createCatalogue({
    uploads: () => uploads.catalogue(),
    // Resolved when a report runs, after the finance foundation below exists.
    applicationDatasets: [
      ...receiptsDatasets(
        (user) => finance.visibleSites(user, 'PAYMENT_RECEIPTS'),
        (user) => countingSites(finance, user),
      ),
      ...accrualsDatasets((user) => finance.visibleSites(user, 'ACCRUALS')),
      ...recordsDatasets(),
    ],
    holdsApplication: (user, appCode) =>
      applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, appCode),
  })
  const reportQueries = createReportQueryRunner(db, db.file, {
    interactiveMs: config.reports.queryTimeoutMs,
    exportMs: config.reports.exportTimeoutMs,
  })
  app.addHook('onClose', () => reportQueries.close())
  const exportThreads = createExportThreads({ db })
  const reports = createReportsService({
    reports: createReportsRepository(db),
    catalogue,
    audit,
    clock,
    inTransaction,
    runQuery: (kind) => reportQueries.runner(kind),
    timeZone: config.districtTimeZone,
  })
  const exportJobs = createExportJobsService({
    jobs: createExportJobsRepository(db),
    leases: jobLeases,
    reports,
    exportThreads,
    clock,
    inTransaction,
    findOwner: (userId) => users.findById(userId),
    holdsReportsStudio: (user) =>
      applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, 'REPORTS_STUDIO'),
    enqueueNotice: (notice, trx) => email.enqueue({ kind: 'report_export_ready', ...notice, secrets: [] }, trx),
    appUrl: config.appUrl,
    timeZone: config.districtTimeZone,
    onError: (error, what) => app.log.error({ err: error }, `report export job: ${what} failed`),
  })
  exportJobs.startPolling()
  // Jobs being written stop before the database closes; their leases run out and another instance takes them.
  app.addHook('onClose', () => exportJobs.close())
  const appIdOf = async (code: string) =>
    (await applicationsRepository.catalogue()).find((entry) => entry.app_code === code)?.app_id ?? null
  const appCodeOf = async (appId: number) =>
    (await applicationsRepository.catalogue()).find((entry) => entry.app_id === appId)?.app_code ?? null
  const sites = createSitesService({ sites: sitesRepository, audit, clock })
  const siteAccounts = createSiteAccountsService({ siteAccounts: createSiteAccountsRepository(db), sites, audit, clock })
  const chartRepository = createChartRepository(db)
  const chart = createChartService({ chart: chartRepository, audit, clock, inTransaction })
  const financeSettings = createFinanceSettingsService({
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
    appIdOf,
    appCodeOf,
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
      cashAccountCount: async () => Object.keys((await financeSettings.postingAccounts()).cashAccounts).length,
    }),
  )
  const finance = createFinanceService({
    sites,
    chart,
    settings: financeSettings,
    separation,
    attachments,
    myQueue,
    siteAccounts,
    districtTimeZone: config.districtTimeZone,
    duties: createDutyAccess({ dutiesOf, siteLabel: async (siteId) => (await sitesRepository.findById(siteId))?.name ?? `site ${siteId}` }),
  })
  const receiptsRepository = createReceiptsRepository(db)
  // Receipt and deposit numbers carry their site's code: once one is issued, the code stays.
  sites.lockCodeWhen(createReceiptLabelsRepository(db).firstIssuedAt)
  const depositsRepository = createDepositsRepository(db)
  const receiptAccess = createReceiptAccess(finance)
  // The blind count reaches the Activity view too: a person who counts reads no receipt amount there.
  audit.registerReadPolicy(auditReadPolicy(finance))
  const receiptsDeps = { receipts: receiptsRepository, deposits: depositsRepository, finance, access: receiptAccess, audit, clock }
  const receiptsService = createReceiptsService(receiptsDeps)
  const depositsService = createDepositsService(receiptsDeps)
  const receiptsOversight = createReceiptsOversightService({
    ...receiptsDeps,
    journal: createReceiptsJournalRepository(db),
    appUrl: config.appUrl,
    approverEmails: createApproverDirectory(db).approverEmails,
    enqueueMail: (mail) => email.enqueue({ kind: 'deposit_overdue', ...mail, secrets: [] }),
    listSeparationExceptions: () => separation.listExceptions(undefined),
  })
  myQueue.register((user) => receiptsOversight.queueFor(user))
  // A receipt's or deposit's files: whoever may see the record reads them; its site's collectors and approvers add them.
  for (const [recordType, read] of [
    ['receipt', (id: number, user: AuthUser) => receiptsService.detail(id, user)],
    ['deposit', (id: number, user: AuthUser) => depositsService.detail(id, user)],
  ] as const) {
    attachments.registerAccess('PAYMENT_RECEIPTS', recordType, async (user, recordId, mode) => {
      const id = Number(recordId)
      if (!Number.isSafeInteger(id) || id <= 0) return false
      const record = await read(id, user).catch(() => null)
      if (!record) return false
      return (
        mode === 'read' ||
        (await receiptAccess.has(user, 'COLLECTOR', record.siteId)) ||
        (await receiptAccess.has(user, 'APPROVER', record.siteId))
      )
    })
  }
  const accrualsRepository = createAccrualsRepository(db)
  const accrualAccess = createAccrualAccess(finance)
  const accrualsDeps = { accruals: accrualsRepository, finance, access: accrualAccess, audit, clock }
  const accrualsOversight = createAccrualsOversightService({
    ...accrualsDeps,
    appUrl: config.appUrl,
    enqueueMail: (mail) => email.enqueue({ ...mail, secrets: [] }),
  })
  myQueue.register((user) => accrualsOversight.queueFor(user))
  const accrualRequests = createAccrualsService({
    ...accrualsDeps,
    listAttachments: (recordId, user) => attachments.list({ appCode: 'ACCRUALS', recordType: 'accrual', recordId }, user),
    // The step is saved by now: a notice that cannot be queued is logged, never turned into a failed step.
    onStep: (id, step) =>
      accrualsOversight
        .afterStep(id, step)
        .catch((error: unknown) => app.log.error({ err: error }, `the notice after accrual ${id}'s ${step} could not be queued`)),
  })
  const accrualCycles = createAccrualCyclesService(accrualsDeps)
  const accrualClearing = createAccrualClearingService({ ...accrualsDeps, requests: accrualRequests })
  const accrualImport = createAccrualsImportService({
    ...accrualsDeps,
    readTable: (kind, bytes) => (kind === 'csv' ? readCsv(bytes) : readXlsx(bytes)),
  })
  // A request's files (invoice, packing slip, grant award): whoever may see it reads them; its holder and its site's controllers add them.
  attachments.registerAccess('ACCRUALS', 'accrual', (user, recordId, mode) => accrualRequests.fileAccess(recordId, user, mode))
  // Public Information: requests belong to the district; the duty table is checked on each request by its services.
  const recordsWorkRepository = createRecordsWorkRepository(db)
  const recordsCalendarRepository = createRecordsCalendarRepository(db)
  const recordsAccess = createRecordsAccess({
    finance,
    isAssigned: (requestId, userId) => recordsWorkRepository.isAssigned(requestId, userId),
  })
  const recordsContext = createRecordsContext({
    requests: createRecordsRepository(db),
    work: recordsWorkRepository,
    calendar: recordsCalendarRepository,
    finance,
    access: recordsAccess,
    audit,
    clock,
  })
  const recordsService = createRecordsService(recordsContext)
  const recordsWork = createRecordsWorkService(recordsContext)
  const recordsLetters = createRecordsLettersService(recordsContext, { districtName: config.mail.districtName })
  const recordsCalendar = createRecordsCalendarService({
    calendar: recordsCalendarRepository,
    access: recordsAccess,
    audit,
    clock,
    districtTimeZone: config.districtTimeZone,
  })
  const recordsOversight = createRecordsOversightService(recordsContext, {
    appUrl: config.appUrl,
    coordinatorEmails: async () => [
      ...new Set(
        (await recordsCalendarRepository.people()).filter((person) => person.duty === 'COORDINATOR').map((person) => person.email),
      ),
    ],
    emailOf: async (userId) => (await users.findById(userId))?.email ?? null,
    enqueueMail: (mail) => email.enqueue({ kind: 'records_due', ...mail, secrets: [] }),
  })
  myQueue.register((user) => recordsOversight.queueFor(user))
  attachments.registerAccess('PUBLIC_INFO', REQUEST_RECORD_TYPE, (user, recordId, mode) => recordsWork.fileAccess(user, recordId, mode))
  recordsWork.registerFiscalSource(
    receiptsFiscalSource({
      list: (query, user) => receiptsService.list(query, user),
      detail: (id, user) => receiptsService.detail(id, user),
    }),
  )
  recordsWork.registerFiscalSource(
    accrualsFiscalSource({
      list: (query, user) => accrualRequests.list(query, user),
      detail: (id, user) => accrualRequests.detail(id, user),
    }),
  )

  const dashboard = createDashboardService({
    countUsers: () => users.counts(),
    countActiveSessions: () => sessions.countActive(),
    countSignInsSince: (since) => audit.countSince('sign_in.success', 'success', since),
    clock,
  })

  installSecurityHeaders(app)
  installApiCacheControl(app)
  await installApiDocs(app)
  const pageFallback = await installWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST, config.districtTimeZone)
  installErrorHandler(app, pageFallback)
  const routes = installAccessControl(app, {
    authenticate: (token) => sessions.authenticate(token),
    failureText: (failure) => authFailureText(failure as AuthFailure),
    holdsApplication: (user, appCode) =>
      applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, appCode),
    limits: requestLimits,
  })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { isDatabaseReachable: () => isDatabaseReachable(db), isDraining: () => draining })
      await api.register(authRoutes, {
        signIn,
        sessions,
        debugAuthEnabled: config.debugAuthEnabled,
        signInOptions: { districtDomains: config.districtDomains, ssoProviders: config.sso.providers.map((provider) => provider.id) },
      })
      await api.register(accountRoutes, { devices })
      await api.register(ssoRoutes, { sso, secureCookies: config.appUrl.startsWith('https://') })
      await api.register(dashboardRoutes, { dashboard })
      await api.register(usersRoutes, { users: usersService, importer: usersImport, catalogue: () => applicationsRepository.catalogue() })
      await api.register(applicationsRoutes, { admin: applicationsAdmin })
      await api.register(auditRoutes, { audit, checkpoints: auditCheckpoints, clock })
      await api.register(emailRoutes, { email, emailAdmin, clock })
      await api.register(monitoringRoutes, { monitoring, history: stateHistory })
      await api.register(dsaRoutes, { dsa, downloads, requestDelayMs: config.dsa.requestDelayMs, clock })
      await api.register(reportsRoutes, { reports, catalogue, exportThreads, exportJobs, downloads })
      await api.register(exportJobsRoutes, { exportJobs })
      await api.register(uploadsRoutes, { uploads })
      await api.register(financeRoutes, { sites, chart, settings: financeSettings, separation })
      await api.register(siteAccountsRoutes, { siteAccounts })
      await api.register(attachmentsRoutes, { attachments })
      await api.register(myQueueRoutes, { myQueue })
      await api.register(receiptsRoutes, { receipts: receiptsService, deposits: depositsService, oversight: receiptsOversight, downloads })
      await api.register(accrualsRoutes, {
        requests: accrualRequests,
        cycles: accrualCycles,
        clearing: accrualClearing,
        importer: accrualImport,
        downloads,
      })
      await api.register(recordsRoutes, {
        records: recordsService,
        work: recordsWork,
        letters: recordsLetters,
        oversight: recordsOversight,
        calendar: recordsCalendar,
      })
    },
    { prefix: '/api' },
  )
  apiDocsRoute(app)

  if (config.demoData) {
    const seeded = await seedDemoDistrict(
      {
        users,
        usersService,
        sites,
        chart,
        financeSettings,
        clock,
        adminEmail: config.adminEmail,
        catalogue: () => applicationsRepository.catalogue(),
      },
      [
        receiptsDemoStep({ db, auditLog, finance, separation, users, usersService, appClock: clock }),
        accrualsDemoStep({ db, auditLog, finance, users, usersService, appClock: clock }),
        recordsDemoStep({ db, auditLog, finance, users, usersService, appClock: clock, districtName: config.mail.districtName }),
      ],
    )
    if (seeded) app.log.info(`Demo district seeded: ${seeded}`)
  }

  return {
    app,
    routes,
    maintenance: async () => {
      await limiter.purgeExpired()
      await sso.purgeExpired()
      await receiptsOversight.sendClockNotices()
      await accrualsOversight.sendDeadlineNotices()
      await recordsOversight.sendDueAlerts()
      // The day's signed checkpoint of the audit chain: the first instance to run this on a new district day makes it.
      await auditCheckpoints.daily()
      // Export files kept past their day.
      await exportJobs.sweepExpired()
    },
    mailQueue: { processDue: () => email.processDue() },
    jobLeases,
    finance,
    drain: () => {
      draining = true
    },
  }
}
