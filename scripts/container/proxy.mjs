// Starts Debian's nginx as the TLS reverse proxy in front of two instances (nginx.conf beside this file), with a
// certificate made for the run.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isListening, lastLines, run, sleep } from './host.mjs'

const TEMPLATE = new URL('./nginx.conf', import.meta.url)

/** Starts the proxy on 127.0.0.1:proxyPort; resolves once it accepts TLS connections. */
export async function startProxy({ work, proxyPort, upstreamPorts: [portA, portB] }) {
  for (const folder of ['nginx-body', 'nginx-proxy', 'nginx-fastcgi', 'nginx-uwsgi', 'nginx-scgi'])
    mkdirSync(join(work, folder), { recursive: true })
  const certFile = join(work, 'tls-cert.pem')
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    join(work, 'tls-key.pem'),
    '-out',
    certFile,
  ])
  const values = { WORK: work, PORT_A: portA, PORT_B: portB, PROXY_PORT: proxyPort }
  const config = readFileSync(TEMPLATE, 'utf8').replace(/@([A-Z_]+)@/g, (_match, name) => String(values[name]))
  const configFile = join(work, 'nginx.conf')
  writeFileSync(configFile, config)
  run('nginx', ['-t', '-q', '-c', configFile, '-p', work])

  const nginx = spawn('nginx', ['-c', configFile, '-p', work, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  let exited = false
  nginx.stderr.on('data', (chunk) => (errors += chunk))
  nginx.on('exit', () => (exited = true))
  const ca = readFileSync(certFile)
  const url = `https://127.0.0.1:${proxyPort}`
  for (let tries = 0; ; tries++) {
    if (exited) throw new Error(`nginx stopped: ${lastLines(errors, 5)}`)
    if (await isListening(proxyPort)) break
    if (tries > 50) throw new Error('nginx did not listen within 10 s')
    await sleep(200)
  }
  return {
    url,
    ca,
    accessLog: join(work, 'nginx-access.log'),
    /** Stops nginx gracefully (SIGQUIT: it finishes the calls in flight). */
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve()
        nginx.once('exit', () => resolve())
        nginx.kill('SIGQUIT')
      }),
  }
}
