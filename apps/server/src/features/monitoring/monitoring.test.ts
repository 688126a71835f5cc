import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type FakeWeblogic, startFakeWeblogic } from '../../../test/fake-weblogic.js'
import { ConfigError, loadConfig } from '../../config.js'
import { createManualClock } from '../../lib/clock.js'
import type { WeblogicDomain } from '../../lib/weblogic-domains-file.js'
import { createMonitoringService } from './monitoring.service.js'

const domainOf = (name: string, url: string, overrides: Partial<WeblogicDomain> = {}): WeblogicDomain => ({
  name,
  adminUrl: url,
  username: 'monitor',
  password: 'secret-pass',
  consoleUrl: null,
  ca: null,
  allowSelfSigned: false,
  timeoutMs: 1000,
  ...overrides,
})

describe('the WebLogic client against a fake admin server', () => {
  let fake: FakeWeblogic
  let hung: FakeWeblogic
  beforeAll(async () => {
    fake = await startFakeWeblogic()
    hung = await startFakeWeblogic()
    hung.setMode('hang')
  })
  afterAll(async () => {
    await fake.close()
    await hung.close()
  })
  afterEach(() => fake.setMode('ok'))

  it('merges lifecycle, runtime and configuration by server name, with the headers WebLogic needs', async () => {
    const monitoring = createMonitoringService({
      domains: [domainOf('osb', fake.url, { consoleUrl: 'https://console.example/console' })],
      ttlSeconds: 60,
      clock: createManualClock(),
    })
    const { domains, summary } = await monitoring.status()
    monitoring.close()
    const [osb] = domains
    expect(osb).toMatchObject({
      domain: 'osb',
      status: 'ONLINE',
      isMockData: false,
      error: null,
      consoleUrl: 'https://console.example/console',
      adminServer: {
        name: 'AdminServer',
        host: '127.0.0.1',
        port: fake.port,
        state: 'RUNNING',
        health: 'OK',
        weblogicVersion: '12.2.1.4.0',
      },
    })
    expect(osb!.managedServers).toEqual([
      {
        name: 'osb_server1',
        listenAddress: 'wls-host',
        listenPort: 8011,
        clusterName: 'cluster1',
        state: 'RUNNING',
        health: 'OK',
        startTime: expect.stringMatching(/^2026-/),
        metrics: {
          heapUsedPercent: 21,
          heapUsedMb: 731,
          heapMaxMb: 3641,
          stuckThreads: 0,
          hoggingThreads: 0,
          dataSources: [{ name: 'wlsbjmsrpDataSource', state: 'Running', activeConnections: 0 }],
        },
      },
      {
        name: 'osb_server2',
        listenAddress: 'wls-host2',
        listenPort: 8011,
        clusterName: 'cluster1',
        state: 'SHUTDOWN',
        health: null,
        startTime: null,
        metrics: null,
      },
    ])
    expect(osb!.adminServer.metrics).toMatchObject({ heapUsedPercent: 21, stuckThreads: 0 })
    expect(fake.requests.some((r) => r.path.includes('/JVMRuntime?') && r.path.includes('fields='))).toBe(true)
    expect(summary).toEqual({ totalDomains: 1, totalServers: 3, runningServers: 2, warningServers: 0, failedServers: 1 })
    for (const request of fake.requests) {
      expect(request.headers['x-requested-by']).toBeTruthy()
      expect(request.headers.accept).toBe('application/json')
    }
  })

  it.each([
    ['unauthorized', 'ERROR', 'refused the user name or password', 'Error 401--Unauthorized'],
    ['rest-disabled', 'ERROR', 'RESTful Management Services', "'doesNotExist' was not found."],
    ['bad-request', 'ERROR', 'answered 400', 'FAILURE'],
    ['malformed', 'ERROR', 'not valid JSON', 'Welcome to WebLogic'],
    ['truncated', 'ERROR', 'not valid JSON', 'HTTP 200'],
  ] as const)('reports %s on the domain, never as a crash', async (mode, status, error, original) => {
    fake.setMode(mode)
    const monitoring = createMonitoringService({ domains: [domainOf('osb', fake.url)], ttlSeconds: 60, clock: createManualClock() })
    const [domain] = (await monitoring.status()).domains
    monitoring.close()
    expect(domain).toMatchObject({
      status,
      adminServer: { state: 'UNREACHABLE' },
      error: expect.stringContaining(error),
      originalError: expect.stringContaining(original),
    })
  })

  it('marks a server the runtime list lacks as UNREACHABLE', async () => {
    fake.setMode('missing-runtime')
    const monitoring = createMonitoringService({ domains: [domainOf('osb', fake.url)], ttlSeconds: 60, clock: createManualClock() })
    const [domain] = (await monitoring.status()).domains
    monitoring.close()
    expect(domain!.status).toBe('ONLINE')
    expect(domain!.managedServers.find((s) => s.name === 'osb_server1')).toMatchObject({ state: 'UNREACHABLE', health: null })
    expect(domain!.error).toContain('osb_server1')
  })

  it('keeps a hung, a refused and an unknown-host domain from delaying the others', async () => {
    const monitoring = createMonitoringService({
      domains: [
        domainOf('good', fake.url),
        domainOf('hung', hung.url, { timeoutMs: 1500 }),
        domainOf('refused', 'http://127.0.0.1:1'),
        domainOf('nowhere', 'http://no-such-host.invalid:7001'),
      ],
      ttlSeconds: 60,
      clock: createManualClock(),
    })
    const started = Date.now()
    const { domains } = await monitoring.status()
    const took = Date.now() - started
    monitoring.close()
    expect(took).toBeLessThan(1500 + 1000)
    expect(domains.map((d) => [d.domain, d.status])).toEqual([
      ['good', 'ONLINE'],
      ['hung', 'UNREACHABLE'],
      ['refused', 'UNREACHABLE'],
      ['nowhere', 'UNREACHABLE'],
    ])
    expect(domains[1]!.error).toContain('did not answer within 1.5 s')
    expect(domains[2]!.error).toContain('refused the connection')
  })

  it('serves from the cache for the time to live, counting age and expiry, and refreshes one domain on demand', async () => {
    const clock = createManualClock()
    const monitoring = createMonitoringService({ domains: [domainOf('osb', fake.url)], ttlSeconds: 60, clock })
    await monitoring.status()
    const calls = fake.requests.length
    clock.advance(20_000)
    const cached = await monitoring.status()
    expect(fake.requests.length).toBe(calls)
    expect(cached.cache).toEqual({ ttl: 60, stats: { totalEntries: 1, entries: [{ domain: 'osb', age: 20, expiresIn: 40 }] } })
    // One read: the four calls of the recipe, then three metrics calls for each of the two running servers.
    const perRead = 4 + 3 * 2
    await monitoring.domainStatus('osb', true)
    expect(fake.requests.length).toBe(calls + perRead)
    clock.advance(61_000)
    await monitoring.status()
    expect(fake.requests.length).toBe(calls + 2 * perRead)
    monitoring.close()
  })

  it('a Refresh reads the domain again rather than share a poll that set out before, whose late answer is not kept', async () => {
    const clock = createManualClock()
    const monitoring = createMonitoringService({ domains: [domainOf('osb', fake.url)], ttlSeconds: 60, clock })
    // A poll sets out while the admin server does not answer; then it answers again and someone presses Refresh.
    fake.setMode('hang')
    const poll = monitoring.status()
    await new Promise((resolve) => setTimeout(resolve, 50))
    fake.setMode('ok')
    const refreshed = await monitoring.domainStatus('osb', true)
    expect(refreshed.status).toBe('ONLINE')
    // The poll comes back unanswered after the refresh: its callers get what it saw, the cache keeps the newer answer.
    expect((await poll).domains[0]!.status).toBe('UNREACHABLE')
    expect((await monitoring.status()).domains[0]!.status).toBe('ONLINE')
    monitoring.close()
  })
})

