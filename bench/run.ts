// Benchmarks of the foundation: profile vs health throughput and latency, and the login page's JavaScript size.
// Not tests: they print figures (see RESULTS.md for the latest run on the 2-core machine).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { signIn, startServer } from './lib/server.js'

const CONNECTIONS = 50
const DURATION_S = 10
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50 }
}

/** The JavaScript a browser loads for /login: the entry script and the chunks it preloads, gzipped. */
function loginPageJsGzipBytes(): number {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!)
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(WEB_DIST, file))).length, 0)
}

const server = await startServer()
try {
  const token = await signIn(server, 'admin@example.org')
  await load(`${server.url}/api/health`) // warm-up
  const health = await load(`${server.url}/api/health`)
  const profile = await load(`${server.url}/api/get-user-profile`, { authorization: `Bearer ${token}` })
  const ratio = profile.rps / health.rps
  const jsKb = loginPageJsGzipBytes() / 1024
  const rows = [
    ['GET /api/health', `${health.rps} req/s`, `p50 ${health.p50} ms`, `p99 ${health.p99} ms`],
    ['GET /api/get-user-profile', `${profile.rps} req/s`, `p50 ${profile.p50} ms`, `p99 ${profile.p99} ms`],
  ]
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, SQLite\n`)
  for (const row of rows) console.log(row.map((cell) => cell.padEnd(28)).join(''))
  console.log(`\nprofile / health throughput: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'MISSED'}`)
  console.log(`profile p99: ${profile.p99} ms (target < 10 ms) ${profile.p99 < 10 ? 'OK' : 'MISSED'}`)
  console.log(`login page JavaScript: ${jsKb.toFixed(1)} KB gzipped (target < 200 KB) ${jsKb < 200 ? 'OK' : 'MISSED'}`)
} finally {
  await server.stop()
}
