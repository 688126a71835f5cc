import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import type { Config } from './config.js'
import { type CacheInvalidation, createCacheInvalidation } from './db/cache-invalidation.js'
import type { Db } from './db/database.js'
import { type JobLeases, createJobLeases } from './db/job-leases.js'
import { type RateLimiter, type RequestLimiter, createRateLimiter, createRequestLimiter } from './db/rate-limiter.js'
import type { Database } from './db/schema.js'
import { createSettingsRepository } from './db/settings.repository.js'
import { type ApplicationsRepository, createApplicationsRepository } from './features/applications/applications.repository.js'
import { type ApplicationsService, createApplicationsService } from './features/applications/applications.service.js'
import { type AuditRepository, createAuditRepository } from './features/audit/audit.repository.js'
import { type AuditService, createAuditService } from './features/audit/audit.service.js'
import { serverAuditKeys } from './features/audit/audit-keys.js'
import { resolveAuthSecret } from './features/auth/session-token.js'
import { createEmailRepository } from './features/email/email.repository.js'
import { type EmailService, createEmailService } from './features/email/email.service.js'
import { type UsersRepository, createUsersRepository } from './features/users/users.repository.js'
import type { Clock } from './lib/clock.js'
import type { MailTransport } from './lib/mail-transport.js'
import type { AuthUser } from './plugins/access.js'

/** What a feature's module adds to the platform besides its services: its routes and its share of housekeeping. */
export interface FeatureModule {
  /** Registers the feature's routes on the /api scope. */
  routes?(api: FastifyInstance): Promise<void>
  /** Its part of the periodic housekeeping (notices due, expired rows). */
  maintenance?(): Promise<unknown>
}

/**
 * What every feature stands on: the configuration, the database and its transactions, the clock, the job leases
 * that keep background work to one instance, the rate limits, the mail queue, the audit trail, the directory of
 * people and the applications' catalogue.
 */
export interface Core {
  app: FastifyInstance
  config: Config
  db: Db
  clock: Clock
  /** The key of sign-in links, sessions and tracking links. */
  secret: string
  jobLeases: JobLeases
  limiter: RateLimiter
  requestLimits: { perPerson: RequestLimiter; perAddress: RequestLimiter }
  inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>
  cacheInvalidation: CacheInvalidation
  email: EmailService
  audit: AuditService
  auditLog: AuditRepository
  auditKeys: ReturnType<typeof serverAuditKeys>
  users: UsersRepository
  applicationsRepository: ApplicationsRepository
  applications: ApplicationsService
  /** Whether a person may use an application now (their role, their grants, revoked access). */
  holdsApplication(user: AuthUser, appCode: string): Promise<boolean>
}

export async function createCore(
  app: FastifyInstance,
  { config, db, clock, transport }: { config: Config; db: Db; clock: Clock; transport: MailTransport },
): Promise<Core> {
  const secret = await resolveAuthSecret(config.authSecret, createSettingsRepository(db))
  const jobLeases = createJobLeases(db, {
    owner: config.instanceId,
    leaseMs: config.jobLeaseMs,
    clock,
    onError: (error, what) => app.log.warn({ err: error }, `job lease: ${what} failed`),
  })
  // Hooks on close run last-registered first: the leases are let go after every feature's background work stopped.
  app.addHook('onClose', () => jobLeases.close())
  const requestLimits = {
    perPerson: createRequestLimiter(db, clock, { limit: config.rateLimitPerMinute, windowSeconds: 60 }),
    perAddress: createRequestLimiter(db, clock, { limit: config.rateLimitAnonymousPerMinute, windowSeconds: 60 }),
  }
  app.addHook('onClose', async () => {
    await requestLimits.perPerson.close()
    await requestLimits.perAddress.close()
  })
  // The audit chain's key and the checkpoints' signing key are kept outside the database; the chain is keyed from
  // its chain-keyed row on, written once by whichever instance starts first with the key.
  const auditKeys = serverAuditKeys(config.audit, db)
  const auditLog = createAuditRepository(db, auditKeys.chain)
  const audit = createAuditService({ audit: auditLog, clock, timeZone: config.districtTimeZone })
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
      timeZone: config.districtTimeZone,
    },
  })
  const cacheInvalidation = createCacheInvalidation(db, (error) =>
    app.log.warn(
      { err: error },
      'The caches lost their notification connection; sessions, duties and sites are read from the database until it is back.',
    ),
  )
  app.addHook('onClose', () => cacheInvalidation.close())
  const applicationsRepository = createApplicationsRepository(db)
  const applications = createApplicationsService({ applications: applicationsRepository })
  return {
    app,
    config,
    db,
    clock,
    secret,
    jobLeases,
    limiter: createRateLimiter(db, clock),
    requestLimits,
    inTransaction: (work) => db.kysely.transaction().execute(work),
    cacheInvalidation,
    email,
    audit,
    auditLog,
    auditKeys,
    users: createUsersRepository(db),
    applicationsRepository,
    applications,
    holdsApplication: (user, appCode) =>
      applications.holds({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion }, appCode),
  }
}
