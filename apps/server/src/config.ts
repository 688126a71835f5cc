import { createPrivateKey, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Cron } from 'croner'
import { isTimeZone } from '@platform/contracts/district-time'
import { CLIENT_ID_HINT, CLIENT_ID_PATTERN } from '@platform/contracts/dsa'
import { DEFAULT_MAIL_ATTACHMENT_LIMIT_MB } from '@platform/contracts/report-subscriptions'
import { z } from 'zod'
import { type WeblogicDomain, loadWeblogicDomains } from './lib/weblogic-domains-file.js'

/**
 * The server package's folder (apps/server), from its source and from its build alike. A relative SQLite path is read
 * from here, so `npm start` (run in this folder) and the commands run from the repository's root (backup, restore,
 * audit:verify) open the same file.
 */
const SERVER_FOLDER = fileURLToPath(new URL('..', import.meta.url))

function sqliteFile(path: string): string {
  if (path === '' || path === ':memory:') return ':memory:'
  return isAbsolute(path) ? path : resolve(SERVER_FOLDER, path)
}

/** The demo district's name, when DEMO_DATA seeds it and DISTRICT_NAME names no other. */
export const DEMO_DISTRICT_NAME = 'Demo Unified School District'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const databaseUrl = z.string().refine((value) => /^(sqlite:|postgres(ql)?:\/\/)/.test(value), 'must start with sqlite: or postgres://')

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ error: 'must be an absolute URL such as https://staff.district.org' }).optional(),
  DATABASE_URL: databaseUrl.default('sqlite:./data/platform.db'),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('District Staff Platform <no-reply@localhost>'),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).default('admin@example.org'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  DEBUG_AUTH_ENABLED: booleanFlag.default(true),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().positive().default(3000),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  DISTRICT_NAME: z.string().trim().min(1).max(120).optional(),
  DISTRICT_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  MAIL_LOGO_URL: z
    .url({ error: 'must be an https:// address of an image' })
    .refine((value) => value.startsWith('https://'), 'must be an https:// address')
    .optional(),
  MAIL_RETRY_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .positive()
    .max(7 * 24 * 60)
    .default(60),
  WEBLOGIC_DOMAINS_FILE: z.string().min(1).optional(),
  WEBLOGIC_CACHE_TTL_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(60),
  MAIL_ATTACHMENT_LIMIT_MB: z.coerce.number({ error: 'must be a number' }).positive().max(100).default(DEFAULT_MAIL_ATTACHMENT_LIMIT_MB),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (it is the password of /metrics)').optional(),
  MAIL_QUEUE_POLL_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(3600).default(5),
  WEBLOGIC_ALERTS: z
    .string()
    .trim()
    .default('off')
    .transform((value) => (value === 'off' || value === 'admins' ? value : value.split(',').map((address) => address.trim().toLowerCase())))
    .refine(
      (value) => typeof value === 'string' || value.every((address) => z.email().safeParse(address).success),
      'must be off, admins, or a comma-separated list of e-mail addresses',
    ),
  DISTRICT_EMAIL_DOMAIN: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    )
    .refine(
      (domains) => domains.every((domain) => /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)),
      'must be domains separated by commas, such as district.org,staff.district.org',
    )
    .optional(),
  OIDC_MICROSOFT_ISSUER: z.url({ error: 'must be the issuer URL, such as https://login.microsoftonline.com/<tenant id>/v2.0' }).optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_MICROSOFT_TENANT_ID: z.string().trim().min(1).optional(),
  OIDC_GOOGLE_ISSUER: z.url({ error: 'must be the issuer URL, https://accounts.google.com' }).optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_GOOGLE_HOSTED_DOMAIN: z.string().trim().toLowerCase().min(1).optional(),
  // Only for a local test identity provider: real issuers are https.
  OIDC_ALLOW_HTTP: booleanFlag.default(false),
  OIDC_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(60).default(10),
  REPORT_QUERY_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(600).default(15),
  REPORT_EXPORT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(3600).default(120),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .optional(),
  AUDIT_CHAIN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  AUDIT_CHAIN_KEY_FILE: z.string().min(1).optional(),
  AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  AUDITOR_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (addresses) => addresses.every((address) => z.email().safeParse(address).success),
      'must be e-mail addresses separated by commas',
    ),
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a number' }).min(1).max(3600).default(60),
  DEMO_DATA: booleanFlag.default(false),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0).max(300).default(0),
  DSA_BASE_URL: z
    .url({ error: 'must be an absolute URL such as https://www.apps2.dgs.ca.gov/DSA/Tracker/' })
    .default('https://www.apps2.dgs.ca.gov/DSA/Tracker/'),
  DSA_DEMO_TRACKER: booleanFlag.default(false),
  DSA_FRESH_DAYS: z.coerce.number({ error: 'must be a number' }).positive().max(3650).default(7),
  DSA_REQUEST_DELAY_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(60_000).default(2000),
  DSA_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(600).default(30),
  DSA_MAX_RETRIES: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10).default(3),
  DSA_CLOSED_REFRESH_DAYS: z.coerce.number({ error: 'must be a number' }).positive().max(3650).default(30),
  DSA_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => value === undefined || isCronExpression(value),
      'must be a cron expression such as "0 3 * * *" (every day at 03:00)',
    ),
  DSA_SCHEDULE_CLIENTS: z
    .string()
    .default('37-H9,37-58')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine(
      (ids) => ids.length > 0 && ids.every((id) => CLIENT_ID_PATTERN.test(id)),
      `must be client ids separated by commas. ${CLIENT_ID_HINT}`,
    ),
})

