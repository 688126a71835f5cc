import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { type FeatureModule, createCore } from './core.js'
import { type Db, isDatabaseReachable } from './db/database.js'
import type { JobLeases } from './db/job-leases.js'
import { seedDemo } from './demo/demo.module.js'
import { createDownloads } from './downloads/downloads.js'
import { accrualsDatasets } from './features/accruals/accruals-datasets.js'
import { accrualsModule } from './features/accruals/accruals.module.js'
import { accountModule } from './features/account/account.module.js'
import { applicationsModule } from './features/applications/applications.module.js'
import { auditModule } from './features/audit/audit.module.js'
import { authModule } from './features/auth/auth.module.js'
import { authFailureText, type AuthFailure } from './features/auth/sessions.service.js'
import { dashboardModule } from './features/dashboard/dashboard.module.js'
import { dsaModule } from './features/dsa/dsa.module.js'
import { emailModule } from './features/email/email.module.js'
import { financeModule } from './features/finance/finance.module.js'
import type { FinanceService } from './features/finance/finance.service.js'
import { healthRoutes } from './features/health/health.routes.js'
import { metricsModule } from './features/metrics/metrics.module.js'
import { monitoringModule } from './features/monitoring/monitoring.module.js'
import { countingSites } from './features/receipts/amount-visibility.js'
import { receiptsDatasets } from './features/receipts/receipts-datasets.js'
import { receiptsModule } from './features/receipts/receipts.module.js'
import { recordsDatasets } from './features/records/records-datasets.js'
import { recordsModule } from './features/records/records.module.js'
import { reportsModule } from './features/reports/reports.module.js'
import { retentionModule } from './features/retention/retention.module.js'
import { readCsv } from './features/reports/uploads/read-csv.js'
import { readXlsx } from './features/reports/uploads/read-xlsx.js'
import { ssoModule } from './features/sso/sso.module.js'
import { createDutiesRepository } from './features/users/duties.repository.js'
import { usersModule } from './features/users/users.module.js'
import { type Clock, systemClock } from './lib/clock.js'
import { loggerOptions } from './lib/logger.js'
import type { MailTransport } from './lib/mail-transport.js'
import { hmac } from './lib/crypto.js'
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
  /** Periodic housekeeping: each feature's notices due and expired rows. */
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

/** The one composition root: the core every feature stands on, then each feature's module, in the order they need each other. */
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

  const core = await createCore(app, { config, db, clock, transport })
  const metrics = metricsModule(core, { poolStats: () => db.poolStats() })
  const account = accountModule(core)
  const auth = authModule(core, { devices: account.devices, counts: metrics.events })
  const duties = createDutiesRepository(db)
  const foundation = financeModule(core, duties)
  const { finance, separation } = foundation
  const people = usersModule(core, { ...auth, duties, sites: foundation.siteRows })
  const downloads = createDownloads(db)
  const receipts = receiptsModule(core, { finance, sites: foundation.sites, separation, downloads })
  const readTable = (kind: 'csv' | 'xlsx', bytes: Buffer) => (kind === 'csv' ? readCsv(bytes) : readXlsx(bytes))
  const accruals = accrualsModule(core, { finance, attachments: foundation.attachments, readTable, downloads })
  const records = recordsModule(core, { finance, receipts: receipts.receipts, accruals: accruals.requests })
  const sections = { receipts: receipts.overview, accruals: accruals.overview, records: records.overview }
  let draining = false
  const modules: FeatureModule[] = [
    {
      routes: async (api) => {
        await api.register(healthRoutes, { isDatabaseReachable: () => isDatabaseReachable(db), isDraining: () => draining })
      },
    },
    account,
    auth,
    ssoModule(core, auth),
    dashboardModule(core, { sessions: auth.sessions, sections }),
    people,
    applicationsModule(core),
    emailModule(core, { signIn: auth.signIn, usersService: people.usersService }),
    monitoringModule(core),
    dsaModule(core, { downloads, trackerUrl: dsaTrackerUrl }),
    foundation,
    receipts,
    accruals,
    records,
    retentionModule(core),
    // After the applications' notices and the purge, so the day's checkpoint of the audit chain follows them.
    auditModule(core),
    reportsModule(core, {
      downloads,
      applicationDatasets: [
        ...receiptsDatasets(
          (user) => finance.visibleSites(user, 'PAYMENT_RECEIPTS'),
          (user) => countingSites(finance, user),
        ),
        ...accrualsDatasets((user) => finance.visibleSites(user, 'ACCRUALS')),
        ...recordsDatasets(),
      ],
    }),
  ]

  installSecurityHeaders(app)
  installApiCacheControl(app)
  await installApiDocs(app)
  const pageFallback = await installWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST, config.districtTimeZone)
  installErrorHandler(app, pageFallback)
  const routes = installAccessControl(app, {
    authenticate: (token) => auth.sessions.authenticate(token),
    failureText: (failure) => authFailureText(failure as AuthFailure),
    holdsApplication: core.holdsApplication,
    limits: core.requestLimits,
    addressKey: (ip) => hmac(core.secret, 'api-ip', ip),
    onLimitHit: (limiter) => metrics.events.limitHit(limiter),
  })
  metrics.install()
  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api)
    },
    { prefix: '/api' },
  )
  apiDocsRoute(app)

  if (config.demoData) await seedDemo(core, foundation, people)

  return {
    app,
    routes,
    maintenance: async () => {
      for (const module of modules) await module.maintenance?.()
    },
    mailQueue: { processDue: () => core.email.processDue() },
    jobLeases: core.jobLeases,
    finance,
    drain: () => {
      draining = true
    },
  }
}