describe('the domains file', () => {
  const write = (content: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'wls-')), 'domains.json')
    writeFileSync(file, content)
    return file
  }
  it('reads domains with passwords from the named variables', () => {
    const file = write(
      JSON.stringify({ domains: [{ name: 'prod', adminUrl: 'https://wls:7002/', username: 'monitor', passwordEnv: 'WLS_PROD' }] }),
    )
    const config = loadConfig({ WEBLOGIC_DOMAINS_FILE: file, WLS_PROD: 'pw' })
    expect(config.weblogic.domains).toEqual([
      {
        name: 'prod',
        adminUrl: 'https://wls:7002',
        username: 'monitor',
        password: 'pw',
        consoleUrl: null,
        ca: null,
        allowSelfSigned: false,
        timeoutMs: 5000,
      },
    ])
  })
  it('stops the start naming the problem', () => {
    for (const [content, env, message] of [
      ['{not json', {}, 'is not valid JSON'],
      [
        JSON.stringify({ domains: [{ name: 'p', adminUrl: 'ftp://x', username: 'u', passwordEnv: 'P' }] }),
        { P: 'x' },
        'domains.0.adminUrl',
      ],
      [JSON.stringify({ domains: [{ name: 'p', adminUrl: 'https://x', username: 'u', passwordEnv: 'MISSING_PW' }] }), {}, 'MISSING_PW'],
    ] as const) {
      expect(() => loadConfig({ WEBLOGIC_DOMAINS_FILE: write(content), ...env })).toThrow(ConfigError)
      expect(() => loadConfig({ WEBLOGIC_DOMAINS_FILE: write(content), ...env })).toThrow(message)
    }
    expect(() => loadConfig({ WEBLOGIC_DOMAINS_FILE: '/no/such/file.json' })).toThrow('cannot read')
  })
})

