import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import pg from 'pg'
import { benchAuditEnv, serverLaunch } from './lib/server.js'

// Two instances on PostgreSQL behind a round-robin proxy; 200 connections of mixed calls for 60 s, while one instance
// is restarted and every database connection of both is cut once. The target: no error other than 503, nothing lost.
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const CONNECTIONS = 200
const DURATION_S = 60
const RESTART_AT_S = 15
const CUT_AT_S = 40
const ADMIN = 'admin@example.org'

interface Backend {
  name: string
  port: number
  child: ChildProcess | null
  output: string[]
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

// Below the range the system hands out for port 0, which the instances' demo trackers use.
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const probe = createServer()
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (free) {
      await new Promise((resolve) => probe.close(resolve))
      return port
    }
  }
}

async function startBackend(backend: Backend, env: Record<string, string>): Promise<void> {
  backend.output = []
  const launch = serverLaunch({ ...env, PORT: String(backend.port), HOST: '127.0.0.1', INSTANCE_ID: backend.name })
  const child = spawn(launch.command, launch.args, { cwd: launch.cwd, env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] })
  backend.child = child
  child.stdout!.on('data', (chunk: Buffer) => backend.output.push(String(chunk)))
  child.stderr!.on('data', (chunk: Buffer) => backend.output.push(String(chunk)))
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${backend.port}/api/ready`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${backend.name} did not start:\n${backend.output.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function stopBackend(backend: Backend): Promise<void> {
  const child = backend.child
  if (!child || child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/**
 * A load balancer in miniature: requests go to the backends in turn. A backend that refuses a connection (it is
 * restarting) is left out for a second, as a balancer's health check would, and the request goes to another; the
 * request never reached it, so nothing runs twice. Any other failure answers 502 (except a GET reset before its answer).
 */
function startProxy(backends: Backend[]) {
  const began = Date.now()
  let next = 0
  const downUntil = new Map<Backend, number>()
  const counts = { forwarded: 0, retried: 0, failed: 0, problems: new Map<string, number>() }
  const note = (what: string) => counts.problems.set(what, (counts.problems.get(what) ?? 0) + 1)
  const pick = (avoid: Set<Backend>) => {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[next++ % backends.length]!
      if (!avoid.has(backend) && (downUntil.get(backend) ?? 0) < Date.now()) return backend
    }
    return backends.find((backend) => !avoid.has(backend)) ?? null
  }
  // Readiness checks, as a balancer does: an instance that is draining (or down) gets no new calls.
  const check = setInterval(() => {
    for (const backend of backends) {
      void fetch(`http://127.0.0.1:${backend.port}/api/ready`)
        .then((answer) => answer.status !== 200 && downUntil.set(backend, Date.now() + 1000))
        .catch(() => downUntil.set(backend, Date.now() + 1000))
    }
  }, 250)
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      const refused = new Set<Backend>()
      const fail = (message: string) => {
        counts.failed += 1
        note(`502 ${incoming.method} ${incoming.url}: ${message} (at ${Math.floor((Date.now() - began) / 5000) * 5} s)`)
        if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' })
        outgoing.end(JSON.stringify({ error: `proxy: ${message}`, code: 'bad_gateway' }))
      }
      const attempt = () => {
        const backend = pick(refused)
        if (!backend) return fail('no backend accepts connections')
        const upstream = httpRequest(
          { host: '127.0.0.1', port: backend.port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false },
          (answer) => {
            if ((answer.statusCode ?? 502) >= 400) note(`${answer.statusCode} ${incoming.method} ${incoming.url}`)
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(outgoing)
          },
        )
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // A GET whose connection was closed before any answer (an instance shutting down closes idle connections)
          // changed nothing: like a balancer, the proxy tries it on another instance. Anything else is reported.
          const retryable =
            error.code === 'ECONNREFUSED' || (incoming.method === 'GET' && !outgoing.headersSent && error.code === 'ECONNRESET')
          if (!retryable) return fail(`${error.code ?? ''} ${error.message}`)
          downUntil.set(backend, Date.now() + 1000)
          refused.add(backend)
          counts.retried += 1
          attempt()
        })
        counts.forwarded += 1
        upstream.end(body)
      }
      attempt()
    })
  })
  server.on('close', () => clearInterval(check))
  return { server, counts }
}

