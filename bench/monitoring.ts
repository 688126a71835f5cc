import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMonitoringService } from '../apps/server/src/features/monitoring/monitoring.service.js'
import { systemClock } from '../apps/server/src/lib/clock.js'
import { type FakeWeblogic, startFakeWeblogic } from '../apps/server/test/fake-weblogic.js'
import { load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

const DOMAINS = 20
const TIMEOUT_MS = 3_000

/** A refresh of 20 domains of 10 servers (one hung) within the timeout plus 1 s; the cached status call's rate. */
export async function benchMonitoring({ databases, runs, record }: BenchContext): Promise<void> {
  const fakes: FakeWeblogic[] = []
  // AdminServer + 9 managed servers each (osb_server1, osb_server2 and 7 more).
  for (let i = 0; i < DOMAINS; i++) fakes.push(await startFakeWeblogic(undefined, { extraServers: 7 }))
  fakes[DOMAINS - 1]!.setMode('hang')
  const domains = fakes.map((fake, i) => ({
    name: `domain${i + 1}`,
    adminUrl: fake.url,
    username: 'monitor',
    password: 'secret-pass',
    consoleUrl: null,
    ca: null,
    allowSelfSigned: false,
    timeoutMs: TIMEOUT_MS,
  }))
  try {
    for (let run = 0; run < runs; run += 1) {
      const monitoring = createMonitoringService({ domains, ttlSeconds: 60, clock: systemClock })
      const started = performance.now()
      await monitoring.status(true)
      record(
        'refresh',
        {
          label: `refresh of ${DOMAINS} domains of 10 servers, one hung (timeout ${TIMEOUT_MS / 1000} s)`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: TIMEOUT_MS + 1000 },
        },
        performance.now() - started,
      )
      monitoring.close()
    }

    const file = join(mkdtempSync(join(tmpdir(), 'platform-wls-bench-')), 'domains.json')
    writeFileSync(
      file,
      JSON.stringify({
        domains: domains.map(({ name, adminUrl, username, timeoutMs }) => ({
          name,
          adminUrl,
          username,
          passwordEnv: 'WLS_BENCH_PASSWORD',
          timeoutMs,
        })),
      }),
    )
    const server = await startServer({
      DATABASE_URL: (await databases.fresh()).url,
      WEBLOGIC_DOMAINS_FILE: file,
      WLS_BENCH_PASSWORD: 'secret-pass',
    })
    try {
      const token = await signIn(server, 'admin@example.org')
      const url = `${server.url}/api/weblogic-status`
      await fetch(url, { headers: { authorization: `Bearer ${token}` } }) // fills the cache (waits out the hung domain once)
      for (let run = 0; run < runs; run += 1) {
        const cached = await load(url, { authorization: `Bearer ${token}` })
        record(
          'cached-status',
          {
            label: 'GET /api/weblogic-status from the cache, 50 connections',
            unit: 'req/s',
            kind: 'rate',
            target: { op: '>=', value: 5000 },
          },
          cached.rps,
        )
      }
    } finally {
      await server.stop()
    }
  } finally {
    for (const fake of fakes) await fake.close()
  }
}
