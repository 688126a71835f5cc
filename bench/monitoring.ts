import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMonitoringService } from '../apps/server/src/features/monitoring/monitoring.service.js'
import { systemClock } from '../apps/server/src/lib/clock.js'
import { type FakeWeblogic, startFakeWeblogic } from '../apps/server/test/fake-weblogic.js'
import { load, verdict } from './lib/load.js'
import { signIn, startServer } from './lib/server.js'

const DOMAINS = 20
const TIMEOUT_MS = 3_000

/** Issue 5: a refresh of 20 domains of 10 servers (one hung) within the timeout plus 1 s; the cached status call's rate. */
export async function benchMonitoring(): Promise<void> {
  const fakes: FakeWeblogic[] = []
  // AdminServer + 9 managed servers each (osb_server1, osb_server2 and 7 more).
  for (let i = 0; i < DOMAINS; i++) fakes.push(await startFakeWeblogic(undefined, { extraServers: 7 }))
  fakes[DOMAINS - 1]!.setMode('hang')
  const domains = fakes.map((fake, i) => ({
    name: `domain${i + 1}`, adminUrl: fake.url, username: 'monitor', password: 'secret-pass', consoleUrl: null, ca: null, allowSelfSigned: false, timeoutMs: TIMEOUT_MS,
  }))
  try {
    const monitoring = createMonitoringService({ domains, ttlSeconds: 60, clock: systemClock })
    const started = performance.now()
    const { summary } = await monitoring.status(true)
    const refreshMs = performance.now() - started
    monitoring.close()

    const file = join(mkdtempSync(join(tmpdir(), 'platform-wls-bench-')), 'domains.json')
    writeFileSync(file, JSON.stringify({ domains: domains.map(({ name, adminUrl, username, timeoutMs }) => ({ name, adminUrl, username, passwordEnv: 'WLS_BENCH_PASSWORD', timeoutMs })) }))
    const server = await startServer({ WEBLOGIC_DOMAINS_FILE: file, WLS_BENCH_PASSWORD: 'secret-pass' })
    try {
      const token = await signIn(server, 'admin@example.org')
      const url = `${server.url}/api/weblogic-status`
      await fetch(url, { headers: { authorization: `Bearer ${token}` } }) // fills the cache (waits out the hung domain once)
      const cached = await load(url, { authorization: `Bearer ${token}` })
      console.log(`\nServer Monitoring (${DOMAINS} domains, ${summary.totalServers} servers, one domain hung)`)
      console.log(`  refresh of every domain: ${(refreshMs / 1000).toFixed(2)} s (target ≤ timeout ${TIMEOUT_MS / 1000} s + 1 s) ${verdict(refreshMs <= TIMEOUT_MS + 1000)}`)
      console.log(`  GET /api/weblogic-status from the cache, 50 connections: ${cached.rps} req/s, p99 ${cached.p99} ms (target ≥ 5,000 req/s) ${verdict(cached.rps >= 5000)}`)
    } finally {
      await server.stop()
    }
  } finally {
    for (const fake of fakes) await fake.close()
  }
}
