import { type ChildProcess, spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

let signingKeyFile: string | null = null

/**
 * The audit keys (decision 034) of every server a run starts: PostgreSQL needs them set, and a scenario that starts a
 * server again on its database must give it the same ones.
 */
export function benchAuditEnv(): Record<string, string> {
  if (!signingKeyFile) {
    signingKeyFile = join(mkdtempSync(join(tmpdir(), 'platform-bench-keys-')), 'audit-signing-key.pem')
    writeFileSync(signingKeyFile, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  }
  return { AUDIT_CHAIN_KEY: 'bench-audit-chain-key-0123456789abcdefghijklmnop', AUDIT_SIGNING_KEY_FILE: signingKeyFile }
}

export interface ServerLaunch {
  command: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * How every benchmark starts a server: the compiled server on Node.js as it ships, as `npm start` runs it, with no
 * Node.js flag and no allocator variable (runtime.test.ts checks this). The environment of the run (`inherited`)
 * passes through, so an operator's NODE_OPTIONS (a heap ceiling, or --cpu-prof to profile a scenario) reaches the
 * server as it would reach `npm start`.
 */
export function serverLaunch(env: Record<string, string>, inherited: NodeJS.ProcessEnv = process.env): ServerLaunch {
  return { command: process.execPath, args: ['apps/server/dist/server.mjs'], cwd: ROOT, env: { ...inherited, ...env } }
}

/** The settings of a benchmark's server on the SQLite file `databaseFile` (a scenario's own come after them). */
export function benchServerEnv(port: number, databaseFile: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${databaseFile}`,
    ...benchAuditEnv(),
    LOG_LEVEL: 'warn',
    // The limits stay on (their reservations are part of every call's cost) but high enough not to refuse the load.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000000',
  }
}

/** Starts the real server as `npm start` does (the compiled apps/server/dist) on a fresh SQLite database in outbox mode; keeps its console output. */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'platform-bench-'))
  const output: string[] = []
  const launch = serverLaunch({ ...benchServerEnv(port, join(dir, 'bench.db')), ...env })
  const child: ChildProcess = spawn(launch.command, launch.args, { cwd: launch.cwd, env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)))
  child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The server did not start:\n${output.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    output,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}
export type BenchServer = Awaited<ReturnType<typeof startServer>>

/** Signs in through the real flow, reading the link from the outbox printout (the first one printed after asking for it). */
export async function signIn(server: BenchServer, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const printedBefore = server.output.length
  const sent = await post('/api/send-magic-link', { email })
  if (!sent.ok) throw new Error(`send-magic-link: ${sent.status}`)
  let token: string | undefined
  for (let waited = 0; !token && waited < 5000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    token = /\/auth\/verify\?\S*token=([A-Za-z0-9_-]+)(?=[^A-Za-z0-9_-])/.exec(server.output.slice(printedBefore).join(''))?.[1]
  }
  if (!token) throw new Error(`No sign-in link for ${email} in the outbox output`)
  const verified = await post('/api/verify-magic-link', { email, token })
  if (!verified.ok) throw new Error(`verify-magic-link: ${verified.status}`)
  return ((await verified.json()) as { token: string }).token
}
