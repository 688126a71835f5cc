// The machine's side of the container test: Debian packages it lacks, Podman with the test's own settings, free ports.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const CONTAINERS_CONF = fileURLToPath(new URL('./containers.conf', import.meta.url))
// Podman reads its settings from the test's containers.conf (runc, no default ulimits), never the machine's.
const podmanEnv = { ...process.env, CONTAINERS_CONF }

/** Runs a command to its end; throws with its error output unless `allowFailure`. */
export function run(command, args, { allowFailure = false, env = process.env, input, timeoutMs } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env, input, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
  if (result.error && !allowFailure) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`)
  if (result.status !== 0 && !allowFailure)
    throw new Error(
      `${command} ${args.slice(0, 3).join(' ')}… failed (${result.status}):\n${lastLines(result.stderr || result.stdout, 15)}`,
    )
  return { status: result.status, stdout: (result.stdout ?? '').trim(), stderr: (result.stderr ?? '').trim() }
}

/** Runs podman with the test's settings. */
export function podman(args, options = {}) {
  return run('podman', args, { ...options, env: podmanEnv })
}

/** Runs podman without waiting for it; resolves with its exit status. */
export function podmanLater(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { env: podmanEnv, stdio: 'ignore' })
    child.on('error', reject)
    child.on('close', resolve)
  })
}

/** Runs podman in the background, its output into a log file; resolves with its exit status. */
export function podmanToLog(args, logFile) {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile)
    const child = spawn('podman', args, { env: podmanEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    child.on('error', reject)
    child.on('close', (status) => log.end(() => resolve(status)))
  })
}

/** The Debian packages whose commands are missing, installed with apt-get (the test runs as root). */
export function installMissing(packagesByCommand) {
  const missing = Object.entries(packagesByCommand)
    .filter(([command]) => run('sh', ['-c', `command -v ${command}`], { allowFailure: true }).status !== 0)
    .map(([, name]) => name)
  if (missing.length === 0) return []
  run('apt-get', ['update', '-qq'])
  // A service a package would start on its own (nginx on port 80) is not wanted: the test starts what it needs.
  const policy = '/usr/sbin/policy-rc.d'
  const placedPolicy = !existsSync(policy)
  if (placedPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 })
  try {
    run('apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } finally {
    if (placedPolicy) rmSync(policy, { force: true })
  }
  return missing
}

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function isListening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export function lastLines(text, count) {
  return (text ?? '').trim().split('\n').slice(-count).join('\n')
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
