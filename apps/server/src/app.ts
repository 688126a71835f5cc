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
import { authRoutes } from './features/auth/auth.routes.js'
import { createChallengesRepository } from './features/auth/challenges.repository.js'
import { createSessionTokens, resolveAuthSecret } from './features/auth/session-token.js'
import { createSessionsRepository } from './features/auth/sessions.repository.js'
import { authFailureText, createSessionsService, type AuthFailure } from './features/auth/sessions.service.js'
import { createSettingsRepository } from './features/auth/settings.repository.js'
import { createSignInService } from './features/auth/sign-in.service.js'
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js'
import { createDashboardService } from './features/dashboard/dashboard.service.js'
import { createEmailRepository } from './features/email/email.repository.js'
import { createEmailAdminService } from './features/email/email-admin.service.js'
import { emailRoutes } from './features/email/email.routes.js'
import { createDsaRepository } from './features/dsa/dsa.repository.js'
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
import { createReportsService } from './features/reports/reports.service.js'
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
import { usersRoutes } from './features/users/users.routes.js'
import { createUsersService } from './features/users/users.service.js'
import { createUsersImportService } from './features/users/users-import.service.js'
import { type Clock, systemClock } from './lib/clock.js'
import { AppError } from './lib/errors.js'
import { loggerOptions } from './lib/logger.js'
import type { MailTransport } from './lib/mail-transport.js'
import { createBatchedRateLimiter, createRateLimiter } from './lib/rate-limiter.js'
import type { AuthUser } from './plugins/access.js'
import { type RouteAccess, installAccessControl } from './plugins/access-control.js'
import { apiDocsRoute, installApiDocs } from './plugins/api-docs.js'
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
  /** Marks messages a stopped process was sending as failed (never sent twice). */
  recoverInterrupted(): Promise<number>
}

