import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { CONNECTIONS, DURATION_S, load, verdict } from './lib/load.js'
import { type BenchServer, signIn } from './lib/server.js'

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

/** The JavaScript a browser loads for /login: the scripts index.html names and the chunks it preloads, gzipped. */
function loginPageJsGzipBytes(): number {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!)
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(WEB_DIST, file))).length, 0)
}

/** Issue 2: the profile call against the health call, and the login page's weight. */
export async function benchFoundation(server: BenchServer): Promise<void> {
  const token = await signIn(server, 'admin@example.org')
  await load(`${server.url}/api/health`) // warm-up
  const health = await load(`${server.url}/api/health`)
  const profile = await load(`${server.url}/api/get-user-profile`, { authorization: `Bearer ${token}` })
  const ratio = profile.rps / health.rps
  const jsKb = loginPageJsGzipBytes() / 1024
  console.log(`\nFoundation (${CONNECTIONS} connections, ${DURATION_S} s each)`)
  console.log(`  GET /api/health             ${health.rps} req/s, p50 ${health.p50} ms, p99 ${health.p99} ms`)
  console.log(`  GET /api/get-user-profile   ${profile.rps} req/s, p50 ${profile.p50} ms, p99 ${profile.p99} ms`)
  console.log(`  profile / health throughput: ${ratio.toFixed(2)} (target ≥ 0.50) ${verdict(ratio >= 0.5)}`)
  console.log(`  profile p99: ${profile.p99} ms (target < 10 ms) ${verdict(profile.p99 < 10)}`)
  console.log(`  login page JavaScript: ${jsKb.toFixed(1)} KB gzipped (target < 200 KB) ${verdict(jsKb < 200)}`)
}