function isCronExpression(value: string): boolean {
  try {
    new Cron(value, { paused: true }).stop()
    return true
  } catch {
    return false
  }
}

export type Config = Readonly<{
  /** Names this process: the owner of its background jobs' leases and of its database connections. */
  instanceId: string
  /** How long a background job's lease lasts without renewal; a crashed instance's work is taken over after this. */
  jobLeaseMs: number
  /** On SIGTERM, how long /api/ready answers 503 while calls are still served, before the instance stops. */
  shutdownDrainMs: number
  port: number
  host: string
  appUrl: string
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }
  mail: {
    smtpUrl: string | null
    from: string
    districtName: string
    logoUrl: string | null
    retryMinutes: number
    queuePollSeconds: number
    /** The largest file sent as an attachment of a scheduled report; a larger one goes as a link to it. */
    attachmentLimitBytes: number
  }
  /** The bearer token of /metrics; null keeps /metrics off. */
  metricsToken: string | null
  /**
   * The district's IANA time zone: times on screens, in exports and in e-mails are shown in it, with its name, and every
   * date rule of the fiscal applications is reckoned in it.
   */
  districtTimeZone: string
  adminEmail: string
  authSecret: string | null
  session: { idleHours: number; maxDays: number }
  debugAuthEnabled: boolean
  /** API calls a minute per signed-in person. */
  rateLimitPerMinute: number
  /** API calls a minute per network address without a session (a school's staff share one address). */
  rateLimitAnonymousPerMinute: number
  trustProxy: boolean
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  webDistDir: string | null
  weblogic: { domains: WeblogicDomain[]; cacheTtlSeconds: number; alerts: 'off' | 'admins' | string[] }
  /** The district sign-in (/login-clerk): its domains, or null when it is off. */
  districtDomains: string[] | null
  sso: { providers: SsoProviderConfig[]; allowHttp: boolean; timeoutMs: number }
  /** Seed the demo district into an empty database at start. */
  demoData: boolean
  /**
   * The audit chain's key and the checkpoints' signing key (PEM), read from the environment or their files, both kept
   * outside the database; null when not configured (an SQLite run then keeps generated ones beside its file:
   * features/audit/audit-keys.ts). Whom each checkpoint is e-mailed to.
   */
  audit: { chainKey: string | null; signingKeyPem: string | null; auditorEmails: string[] }
  /** How long one report query may run on screen, and for an export. */
  reports: { queryTimeoutMs: number; exportTimeoutMs: number }
  dsa: {
    baseUrl: string
    /** Serve the built-in demo tracker and read it instead of the real one. */
    demoTracker: boolean
    freshDays: number
    requestDelayMs: number
    timeoutMs: number
    maxRetries: number
    closedRefreshDays: number
    schedule: string | null
    scheduleClients: string[]
  }
}>

