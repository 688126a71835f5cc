import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('configuration', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      database: { kind: 'sqlite', file: './data/platform.db' },
      mail: { smtpUrl: null },
      adminEmail: 'admin@example.org',
      authSecret: null,
      debugAuthEnabled: true,
    })
  })

  it('reads PostgreSQL and SQLite URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' })
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.db' })
  })

  it('fails naming every bad variable at once', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short', ADMIN_EMAIL: 'nobody', SMTP_URL: 'http://x' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'DATABASE_URL', 'AUTH_SECRET', 'ADMIN_EMAIL', 'SMTP_URL']) expect(message).toContain(`- ${name}:`)
    }
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SMTP_URL: '', APP_URL: '' }).mail.smtpUrl).toBeNull()
  })
})
