// Benchmarks: every scenario measured several times on a fresh database of the chosen kind; each figure printed as the
// median with its min and max beside the machine's baseline, written to bench/results, and compared with
// bench/recorded.json on --check. Not tests: see RESULTS.md for runs.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { benchAccruals } from './accruals.js'
import { benchDsa } from './dsa.js'
import { benchFoundation } from './foundation.js'
import { type RunResult, compareRuns, DEFAULT_TOLERANCE } from './lib/check.js'
import { type BenchDialect, createBenchDatabases } from './lib/database.js'
import { createFigures, describeFigure } from './lib/figures.js'
import { load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { startServer } from './lib/server.js'
import { benchMail } from './mail.js'
import { benchMonitoring } from './monitoring.js'
import { benchReceipts } from './receipts.js'
import { benchRecords } from './records.js'
import { benchReports } from './reports.js'
import { benchSoak } from './soak.js'
import { benchUploads } from './uploads.js'
import { benchUsers } from './users.js'

// One line per scenario.
const scenarios: Record<string, (context: BenchContext) => Promise<void>> = {
  foundation: benchFoundation,
  users: benchUsers,
  mail: benchMail,
  monitoring: benchMonitoring,
  dsa: benchDsa,
  reports: benchReports,
  // Huge uploads refused while they are read, and the most rows allowed stored.
  uploads: benchUploads,
  // The fiscal applications: BENCH_RECEIPTS, BENCH_ACCRUALS and BENCH_RECORDS=… try them smaller.
  receipts: benchReceipts,
  accruals: benchAccruals,
  records: benchRecords,
  // Two instances on PostgreSQL through a proxy, with a restart and a connection cut: a check of faults, not a figure.
  soak: () => benchSoak(),
}
// The soak needs a PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL) and a minute: run only when named.
const BY_DEFAULT = Object.keys(scenarios).filter((name) => name !== 'soak')

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url))
const RECORDED = fileURLToPath(new URL('./recorded.json', import.meta.url))
const USAGE = `npm run bench -- [scenario ...] [--db sqlite|postgres] [--runs N] [--check] [--record] [--tolerance 0.15]
Scenarios: ${Object.keys(scenarios).join(', ')} (none: all).`

function parseArguments(argv: string[]) {
  const options = {
    names: [] as string[],
    dialect: 'sqlite' as BenchDialect,
    runs: 3,
    check: false,
    record: false,
    tolerance: DEFAULT_TOLERANCE,
  }
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined]
    const value = () => inline ?? argv[++i] ?? ''
    if (flag === '--db') {
      const dialect = value()
      if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`--db is sqlite or postgres, not "${dialect}".`)
      options.dialect = dialect
    } else if (flag === '--runs') {
      options.runs = Number(value())
      if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs is a whole number of at least 1.')
    } else if (flag === '--tolerance') {
      options.tolerance = Number(value())
      if (!(options.tolerance > 0 && options.tolerance < 1)) throw new Error('--tolerance is a share between 0 and 1, such as 0.15.')
    } else if (flag === '--check') options.check = true
    else if (flag === '--record') options.record = true
    else if (flag.startsWith('--')) throw new Error(`Unknown option ${flag}.`)
    else if (!(flag in scenarios)) throw new Error(`Unknown scenario: ${flag}.`)
    else options.names.push(flag)
  }
  return options
}

function commitOfCheckout(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()
  return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`
}

let options: ReturnType<typeof parseArguments>
try {
  options = parseArguments(process.argv.slice(2))
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}

const databases = createBenchDatabases(options.dialect)
const figures = createFigures()
const started = new Date()
try {
  // The baseline: the health call's rate on this machine now, measured as many times as every figure.
  const baselineServer = await startServer({ DATABASE_URL: (await databases.fresh()).url })
  try {
    const record = figures.scoped('baseline')
    await load(`${baselineServer.url}/api/health`) // warm-up
    for (let run = 0; run < options.runs; run += 1) {
      record(
        'health',
        { label: 'GET /api/health (the baseline)', unit: 'req/s', kind: 'rate' },
        (await load(`${baselineServer.url}/api/health`)).rps,
      )
    }
  } finally {
    await baselineServer.stop()
  }
  for (const name of options.names.length > 0 ? options.names : BY_DEFAULT) {
    console.log(`\n${name}: ${options.runs} runs on ${options.dialect}…`)
    await scenarios[name]!({ dialect: options.dialect, runs: options.runs, databases, record: figures.scoped(name) })
  }
} finally {
  await databases.dropAll()
}

const all = figures.results()
const { 'baseline/health': baseline, ...measured } = all
const result: RunResult = {
  date: started.toISOString(),
  commit: commitOfCheckout(),
  dialect: options.dialect,
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  runs: options.runs,
  baseline: baseline!,
  figures: measured,
}

console.log(`\n${result.date.slice(0, 10)}, commit ${result.commit}, ${result.dialect}, Node.js ${result.node}, ${result.cpus}`)
console.log(`Baseline: ${describeFigure(result.baseline)}`)
let scenario = ''
for (const [name, figure] of Object.entries(result.figures)) {
  const [group] = name.split('/')
  if (group !== scenario) console.log(`${(scenario = group!)}`)
  console.log(`  ${describeFigure(figure)}`)
}

mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}${result.date.slice(0, 16).replace(':', '')}-${result.dialect}.json`
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
console.log(`\nWritten to ${file}`)

const recorded = existsSync(RECORDED) ? (JSON.parse(readFileSync(RECORDED, 'utf8')) as Partial<Record<BenchDialect, RunResult>>) : {}
if (options.record) {
  writeFileSync(RECORDED, `${JSON.stringify({ ...recorded, [result.dialect]: result }, null, 2)}\n`)
  console.log(`Recorded as the ${result.dialect} figures in bench/recorded.json (RESULTS.md quotes them).`)
}
if (options.check) {
  const before = recorded[result.dialect]
  if (!before) {
    console.error(`\nbench/recorded.json holds no ${result.dialect} run to compare with: record one on a quiet machine with --record.`)
    process.exit(1)
  }
  const { lines, regressions } = compareRuns(result, before, options.tolerance)
  console.log(`\n${lines.join('\n')}`)
  if (regressions.length > 0) {
    console.error(`\nMoved more than the baseline explains: ${regressions.join(', ')}`)
    process.exit(1)
  }
  console.log('\nNothing moved more than the baseline explains.')
}
