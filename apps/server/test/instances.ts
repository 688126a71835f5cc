import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { testAuditEnv } from './audit-keys.js'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
const READY_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 30_000

/**
 * A free local port below the range the system hands out for port 0 (32768 and up on Linux): a port taken from that
 * range could be given to another listener (an instance's demo tracker) before the instance binds it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const server = createServer()
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      return port
    }
  }
}

/** A PostgreSQL schema of its own on the test server, and the DATABASE_URL that makes an instance use it. */
export async function createInstanceSchema(serverUrl: string): Promise<{ schema: string; databaseUrl: string; drop(): Promise<void> }> {
  const schema = `mi_${randomBytes(6).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create schema ${schema}`))
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    schema,
    databaseUrl: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => undefined),
  }
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * One real platform process (`node --import tsx src/main.ts`) on a free port with the given environment. It can be
 * started, stopped (SIGTERM, graceful), killed (SIGKILL: no cleanup at all) and restarted on the same port.
 */
export class Instance {
  readonly url: string
  /** Everything the process wrote, for the failure message of a test. */
  output = ''
  private child: ChildProcess | null = null
  private exited: Promise<number | null> = Promise.resolve(null)

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`
  }

  static async create(name: string, env: Record<string, string>): Promise<Instance> {
    return new Instance(name, await freePort(), env)
  }

  /** True while the process runs. */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null
  }

  /** Starts the process and resolves once /api/ready answers 200. */
  async start(): Promise<void> {
    if (this.alive) throw new Error(`${this.name} is already running`)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      // The audit keys are the same for every instance of a test process, as several instances on one database need.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...testAuditEnv(),
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString()
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000)
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    await this.waitUntilReady()
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`${this.name} exited before it was ready:\n${this.output}`)
      try {
        const response = await fetch(`${this.url}/api/ready`)
        if (response.status === 200) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`${this.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.output}`)
  }

  /** SIGTERM and wait for the graceful shutdown. */
  async stop(): Promise<void> {
    if (!this.alive) return
    this.child!.kill('SIGTERM')
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await this.exited
    clearTimeout(timer)
  }

  /** SIGKILL: the process ends at once, leaving its work as a crash would. */
  async kill(): Promise<void> {
    if (!this.alive) return
    this.child!.kill('SIGKILL')
    await this.exited
  }

  async restart(): Promise<void> {
    await this.stop()
    await this.start()
  }

  /** A JSON call; the answer's status and parsed body (tests read what they expect of it). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body }
  }
}