export interface BuiltApp {
  app: FastifyInstance
  /** Every /api route with its declared access rule. */
  routes: RouteAccess[]
  /** Periodic housekeeping (expired rate-limit windows). */
  maintenance(): Promise<void>
  mailQueue: MailQueue
  /** Marks scrape runs a stopped process left RUNNING as failed; returns how many. */
  recoverInterruptedScrapes(): Promise<number>
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
  const limiter = createRateLimiter(db, clock)
  const requestLimiter = createBatchedRateLimiter(db, clock, { limit: config.rateLimitPerMinute, windowSeconds: 60 })
  app.addHook('onClose', () => requestLimiter.close())
  const audit = createAuditService({ audit: createAuditRepository(db), clock })
  const email = createEmailService({
    transport,
    emails: createEmailRepository(db),
    clock,
    secret,
    settings: { districtName: config.mail.districtName, logoUrl: config.mail.logoUrl, appUrl: config.appUrl, from: config.mail.from, retryMinutes: config.mail.retryMinutes },
  })
  const users = createUsersRepository(db)
  const applicationsRepository = createApplicationsRepository(db)
  const applications = createApplicationsService({ applications: applicationsRepository })
  const challenges = createChallengesRepository(db)
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.kysely.transaction().execute(work)
  const sessions = createSessionsService({
    sessions: createSessionsRepository(db),
    challenges,
    tokens: createSessionTokens(secret),
    applications,
    audit,
    clock,
    policy: config.session,
  })
  const devices = createDevicesService({
    devices: createDevicesRepository(db), email, audit, clock, secret, appUrl: config.appUrl, idleHours: config.session.idleHours,
  })
  const signIn = createSignInService({
    users, challenges, sessions, email, audit, limiter, clock, secret, appUrl: config.appUrl, devices, districtDomains: config.districtDomains,
  })
  const sso = createSsoService({
    configurations: createOidcConfigurations(config.sso.providers, { allowHttp: config.sso.allowHttp, timeoutMs: config.sso.timeoutMs }),
    states: createSsoRepository(db),
    challenges, users, signIn, audit, clock, secret, appUrl: config.appUrl,
  })
  const invitations = createInvitationsService({ challenges, email, limiter, clock, secret, appUrl: config.appUrl })
  const userAdminDeps = {
    users, audit, clock, inTransaction,
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
  const usersImport = createUsersImportService(userAdminDeps)
  const applicationsAdmin = createApplicationsAdminService({ applications: applicationsRepository, audit, clock, inTransaction })
  const reissueSignIn = async (recipient: string, _actor: AuthUser, client: { ip: string; userAgent: string | undefined }) => {
    await signIn.sendMagicLink(recipient, client)
    return `A fresh sign-in e-mail was sent to ${recipient} (a new link and code; the old ones stay unusable).`
  }
  const emailAdmin = createEmailAdminService({
    email,
    audit,
    clock,
    reissue: {
      sign_in: reissueSignIn,
      no_account: reissueSignIn,
      new_device() {
        throw new AppError('unprocessable', 'A new-device notice describes a sign-in that has passed, so it is not sent again. The person sees every device under Devices and sessions.', { code: 'not_resendable' })
      },
      server_alert() {
        throw new AppError('unprocessable', 'A server alert describes a moment that has passed, so it is not sent again. The Server Monitoring screen shows the current state.', { code: 'not_resendable' })
      },
      async invitation(recipient, actor, client) {
        const user = await users.findByEmail(recipient)
        if (!user) throw new AppError('not_found', `There is no longer a user with the address ${recipient}.`)
        return (await usersService.resendInvitation(user.user_id, actor, client)).message
      },
    },
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
  const monitoring = createMonitoringService({ domains: config.weblogic.domains, ttlSeconds: config.weblogic.cacheTtlSeconds, clock, history: stateHistory })
  app.addHook('onClose', () => monitoring.close())
  const dsa = createDsaService({
    projects: createDsaRepository(db),
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
  })
  const uploads = createUploadsService({ uploads: createUploadsRepository(db), audit, clock })
  const catalogue = createCatalogue({
    uploads: () => uploads.catalogue(),
    holdsApplication: (user, appCode) => applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, appCode),
  })
  const reportQueries = createReportQueryRunner(db, db.file, {
    interactiveMs: config.reports.queryTimeoutMs, exportMs: config.reports.exportTimeoutMs,
  })
  app.addHook('onClose', () => reportQueries.close())
  const reports = createReportsService({
    reports: createReportsRepository(db), catalogue, audit, clock, inTransaction, k: db.kysely, dialect: db.dialect, runQuery: (kind) => reportQueries.runner(kind),
  })
  const dashboard = createDashboardService({
    countUsers: () => users.counts(),
    countActiveSessions: () => sessions.countActive(),
    countSignInsSince: (since) => audit.countSince('sign_in.success', 'success', since),
    clock,
  })

  installSecurityHeaders(app)
  await installApiDocs(app)
  const pageFallback = await installWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST)
  installErrorHandler(app, pageFallback)
  const routes = installAccessControl(app, {
    authenticate: (token) => sessions.authenticate(token),
    failureText: (failure) => authFailureText(failure as AuthFailure),
    holdsApplication: (user, appCode) =>
      applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, appCode),
    limiter: requestLimiter,
  })

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { isDatabaseReachable: () => isDatabaseReachable(db) })
      await api.register(authRoutes, {
        signIn, sessions, debugAuthEnabled: config.debugAuthEnabled,
        signInOptions: { districtDomains: config.districtDomains, ssoProviders: config.sso.providers.map((provider) => provider.id) },
      })
      await api.register(accountRoutes, { devices })
      await api.register(ssoRoutes, { sso, secureCookies: config.appUrl.startsWith('https://') })
      await api.register(dashboardRoutes, { dashboard })
      await api.register(usersRoutes, { users: usersService, importer: usersImport, catalogue: () => applicationsRepository.catalogue() })
      await api.register(applicationsRoutes, { admin: applicationsAdmin })
      await api.register(auditRoutes, { audit })
      await api.register(emailRoutes, { email, emailAdmin })
      await api.register(monitoringRoutes, { monitoring, history: stateHistory })
      await api.register(dsaRoutes, { dsa })
      await api.register(reportsRoutes, { reports, catalogue })
      await api.register(uploadsRoutes, { uploads })
    },
    { prefix: '/api' },
  )
  apiDocsRoute(app)

  return {
    app,
    routes,
    maintenance: async () => {
      await limiter.purgeExpired()
      await sso.purgeExpired()
    },
    mailQueue: { processDue: () => email.processDue(), recoverInterrupted: () => email.recoverInterrupted() },
    recoverInterruptedScrapes: () => dsa.recoverInterrupted(),
  }
}
