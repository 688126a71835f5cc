import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { PassThrough } from 'node:stream'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { buildApp } from '../../app.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'
import { type FakeWeblogic, startFakeWeblogic } from '../../../test/fake-weblogic.js'
import { testDialects } from '../../../test/test-database.js'
import { describeChange, isAlarming } from './state-history.service.js'

describe('which changes raise an alert', () => {
  const change = (previousState: string | null, previousHealth: string | null, state: string, health: string | null) => ({
    serverName: 's1',
    previousState,
    previousHealth,
    state,
    health,
  })
  it('alerts when a server leaves RUNNING or its health drops below OK, not on first sight or recovery', () => {
    expect(isAlarming(change('RUNNING', 'OK', 'FAILED', null))).toBe(true)
    expect(isAlarming(change('RUNNING', 'OK', 'UNREACHABLE', null))).toBe(true)
    expect(isAlarming(change('RUNNING', 'OK', 'RUNNING', 'WARN'))).toBe(true)
    expect(isAlarming(change('RUNNING', 'WARN', 'RUNNING', 'CRITICAL'))).toBe(true)
    expect(isAlarming(change(null, null, 'FAILED', null))).toBe(false)
    expect(isAlarming(change('SHUTDOWN', null, 'RUNNING', 'OK'))).toBe(false)
    expect(isAlarming(change('RUNNING', 'CRITICAL', 'RUNNING', 'WARN'))).toBe(false)
    expect(isAlarming(change('STARTING', null, 'SHUTDOWN', null))).toBe(false)
  })
  it('describes a change on one line', () => {
    expect(describeChange(change('RUNNING', 'OK', 'FAILED', null))).toBe('s1: RUNNING (OK) → FAILED')
  })
})

describe.each(testDialects())('state history and alerts on %s', (dialect) => {
  let fake: FakeWeblogic
  let t: TestApp
  let domainsFile: string
  beforeAll(async () => {
    fake = await startFakeWeblogic()
    domainsFile = join(mkdtempSync(join(tmpdir(), 'wls-')), 'domains.json')
    writeFileSync(
      domainsFile,
      JSON.stringify({ domains: [{ name: 'osb', adminUrl: fake.url, username: 'monitor', passwordEnv: 'WLS_OSB', timeoutMs: 1000 }] }),
    )
  })
  afterAll(() => fake.close())
  afterEach(async () => {
    fake.setMode('ok')
    await t.close()
  })

  const statusOf = async (token: string, refresh = true) =>
    (await t.request({ method: 'GET', url: `/api/weblogic-status${refresh ? '?refresh=true' : ''}`, token })).json().domains[0]

  it('records first sight and every change, shows since on each server, and e-mails administrators about a server that stops', async () => {
    t = await buildTestApp({ dialect, env: { WEBLOGIC_DOMAINS_FILE: domainsFile, WLS_OSB: 'secret-pass', WEBLOGIC_ALERTS: 'admins' } })
    const admin = await t.signIn('admin@example.org')
    const second = await t.createUser({ roleCode: 'ADMIN' })
    const firstSeen = t.clock.now().toISOString()
    const first = await statusOf(admin)
    expect(first.adminServer.since).toBe(firstSeen)
    expect(first.managedServers.map((s: { since: string }) => s.since)).toEqual([firstSeen, firstSeen])

    t.clock.advance(5 * 60_000)
    const unchanged = await statusOf(admin)
    expect(unchanged.managedServers[0].since).toBe(firstSeen)

    t.clock.advance(5 * 60_000)
    const changedAt = t.clock.now().toISOString()
    fake.setMode('missing-runtime')
    const changed = await statusOf(admin)
    expect(changed.managedServers[0]).toMatchObject({ name: 'osb_server1', state: 'UNREACHABLE', since: changedAt })
    expect(changed.managedServers[1]).toMatchObject({ name: 'osb_server2', state: 'SHUTDOWN', since: firstSeen })

    const history = (await t.request({ method: 'GET', url: '/api/weblogic-history?domain=osb&server=osb_server1', token: admin })).json()
      .data
    expect(history).toEqual([
      expect.objectContaining({
        serverName: 'osb_server1',
        state: 'UNREACHABLE',
        health: null,
        previousState: 'RUNNING',
        previousHealth: 'OK',
        changedAt,
      }),
      expect.objectContaining({ serverName: 'osb_server1', state: 'RUNNING', health: 'OK', previousState: null, changedAt: firstSeen }),
    ])
    const whole = (await t.request({ method: 'GET', url: '/api/weblogic-history?domain=osb', token: admin })).json().data
    expect(whole).toHaveLength(4)

    await t.mailQueue.processDue()
    const alerts = t.outbox.filter((text) => text.includes('Server alert: osb'))
    expect(alerts.map((text) => /To: (.+)\n/.exec(text)?.[1]).sort()).toEqual(['admin@example.org', second.email].sort())
    expect(alerts[0]).toContain('osb_server1: Running (OK) → Unreachable')
    expect(alerts[0]).toContain('http://platform.test/apps/weblogic-monitoring')
    expect(alerts[0]).not.toContain('osb_server2')
  })

  it('sends nothing when alerts are off, and keeps the history for administrators only', async () => {
    t = await buildTestApp({ dialect, env: { WEBLOGIC_DOMAINS_FILE: domainsFile, WLS_OSB: 'secret-pass' } })
    const admin = await t.signIn('admin@example.org')
    await statusOf(admin)
    fake.setMode('hang')
    t.clock.advance(60_000)
    const down = await statusOf(admin)
    expect(down.adminServer).toMatchObject({ state: 'UNREACHABLE', since: t.clock.now().toISOString() })
    await t.mailQueue.processDue()
    expect(t.outbox.some((text) => text.includes('Server alert'))).toBe(false)

    const staff = await t.createUser({ applications: ['DASHBOARD'] })
    expect(
      (await t.request({ method: 'GET', url: '/api/weblogic-history?domain=osb', token: await t.signIn(staff.email) })).statusCode,
    ).toBe(403)
    const bad = await t.request({ method: 'GET', url: '/api/weblogic-history?limit=abc', token: admin })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/domain|limit/)
  })

  it('remembers the last known states across a restart: an unchanged server keeps its since', async () => {
    t = await buildTestApp({ dialect, env: { WEBLOGIC_DOMAINS_FILE: domainsFile, WLS_OSB: 'secret-pass' } })
    const admin = await t.signIn('admin@example.org')
    const firstSeen = t.clock.now().toISOString()
    await statusOf(admin)
    // A second platform on the same database: it starts knowing nothing but what the history table holds.
    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      transport: createOutboxTransport(() => {}),
      clock: t.clock,
      logStream: new PassThrough(),
    })
    try {
      t.clock.advance(60 * 60_000)
      const answer = await restarted.app.inject({
        method: 'GET',
        url: '/api/weblogic-status?refresh=true',
        headers: { authorization: `Bearer ${admin}` },
      })
      expect(answer.json().domains[0].managedServers[0].since).toBe(firstSeen)
    } finally {
      await restarted.app.close()
    }
  })

  it('shows since on mock data too', async () => {
    t = await buildTestApp({ dialect })
    const admin = await t.signIn('admin@example.org')
    const domains = (await t.request({ method: 'GET', url: '/api/weblogic-status', token: admin })).json().domains
    expect(domains.every((d: { adminServer: { since: string | null } }) => d.adminServer.since === t.clock.now().toISOString())).toBe(true)
  })
})