export async function benchSoak(): Promise<void> {
  const schema = `soak_${randomBytes(4).toString('hex')}`
  await withClient((client) => client.query(`create schema ${schema}`))
  const databaseUrl = new URL(SERVER_URL)
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`)
  const prefix = `soak-${randomBytes(3).toString('hex')}`
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    ...benchAuditEnv(),
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ADMIN_EMAIL: ADMIN,
    DSA_DEMO_TRACKER: 'true',
    DSA_REQUEST_DELAY_MS: '0',
    JOB_LEASE_SECONDS: '10',
    // Longer than the proxy's readiness check: a restart takes the instance out of rotation before it stops.
    SHUTDOWN_DRAIN_SECONDS: '2',
  }
  const backends: Backend[] = [
    { name: `${prefix}-a`, port: await freePort(), child: null, output: [] },
    { name: `${prefix}-b`, port: await freePort(), child: null, output: [] },
  ]
  const proxy = startProxy(backends)
  try {
    await Promise.all(backends.map((backend) => startBackend(backend, env)))
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
    const call = async (path: string, token: string | null, body?: unknown) => {
      const answer = await fetch(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, unknown> | null }
    }

    // Sign in on backend a (outbox mode prints the link), then prepare data through the proxy.
    const sent = await call('/api/send-magic-link', null, { email: ADMIN })
    if (sent.status !== 200) throw new Error(`send-magic-link: ${sent.status}`)
    let linkToken: string | undefined
    for (let i = 0; i < 50 && !linkToken; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      linkToken = /\/auth\/verify\?\S*token=([A-Za-z0-9_-]+)/.exec(backends.map((backend) => backend.output.join('')).join(''))?.[1]
    }
    const verified = await call('/api/verify-magic-link', null, { email: ADMIN, token: linkToken })
    const token = verified.body?.token as string
    if (!token) throw new Error(`verify-magic-link: ${verified.status}`)
    const scrape = await call('/api/dsa-scrape', token, { clientId: '37-H9' })
    for (let i = 0; i < 600; i += 1) {
      const run = await call(`/api/dsa-scrape-runs/${(scrape.body?.run as { id: number }).id}`, token)
      if (run.body?.status !== 'RUNNING') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const reports = await call('/api/reportlist', token)
    const reportRef = ((reports.body?.reports as { REPORT_ID: number }[] | undefined) ?? [])[0]?.REPORT_ID
    if (!reportRef) throw new Error('No starter report to run')
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const requests: autocannon.Request[] = [
      { method: 'GET', path: '/api/get-user-profile', headers },
      { method: 'GET', path: '/api/userlist?limit=50', headers },
      { method: 'GET', path: '/api/dsa-projects?limit=25', headers },
      { method: 'GET', path: '/api/email/messages?limit=25', headers },
      { method: 'POST', path: '/api/reportrun', headers, body: JSON.stringify({ reportId: reportRef }) },
      { method: 'GET', path: '/api/dsa-export', headers },
    ]

    // Writes during the load: people created one after another; each 201 must be in the database at the end.
    let writing = true
    const created: string[] = []
    const writeErrors: string[] = []
    const writer = (async () => {
      const org = (await call('/api/metaorgs', token)).body?.data as { org_id: number }[]
      const roles = (await call('/api/metaroles', token)).body?.data as { role_id: number; role_code: string }[]
      const staff = roles.find((role) => role.role_code === 'STAFF')!.role_id
      for (let i = 0; writing; i += 1) {
        const email = `soak.${i}@district.test`
        const answer = await call('/api/createuser', token, {
          email,
          fullName: `Soak Person ${i}`,
          organizationId: org[0]!.org_id,
          roleId: staff,
          sendInvitation: false,
        }).catch((error: unknown) => ({ status: 0, body: { error: String(error) } }))
        if (answer.status === 201) created.push(email)
        else if (answer.status !== 503) writeErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()

    const events: string[] = []
    const started = Date.now()
    const restart = setTimeout(() => {
      void (async () => {
        events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: restarting ${backends[1]!.name}`)
        await stopBackend(backends[1]!)
        await startBackend(backends[1]!, env)
        events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${backends[1]!.name} ready again`)
      })()
    }, RESTART_AT_S * 1000)
    const cut = setTimeout(() => {
      void withClient(async (client) => {
        const { rowCount } = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1', [
          `platform-${prefix}-%`,
        ])
        events.push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${rowCount} database connections terminated`)
      })
    }, CUT_AT_S * 1000)

    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests, timeout: 30 })
    clearTimeout(restart)
    clearTimeout(cut)
    writing = false
    await writer

    const stored = await withClient(async (client) => {
      await client.query(`set search_path = ${schema}`)
      const { rows } = await client.query<{ email: string; terms: number }>(
        `select u.email, (select count(*) from user_search_terms t where t.user_id = u.user_id)::int as terms from users u where u.email like 'soak.%'`,
      )
      return rows
    })
    const storedEmails = new Set(stored.map((row) => row.email))
    const lost = created.filter((email) => !storedEmails.has(email))
    const halfWritten = stored.filter((row) => row.terms === 0)
    const byStatus = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}
    const statuses = Object.fromEntries(Object.entries(byStatus).map(([code, stats]) => [code, stats.count]))
    const otherErrors =
      Object.entries(statuses)
        .filter(([code]) => code !== '503' && !code.startsWith('2'))
        .reduce((sum, [, count]) => sum + count, 0) +
      result.errors +
      result.timeouts

    console.log('\nSoak: two instances on PostgreSQL behind a round-robin proxy')
    console.log(`  ${CONNECTIONS} connections, ${DURATION_S} s, calls: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`)
    for (const event of events) console.log(`  ${event}`)
    console.log(
      `  requests: ${result.requests.total} (${Math.round(result.requests.average)}/s); answers by status: ${JSON.stringify(statuses)}`,
    )
    console.log(
      `  socket errors: ${result.errors}, timeouts: ${result.timeouts}; proxy: ${proxy.counts.retried} requests moved off a restarting instance, ${proxy.counts.failed} failed`,
    )
    const counts = proxy.counts
    for (const [what, count] of counts.problems) console.log(`    ${count} × ${what}`)
    console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`)
    console.log(`  errors other than 503: ${otherErrors} (target 0): ${otherErrors === 0 ? 'OK' : 'MISSED'}`)
    console.log(
      `  people created during the load: ${created.length} answered 201, ${lost.length} missing afterwards, ${halfWritten.length} half-written; other write failures: ${writeErrors.length}${writeErrors.length ? ` (${writeErrors.slice(0, 3).join('; ')})` : ''}`,
    )
    console.log(`  both instances alive at the end: ${backends.every((backend) => backend.child?.exitCode === null)}`)
  } finally {
    await Promise.all(backends.map(stopBackend))
    await new Promise((resolve) => proxy.server.close(resolve))
    await withClient((client) => client.query(`drop schema if exists ${schema} cascade`))
  }
}