/** An OpenID Connect identity provider, and the claim that says an account belongs to the district. */
export interface SsoProviderConfig {
  id: 'microsoft' | 'google'
  issuer: string
  clientId: string
  clientSecret: string
  /** Entra ID: the `tid` claim must equal this. Google: the `hd` claim must equal this. */
  tenantClaim: { name: 'tid' | 'hd'; value: string }
}

/** Thrown when the environment is wrong; the message names every bad variable. */
export class ConfigError extends Error {}

/** Reads the environment once at start; fails naming every missing or invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  let domains: WeblogicDomain[] = []
  if (e.WEBLOGIC_DOMAINS_FILE) {
    try {
      domains = loadWeblogicDomains(e.WEBLOGIC_DOMAINS_FILE, env)
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n- WEBLOGIC_DOMAINS_FILE: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const providers: SsoProviderConfig[] = []
  const ssoProblems: string[] = []
  const microsoft = [e.OIDC_MICROSOFT_ISSUER, e.OIDC_MICROSOFT_CLIENT_ID, e.OIDC_MICROSOFT_CLIENT_SECRET, e.OIDC_MICROSOFT_TENANT_ID]
  if (microsoft.some(Boolean)) {
    if (!microsoft.every(Boolean))
      ssoProblems.push('- OIDC_MICROSOFT_*: set all four of ISSUER, CLIENT_ID, CLIENT_SECRET and TENANT_ID, or none')
    else
      providers.push({
        id: 'microsoft',
        issuer: e.OIDC_MICROSOFT_ISSUER!,
        clientId: e.OIDC_MICROSOFT_CLIENT_ID!,
        clientSecret: e.OIDC_MICROSOFT_CLIENT_SECRET!,
        tenantClaim: { name: 'tid', value: e.OIDC_MICROSOFT_TENANT_ID! },
      })
  }
  const google = [e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET, e.OIDC_GOOGLE_HOSTED_DOMAIN]
  if (google.some(Boolean) || e.OIDC_GOOGLE_ISSUER) {
    if (!google.every(Boolean))
      ssoProblems.push(
        '- OIDC_GOOGLE_*: set CLIENT_ID, CLIENT_SECRET and HOSTED_DOMAIN (ISSUER defaults to https://accounts.google.com), or none',
      )
    else
      providers.push({
        id: 'google',
        issuer: e.OIDC_GOOGLE_ISSUER ?? 'https://accounts.google.com',
        clientId: e.OIDC_GOOGLE_CLIENT_ID!,
        clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET!,
        tenantClaim: { name: 'hd', value: e.OIDC_GOOGLE_HOSTED_DOMAIN! },
      })
  }
  if (ssoProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${ssoProblems.join('\n')}`)
  const audit = auditKeys(e)
  if (audit.problems.length > 0) throw new ConfigError(`Invalid configuration:\n${audit.problems.join('\n')}`)
  return Object.freeze({
    instanceId: e.INSTANCE_ID ?? generatedInstanceId(),
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database: e.DATABASE_URL.startsWith('sqlite:')
      ? { kind: 'sqlite' as const, file: sqliteFile(e.DATABASE_URL.slice('sqlite:'.length)) }
      : { kind: 'postgres' as const, url: e.DATABASE_URL },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      // The demo district has a name of its own, so its letters and receipts read like a district's.
      districtName: e.DISTRICT_NAME ?? (e.DEMO_DATA ? DEMO_DISTRICT_NAME : 'District'),
      logoUrl: e.MAIL_LOGO_URL ?? null,
      retryMinutes: e.MAIL_RETRY_MINUTES,
      queuePollSeconds: e.MAIL_QUEUE_POLL_SECONDS,
      attachmentLimitBytes: Math.round(e.MAIL_ATTACHMENT_LIMIT_MB * 1024 * 1024),
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    districtTimeZone: e.DISTRICT_TIME_ZONE,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    authSecret: e.AUTH_SECRET ?? null,
    session: { idleHours: e.SESSION_IDLE_HOURS, maxDays: e.SESSION_MAX_DAYS },
    debugAuthEnabled: e.DEBUG_AUTH_ENABLED,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitAnonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    weblogic: { domains, cacheTtlSeconds: e.WEBLOGIC_CACHE_TTL_SECONDS, alerts: e.WEBLOGIC_ALERTS as 'off' | 'admins' | string[] },
    districtDomains: e.DISTRICT_EMAIL_DOMAIN && e.DISTRICT_EMAIL_DOMAIN.length > 0 ? e.DISTRICT_EMAIL_DOMAIN : null,
    sso: { providers, allowHttp: e.OIDC_ALLOW_HTTP, timeoutMs: e.OIDC_TIMEOUT_SECONDS * 1000 },
    demoData: e.DEMO_DATA,
    audit: audit.config,
    reports: { queryTimeoutMs: e.REPORT_QUERY_TIMEOUT_SECONDS * 1000, exportTimeoutMs: e.REPORT_EXPORT_TIMEOUT_SECONDS * 1000 },
    dsa: {
      baseUrl: e.DSA_BASE_URL.endsWith('/') ? e.DSA_BASE_URL : `${e.DSA_BASE_URL}/`,
      demoTracker: e.DSA_DEMO_TRACKER,
      freshDays: e.DSA_FRESH_DAYS,
      requestDelayMs: e.DSA_REQUEST_DELAY_MS,
      timeoutMs: e.DSA_TIMEOUT_SECONDS * 1000,
      maxRetries: e.DSA_MAX_RETRIES,
      closedRefreshDays: e.DSA_CLOSED_REFRESH_DAYS,
      schedule: e.DSA_SCHEDULE || null,
      scheduleClients: e.DSA_SCHEDULE_CLIENTS,
    },
  })
}

/**
 * The audit keys (decision 034): each from its variable or its file, never from the database. PostgreSQL needs the
 * chain key here, as its instances must share it; its signing key is required where the server starts, as the
 * verifier needs only the published public key. The keys' content is never part of a message.
 */
