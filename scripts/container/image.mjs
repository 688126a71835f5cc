// The base image (pulled, or made from Debian's packages when no registry answers) and the platform's image.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { lastLines, podman, podmanToLog, run } from './host.mjs'

const MAKE_BASE_IMAGE = fileURLToPath(new URL('./make-base-image.sh', import.meta.url))
/** The name under which a base image made here is kept, and reused by the next run. */
export const MADE_BASE_IMAGE = 'localhost/platform-base:bookworm'

/** The base image to build on: as it is when present, pulled when a registry answers, else made with mmdebstrap. */
export function baseImage(wanted) {
  if (podman(['image', 'exists', wanted], { allowFailure: true }).status === 0) return { image: wanted, how: 'already present' }
  const pulled = podman(['pull', '--quiet', wanted], { allowFailure: true, timeoutMs: 180_000 })
  if (pulled.status === 0) return { image: wanted, how: 'pulled' }
  if (podman(['image', 'exists', MADE_BASE_IMAGE], { allowFailure: true }).status === 0)
    return { image: MADE_BASE_IMAGE, how: `${wanted} cannot be pulled; made earlier with mmdebstrap` }
  run('sh', [MAKE_BASE_IMAGE, MADE_BASE_IMAGE, 'bookworm'], { timeoutMs: 15 * 60_000 })
  return { image: MADE_BASE_IMAGE, how: `${wanted} cannot be pulled; made now with mmdebstrap from Debian's packages` }
}

/**
 * Certificates this machine trusts beyond Debian's (a proxy that inspects TLS, as the district's may), handed to the
 * build so that it reaches the npm registry the way this machine does.
 */
export function extraCaCertificates(file = process.env.CONTAINER_EXTRA_CA_CERTS) {
  if (file) return readFileSync(file, 'utf8')
  const folder = '/usr/local/share/ca-certificates'
  if (!existsSync(folder)) return ''
  return readdirSync(folder, { recursive: true })
    .filter((name) => String(name).endsWith('.crt'))
    .map((name) => readFileSync(join(folder, String(name)), 'utf8').trim())
    .join('\n')
}

/** Builds the platform's image from the Containerfile; throws with the end of the build's log when it fails. */
export async function buildImage({ context, tag, base, logFile }) {
  const args = ['build', '--format', 'docker', '--file', join(context, 'Containerfile'), '--tag', tag, '--build-arg', `BASE_IMAGE=${base}`]
  const certificates = extraCaCertificates()
  if (certificates) args.push('--build-arg', `EXTRA_CA_CERTS=${certificates}`)
  if (process.env.CONTAINER_NPM_REGISTRY) args.push('--build-arg', `NPM_REGISTRY=${process.env.CONTAINER_NPM_REGISTRY}`)
  const status = await podmanToLog([...args, context], logFile)
  if (status !== 0)
    throw new Error(`podman build failed (${status}); the end of ${logFile}:\n${lastLines(readFileSync(logFile, 'utf8'), 25)}`)
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', tag]).stdout)
  const config = JSON.parse(podman(['image', 'inspect', '--format', '{{json .Config}}', tag]).stdout)
  const healthCheck = JSON.parse(podman(['image', 'inspect', '--format', '{{json .HealthCheck}}', tag]).stdout || 'null')
  return { size, config, healthCheck }
}

/** Megabytes, for the summary. */
export const megabytes = (bytes) => `${Math.round(bytes / 1e6)} MB`
