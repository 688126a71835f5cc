// The one test command: unit and integration tests (Vitest, SQLite and, when TEST_DATABASE_URL is set, PostgreSQL),
// then the browser tests (Playwright in Debian's Chromium). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'
const OUTPUT = '.test-output'

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium for the browser tests...")
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 && existsSync(CHROMIUM))
      return true
  }
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\nthen run npm test again.`,
  )
  return false
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

rmSync(OUTPUT, { recursive: true, force: true })
mkdirSync(OUTPUT, { recursive: true })
let passed = 0
let failed = 0

console.log(`Tests run on Node.js ${process.version} (${process.execPath}).`)
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: database tests run on SQLite only.')
function vitestPass(report) {
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${OUTPUT}/${report}`])
  const vitest = readJson(`${OUTPUT}/${report}`)
  if (vitest) {
    passed += vitest.numPassedTests
    failed += vitest.numFailedTests
  }
  if (!vitest || (status !== 0 && vitest.numFailedTests === 0)) failed += 1 // the run itself failed (e.g. a file did not load)
}
vitestPass('vitest.json')

if (ensureChromium()) {
  const buildStatus = run('npm', ['run', 'build', '--workspace', 'apps/web'])
  if (buildStatus !== 0) {
    console.error('The web app did not build: browser tests not run.')
    failed += 1
  } else {
    const e2eStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'])
    const e2e = readJson(`${OUTPUT}/e2e.json`)
    if (e2e?.stats) {
      passed += e2e.stats.expected + (e2e.stats.flaky ?? 0)
      failed += e2e.stats.unexpected
    }
    if (!e2e?.stats || (e2eStatus !== 0 && e2e.stats.unexpected === 0)) failed += 1
  }
} else {
  failed += 1
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