function auditKeys(e: z.infer<typeof EnvSchema>): { config: Config['audit']; problems: string[] } {
  const problems: string[] = []
  const readKeyFile = (variable: string, file: string): string | null => {
    try {
      return readFileSync(file, 'utf8').trim()
    } catch (error) {
      problems.push(`- ${variable}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
      return null
    }
  }
  if (e.AUDIT_CHAIN_KEY && e.AUDIT_CHAIN_KEY_FILE) problems.push('- AUDIT_CHAIN_KEY, AUDIT_CHAIN_KEY_FILE: set one of them, not both')
  let chainKey = e.AUDIT_CHAIN_KEY ?? null
  if (!chainKey && e.AUDIT_CHAIN_KEY_FILE) {
    chainKey = readKeyFile('AUDIT_CHAIN_KEY_FILE', e.AUDIT_CHAIN_KEY_FILE)
    if (chainKey !== null && chainKey.length < 32) problems.push('- AUDIT_CHAIN_KEY_FILE: the file must hold at least 32 characters')
  }
  if (!chainKey && !e.AUDIT_CHAIN_KEY_FILE && !e.DATABASE_URL.startsWith('sqlite:'))
    problems.push(
      '- AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE: required on PostgreSQL: the secret (at least 32 characters) that keys the audit chain, the same for every instance, kept outside the database',
    )
  const signingKeyPem = e.AUDIT_SIGNING_KEY_FILE ? readKeyFile('AUDIT_SIGNING_KEY_FILE', e.AUDIT_SIGNING_KEY_FILE) : null
  if (signingKeyPem !== null) {
    let type: string | undefined
    try {
      type = createPrivateKey(signingKeyPem).asymmetricKeyType
    } catch {
      type = undefined
    }
    if (type !== 'ed25519')
      problems.push('- AUDIT_SIGNING_KEY_FILE: must hold an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519 -out <file>)')
  }
  return { config: { chainKey, signingKeyPem, auditorEmails: [...new Set(e.AUDITOR_EMAILS)] }, problems }
}

/** The host's name and a random suffix: unique per process, so a restarted process never mistakes old leases for its own. */
function generatedInstanceId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9.-]/g, '')
      .slice(0, 24) || 'instance'
  return `${host}-${randomBytes(4).toString('hex')}`
}
