// Running the platform's image: start with configuration from the environment, stop with SIGTERM, and what a stop left.
import { podman, podmanLater } from './host.mjs'

/**
 * Starts a container of the image on the host's network (it reaches the host's PostgreSQL and SMTP sink at 127.0.0.1;
 * each instance listens on its own PORT), its root file system read-only: only /data and temporary folders are written.
 */
export function startContainer({ image, name, env, volumes = [] }) {
  removeContainers([name])
  const args = ['run', '--detach', '--name', name, '--network', 'host', '--read-only']
  for (const volume of volumes) args.push('--volume', volume)
  for (const [key, value] of Object.entries(env)) args.push('--env', `${key}=${value}`)
  podman([...args, image])
  return { name, isRunning: () => isRunning(name) }
}

export function isRunning(name) {
  return podman(['inspect', '--format', '{{.State.Running}}', name], { allowFailure: true }).stdout === 'true'
}

/** Stops with SIGTERM (SIGKILL only after `timeoutSeconds`, which a clean stop never reaches); its exit code and time. */
export function stopContainer(name, timeoutSeconds = 30) {
  const started = Date.now()
  podman(['stop', '--time', String(timeoutSeconds), name])
  return { ...exitOf(name), seconds: (Date.now() - started) / 1000 }
}

/** Sends SIGTERM and returns at once; `exited` resolves when the container has stopped. */
export function signalStop(name) {
  const started = Date.now()
  const exited = podmanLater(['wait', name]).then(() => ({ ...exitOf(name), seconds: (Date.now() - started) / 1000 }))
  podman(['kill', '--signal', 'TERM', name])
  return exited
}

function exitOf(name) {
  const [code, oomKilled] = podman(['inspect', '--format', '{{.State.ExitCode}} {{.State.OOMKilled}}', name]).stdout.split(' ')
  return { exitCode: Number(code), oomKilled: oomKilled === 'true' }
}

/** Checks a stop was the platform's own clean one: exit code 0, well before SIGKILL, its shutdown in the log. */
export function assertCleanStop(name, stop, timeoutSeconds = 30) {
  const log = logsOf(name)
  if (stop.exitCode !== 0) throw new Error(`${name} exited with ${stop.exitCode} (137 is SIGKILL: it did not stop on SIGTERM)`)
  if (stop.seconds >= timeoutSeconds - 1) throw new Error(`${name} took ${stop.seconds} s to stop: it was killed, not stopped`)
  if (!log.includes('shutting down: finishing requests in flight')) throw new Error(`${name}'s log has no shutdown:\n${log.slice(-2000)}`)
  return `exit code 0 after ${stop.seconds.toFixed(1)} s`
}

export function logsOf(name) {
  const { stdout, stderr } = podman(['logs', name], { allowFailure: true })
  return `${stdout}\n${stderr}`
}

/** Removes containers with their anonymous volumes (a /data no named volume was mounted on); named volumes stay. */
export function removeContainers(names) {
  for (const name of names) podman(['rm', '--force', '--ignore', '--volumes', '--time', '0', name], { allowFailure: true })
}
