// The image on PostgreSQL: two containers on one database behind the TLS proxy. Sign in through the proxy, both
// instances serve calls, then one is restarted under load (no call fails) and both stop cleanly.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { chownSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { assertCleanStop, signalStop, startContainer, stopContainer } from './containers.mjs'
import { freePort, sleep } from './host.mjs'
import { call, profile, signInByEmailedLink, waitUntilReady } from './platform-client.mjs'
import { startProxy } from './proxy.mjs'

export const POSTGRES_CONTAINERS = ['platform-test-pg-a', 'platform-test-pg-b']
const ADMIN = 'it-admin@district.test'
const IMAGE_USER = 10001

/** The PostgreSQL server the containers share (the host's), and the database made for the run. */
export function postgresTarget(serverUrl = process.env.CONTAINER_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  const database = 'platform_container_test'
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return { serverUrl, database, databaseUrl: url.toString() }
}

async function onServer(serverUrl, statements) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const results = []
    for (const statement of statements) results.push(await client.query(statement))
    return results
  } finally {
    await client.end()
  }
}

export const dropDatabase = ({ serverUrl, database }) => onServer(serverUrl, [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`])

/** Secrets as a district keeps them: files only the image's user reads, mounted read-only. */
function writeSecrets(work) {
  const folder = join(work, 'secrets')
  mkdirSync(folder, { recursive: true })
  const chainKey = join(folder, 'audit-chain.key')
  const signingKey = join(folder, 'audit-signing-key.pem')
  writeFileSync(chainKey, randomBytes(36).toString('base64url'), { mode: 0o400 })
  writeFileSync(signingKey, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o400 })
  for (const file of [chainKey, signingKey]) chownSync(file, IMAGE_USER, IMAGE_USER)
  return [`${chainKey}:/run/secrets/audit-chain.key:ro`, `${signingKey}:/run/secrets/audit-signing-key.pem:ro`]
}

/** Calls through the proxy: which instance (upstream address) answered each, and the failures. */
async function callsThroughProxy(proxy, session, count) {
  const servedBy = new Map()
  const failures = []
  for (let i = 0; i < count; i++) {
    try {
      const { answer } = await profile(proxy.url, session, { ca: proxy.ca })
      const upstream = String(answer.headers['x-served-by'])
      servedBy.set(upstream, (servedBy.get(upstream) ?? 0) + 1)
    } catch (error) {
      failures.push(error.message)
    }
  }
  return { servedBy, failures }
}

/**
 * The PostgreSQL run's steps, each `[name, action]` whose action returns what it found, and what to undo after them
 * (the containers are removed by the caller).
 */
export function postgresSteps({ image, smtp, work }) {
  const target = postgresTarget()
  const state = {}
  const cleanup = async () => {
    await state.proxy?.stop()
    await dropDatabase(target)
  }
  const steps = [
    [
      'PostgreSQL: two containers start at once on one new database and are ready',
      async () => {
        await dropDatabase(target)
        await onServer(target.serverUrl, [`CREATE DATABASE ${target.database}`])
        state.ports = [await freePort(), await freePort()]
        state.proxyPort = await freePort()
        const appUrl = `https://127.0.0.1:${state.proxyPort}`
        const secrets = writeSecrets(work)
        const shared = {
          DATABASE_URL: target.databaseUrl,
          APP_URL: appUrl,
          TRUST_PROXY: 'true',
          AUTH_SECRET: randomBytes(36).toString('base64url'),
          AUDIT_CHAIN_KEY_FILE: '/run/secrets/audit-chain.key',
          AUDIT_SIGNING_KEY_FILE: '/run/secrets/audit-signing-key.pem',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Staff Platform <platform@district.test>',
          ADMIN_EMAIL: ADMIN,
          SHUTDOWN_DRAIN_SECONDS: '3',
        }
        state.containers = POSTGRES_CONTAINERS.map((name, i) =>
          startContainer({
            image,
            name,
            volumes: secrets,
            env: { ...shared, PORT: state.ports[i], INSTANCE_ID: name.replace('platform-test-pg-', 'container-') },
          }),
        )
        const started = Date.now()
        await Promise.all(
          state.ports.map((port, i) => waitUntilReady(`http://127.0.0.1:${port}`, { isAlive: state.containers[i].isRunning })),
        )
        const [{ rows }] = await onServer(target.databaseUrl, [
          `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = '${target.database}' AND application_name LIKE 'platform-container-%' ORDER BY 1`,
        ])
        const names = rows.map((row) => row.application_name)
        if (names.join() !== 'platform-container-a,platform-container-b')
          throw new Error(`the database's connections are named ${names.join(', ')}`)
        return `both ready after ${((Date.now() - started) / 1000).toFixed(1)} s; connections named ${names.join(', ')}`
      },
    ],
    [
      'PostgreSQL: signs in through the TLS proxy by the e-mailed link, and both instances serve calls',
      async () => {
        state.proxy = await startProxy({ work, proxyPort: state.proxyPort, upstreamPorts: state.ports })
        await waitUntilReady(state.proxy.url, { ca: state.proxy.ca })
        const steps = []
        const signedIn = await signInByEmailedLink({
          baseUrl: state.proxy.url,
          email: ADMIN,
          smtp,
          ca: state.proxy.ca,
          onAnswer: (name, answer) => steps.push(`${name} by ${answer.headers['x-served-by']}`),
        })
        state.session = signedIn.session
        const { servedBy, failures } = await callsThroughProxy(state.proxy, state.session, 20)
        if (failures.length > 0) throw new Error(`calls through the proxy failed: ${failures.slice(0, 3).join('; ')}`)
        const expected = state.ports.map((port) => `127.0.0.1:${port}`)
        if (!expected.every((upstream) => servedBy.get(upstream) > 0))
          throw new Error(`not both instances served: ${JSON.stringify(Object.fromEntries(servedBy))}`)
        const counts = expected.map((upstream) => `${servedBy.get(upstream)} by ${upstream}`).join(', ')
        return `${steps.join(', ')}; 20 signed-in calls: ${counts}`
      },
    ],
    [
      'PostgreSQL: one instance restarts under load (drains, stops cleanly) and no call through the proxy fails',
      async () => {
        const [first] = POSTGRES_CONTAINERS
        const directUrl = `http://127.0.0.1:${state.ports[0]}`
        const stopped = signalStop(first)
        let running = true
        void stopped.then(() => (running = false))
        let calls = 0
        let drainingSeen = false
        const failures = []
        while (running) {
          const { failures: failed } = await callsThroughProxy(state.proxy, state.session, 1)
          calls += 1
          failures.push(...failed)
          if (!drainingSeen)
            drainingSeen = await call(`${directUrl}/api/ready`, { timeoutMs: 2000 }).then(
              (answer) => answer.status === 503,
              () => false,
            )
          await sleep(50)
        }
        const stop = await stopped
        const clean = assertCleanStop(first, stop)
        if (!drainingSeen) throw new Error('the stopping instance never answered /api/ready with 503 while draining')
        if (failures.length > 0) throw new Error(`${failures.length} of ${calls} calls failed during the stop: ${failures[0]}`)
        return `${first}: /api/ready 503 while draining, ${clean}; ${calls} calls through the proxy meanwhile, none failed`
      },
    ],
    [
      'PostgreSQL: the other instance carries on alone and stops cleanly',
      async () => {
        const { failures } = await callsThroughProxy(state.proxy, state.session, 5)
        if (failures.length > 0) throw new Error(`calls failed with one instance left: ${failures[0]}`)
        const [, second] = POSTGRES_CONTAINERS
        return `5 calls served; ${second}: ${assertCleanStop(second, stopContainer(second))}`
      },
    ],
  ]
  return { steps, cleanup }
}