describe('GET and POST /api/weblogic-status', () => {
  let t: TestApp
  afterEach(() => t.close())

  it('serves clearly marked mock data when no domain is configured, to administrators only', async () => {
    t = await buildTestApp({ dialect: 'sqlite' })
    const admin = await t.signIn('admin@example.org')
    const answer = (await t.request({ method: 'GET', url: '/api/weblogic-status', token: admin })).json()
    expect(answer.domains.length).toBeGreaterThanOrEqual(3)
    expect(answer.domains.every((d: { isMockData: boolean }) => d.isMockData)).toBe(true)
    const states = answer.domains.flatMap((d: { managedServers: Array<{ state: string }> }) => d.managedServers.map((s) => s.state))
    expect(states).toEqual(expect.arrayContaining(['RUNNING', 'SHUTDOWN', 'FAILED', 'STARTING', 'UNREACHABLE']))
    const refreshed = (
      await t.request({
        method: 'POST',
        url: '/api/weblogic-status',
        token: admin,
        payload: { serverName: answer.domains[0].domain, forceRefresh: true },
      })
    ).json()
    expect(refreshed).toMatchObject({ success: true, data: { domain: answer.domains[0].domain } })
    expect(
      (await t.request({ method: 'POST', url: '/api/weblogic-status', token: admin, payload: { serverName: 'nope' } })).statusCode,
    ).toBe(404)
    const staff = await t.createUser({ applications: ['DASHBOARD'] })
    expect((await t.request({ method: 'GET', url: '/api/weblogic-status', token: await t.signIn(staff.email) })).statusCode).toBe(403)
  })

  it('reads a configured domain and never answers 500 when it fails', async () => {
    const fake = await startFakeWeblogic()
    const file = join(mkdtempSync(join(tmpdir(), 'wls-')), 'domains.json')
    writeFileSync(
      file,
      JSON.stringify({ domains: [{ name: 'osb', adminUrl: fake.url, username: 'monitor', passwordEnv: 'WLS_OSB', timeoutMs: 1000 }] }),
    )
    try {
      t = await buildTestApp({ dialect: 'sqlite', env: { WEBLOGIC_DOMAINS_FILE: file, WLS_OSB: 'secret-pass' } })
      const admin = await t.signIn('admin@example.org')
      const ok = (await t.request({ method: 'GET', url: '/api/weblogic-status', token: admin })).json()
      expect(ok.domains[0]).toMatchObject({ domain: 'osb', status: 'ONLINE', isMockData: false })
      fake.setMode('hang')
      const answer = await t.request({ method: 'GET', url: '/api/weblogic-status?refresh=true', token: admin })
      expect(answer.statusCode).toBe(200)
      expect(answer.json().domains[0]).toMatchObject({
        status: 'UNREACHABLE',
        managedServers: [{ state: 'UNREACHABLE' }, { state: 'UNREACHABLE' }],
      })
      expect(JSON.stringify(answer.json())).not.toContain('secret-pass')
    } finally {
      await fake.close()
    }
  })
})
