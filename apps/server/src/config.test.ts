import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testAuditEnv } from '../test/audit-keys.js'
import { ConfigError, DEMO_DISTRICT_NAME, loadConfig } from './config.js'

describe('configuration', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      database: { kind: 'sqlite', file: join(fileURLToPath(new URL('..', import.meta.url)), 'data', 'platform.db') },
      mail: { smtpUrl: null },
      adminEmail: 'admin@example.org',
      authSecret: null,
      debugAuthEnabled: true,
      rateLimitPerMinute: 600,
      rateLimitAnonymousPerMinute: 3000,
    })
  })

  it("names the district 'District' unless told, and the demo district by its own name", () => {
    expect(loadConfig({}).mail.districtName).toBe('District')
    expect(loadConfig({ DEMO_DATA: 'true' }).mail.districtName).toBe(DEMO_DISTRICT_NAME)
    expect(loadConfig({ DEMO_DATA: 'true', DISTRICT_NAME: 'Lincoln Unified' }).mail.districtName).toBe('Lincoln Unified')
  })

  it('reads the request limits, refusing anything but a positive whole number', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '900', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '12000' })).toMatchObject({
      rateLimitPerMinute: 900,
      rateLimitAnonymousPerMinute: 12000,
    })
    for (const bad of ['0', '-5', '2.5', 'lots']) {
      expect(() => loadConfig({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: bad })).toThrow(/- RATE_LIMIT_ANONYMOUS_PER_MINUTE:/)
    }
  })

  it('reads PostgreSQL and SQLite URLs', () => {
    // PostgreSQL needs the audit keys, which several instances share (decision 034).
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...testAuditEnv() }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    })
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.db' })
    // A relative file is the server package's, whichever folder the command runs in.
    const serverFolder = fileURLToPath(new URL('..', import.meta.url))
    expect(loadConfig({}).database).toEqual({ kind: 'sqlite', file: join(serverFolder, 'data', 'platform.db') })
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ kind: 'sqlite', file: ':memory:' })
  })

  it('fails naming every bad variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short', ADMIN_EMAIL: 'nobody', SMTP_URL: 'http://x' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'DATABASE_URL', 'AUTH_SECRET', 'ADMIN_EMAIL', 'SMTP_URL']) expect(message).toContain(`- ${name}:`)
    }
  })

  it('names each process: a given INSTANCE_ID, or one generated per start; a lease time in seconds', () => {
    expect(loadConfig({ INSTANCE_ID: 'web-1', JOB_LEASE_SECONDS: '2.5' })).toMatchObject({ instanceId: 'web-1', jobLeaseMs: 2500 })
    const [first, second] = [loadConfig({}), loadConfig({})]
    expect(first.instanceId).toMatch(/^[A-Za-z0-9.-]+-[0-9a-f]{8}$/)
    expect(first.instanceId).not.toBe(second.instanceId)
    expect(first.jobLeaseMs).toBe(60_000)
    expect(() => loadConfig({ INSTANCE_ID: 'web 1; drop' })).toThrow(/INSTANCE_ID: must be 1 to 40 letters/)
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '0' })).toThrow(/JOB_LEASE_SECONDS/)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SMTP_URL: '', APP_URL: '' }).mail.smtpUrl).toBeNull()
  })

  it('reads the district time zone (default America/Los_Angeles) and refuses an unknown one', () => {
    expect(loadConfig({}).districtTimeZone).toBe('America/Los_Angeles')
    expect(loadConfig({ DISTRICT_TIME_ZONE: 'America/Denver' }).districtTimeZone).toBe('America/Denver')
    expect(() => loadConfig({ DISTRICT_TIME_ZONE: 'America/Los_Angles' })).toThrow(/DISTRICT_TIME_ZONE: must be an IANA time zone/)
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true)
    expect(loadConfig({}).demoData).toBe(false)
  })
})
