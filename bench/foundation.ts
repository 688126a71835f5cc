import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

/** The JavaScript a browser loads for /login: the scripts index.html names and the chunks it preloads, gzipped. */
function loginPageJsGzipBytes(): number {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!)
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(WEB_DIST, file))).length, 0)
}

/** The profile call against the health call (measured one after the other in each run), and the login page's weight. */
export async function benchFoundation({ databases, runs, record }: BenchContext): Promise<void> {
  const server = await startServer({ DATABASE_URL: (await databases.fresh()).url })
  try {
    const token = await signIn(server, 'admin@example.org')
    const auth = { authorization: `Bearer ${token}` }
    await load(`${server.url}/api/health`) // warm-up
    await load(`${server.url}/api/get-user-profile`, auth)
    for (let run = 0; run < runs; run += 1) {
      const health = await load(`${server.url}/api/health`)
      const profile = await load(`${server.url}/api/get-user-profile`, auth)
      record('health', { label: 'GET /api/health', unit: 'req/s', kind: 'rate' }, health.rps)
      record('profile', { label: 'GET /api/get-user-profile', unit: 'req/s', kind: 'rate' }, profile.rps)
      record(
        'profile-ratio',
        { label: 'profile / health throughput', unit: '×', kind: 'ratio', target: { op: '>=', value: 0.5 } },
        profile.rps / health.rps,
      )
      record('profile-p99', { label: 'profile p99 latency', unit: 'ms', kind: 'time', target: { op: '<', value: 10 } }, profile.p99)
    }
  } finally {
    await server.stop()
  }
  record(
    'login-js',
    { label: 'login page JavaScript, gzipped', unit: 'KB', kind: 'size', target: { op: '<', value: 200 } },
    loginPageJsGzipBytes() / 1024,
  )
}
