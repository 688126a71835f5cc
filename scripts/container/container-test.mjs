// npm run container:test: builds the platform's image with Podman and runs it as a district would, on SQLite and on
// PostgreSQL (two containers behind a TLS proxy), signing in through the e-mailed link each time. Installs what the
// machine lacks (Debian's podman, runc, mmdebstrap, nginx), makes a Debian base image with mmdebstrap when none can be
// pulled, prints a summary and exits non-zero on any failure. Runs as root; not part of npm test.
//
// CONTAINER_BASE_IMAGE     the base image (default docker.io/library/debian:bookworm-slim; made when it cannot be pulled)
// CONTAINER_TEST_CONTEXT   the folder to build (default: this checkout)
// CONTAINER_TEST_POSTGRES_URL  a PostgreSQL server to create the test database on (default postgres://postgres@127.0.0.1:5432/postgres)
// CONTAINER_EXTRA_CA_CERTS a PEM file of authorities the build trusts (default: /usr/local/share/ca-certificates/*.crt)
// CONTAINER_NPM_REGISTRY   a mirror of the npm registry for the build
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startSmtpPeer } from '../../apps/server/test/smtp-peer.ts'
import { removeContainers } from './containers.mjs'
import { installMissing, podman } from './host.mjs'
import { baseImage, buildImage, megabytes } from './image.mjs'
import { POSTGRES_CONTAINERS, postgresSteps } from './postgres-run.mjs'
import { SQLITE_CONTAINER, sqliteSteps } from './sqlite-run.mjs'

const IMAGE = 'localhost/district-staff-platform:test'
const WORK = process.env.CONTAINER_TEST_WORK ?? '/tmp/platform-container-test'
const context = process.env.CONTAINER_TEST_CONTEXT ?? fileURLToPath(new URL('../..', import.meta.url))
const wantedBase = process.env.CONTAINER_BASE_IMAGE ?? 'docker.io/library/debian:bookworm-slim'

const results = []
const began = Date.now()

/** Runs one step, records its outcome and time; a failed step ends the run (the next ones depend on it). */
async function step(name, action) {
  const started = Date.now()
  process.stdout.write(`… ${name}\n`)
  try {
    const detail = await action()
    results.push({ name, ok: true, seconds: (Date.now() - started) / 1000, detail })
    process.stdout.write(`  ok: ${detail}\n`)
  } catch (error) {
    results.push({
      name,
      ok: false,
      seconds: (Date.now() - started) / 1000,
      detail: error instanceof Error ? error.message : String(error),
    })
    throw error
  }
}

function summary() {
  const passed = results.filter((result) => result.ok).length
  const failed = results.length - passed
  const lines = ['', `Container test of ${IMAGE} (${Math.round((Date.now() - began) / 1000)} s in all)`]
  for (const result of results) {
    lines.push(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.seconds.toFixed(1).padStart(6)} s  ${result.name}`)
    lines.push(`                  ${result.detail.split('\n').join('\n                  ')}`)
  }
  lines.push(`container test: ${passed} passed, ${failed} failed`)
  return { text: lines.join('\n'), failed }
}

if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error('npm run container:test runs Podman as root (sudo npm run container:test).')
  process.exit(1)
}
mkdirSync(WORK, { recursive: true })
let smtp = null
const cleanups = []
try {
  await step('Machine: podman, runc, mmdebstrap, nginx and openssl present', () => {
    const installed = installMissing({ podman: 'podman', runc: 'runc', mmdebstrap: 'mmdebstrap', nginx: 'nginx', openssl: 'openssl' })
    const version = podman(['--version']).stdout
    return `${version}, runtime runc${installed.length ? `; installed ${installed.join(', ')}` : ''}`
  })
  removeContainers([SQLITE_CONTAINER, ...POSTGRES_CONTAINERS])
  let base
  await step('Base image', () => {
    base = baseImage(wantedBase)
    return `${base.image} (${base.how})`
  })
  await step('Build the image from the Containerfile', async () => {
    const { size, config, healthCheck } = await buildImage({ context, tag: IMAGE, base: base.image, logFile: `${WORK}/build.log` })
    const health = healthCheck?.Test?.join(' ') ?? 'none'
    if (config.User !== 'platform') throw new Error(`the image runs as ${config.User || 'root'}`)
    if (!config.Volumes?.['/data']) throw new Error('the image declares no /data volume')
    if (!health.includes('/api/ready')) throw new Error(`the image's health check is ${health}`)
    return `${IMAGE}: ${megabytes(size)}; user ${config.User}, volume /data, health check on /api/ready; log in ${WORK}/build.log`
  })
  smtp = await startSmtpPeer()
  const sqlite = sqliteSteps({ image: IMAGE, smtp })
  cleanups.push(sqlite.cleanup)
  for (const [name, action] of sqlite.steps) await step(name, action)
  const postgres = postgresSteps({ image: IMAGE, smtp, work: WORK })
  cleanups.push(postgres.cleanup)
  for (const [name, action] of postgres.steps) await step(name, action)
} catch (error) {
  // A failed step is recorded by step(); anything else is recorded here, so the run fails either way.
  if (results.at(-1)?.ok !== false)
    results.push({ name: 'The test itself', ok: false, seconds: 0, detail: error instanceof Error ? error.message : String(error) })
} finally {
  removeContainers([SQLITE_CONTAINER, ...POSTGRES_CONTAINERS])
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => {})
  await smtp?.close()
}
const { text, failed } = summary()
console.log(text)
process.exit(failed > 0 || results.length === 0 ? 1 : 0)
