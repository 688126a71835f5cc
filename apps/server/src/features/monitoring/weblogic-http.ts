import http from 'node:http'
import https from 'node:https'
import type { WeblogicDomain } from '../../lib/weblogic-domains-file.js'

/** A failed call, with what to tell a person and what the server or network said. */
export class WeblogicCallError extends Error {
  constructor(
    message: string,
    readonly originalError: string,
    /** True when the admin server never answered (down, refused, timed out); false when it answered with an error. */
    readonly unreachable: boolean,
  ) {
    super(message)
  }
}

const NETWORK_TEXT: Record<string, string> = {
  ECONNREFUSED: 'The admin server refused the connection (is it running, and is the port right?)',
  ENOTFOUND: 'The admin server host name could not be found (DNS)',
  EAI_AGAIN: 'The admin server host name could not be looked up (DNS did not answer)',
  ECONNRESET: 'The admin server closed the connection',
  EHOSTUNREACH: 'The admin server host cannot be reached on the network',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'The admin server uses a self-signed certificate: set caFile, or allowSelfSigned for this domain',
  SELF_SIGNED_CERT_IN_CHAIN: 'The admin server certificate is signed by an untrusted authority: set caFile for this domain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'The admin server certificate cannot be verified: set caFile for this domain',
  CERT_HAS_EXPIRED: 'The admin server certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'The admin server certificate does not match the host name in adminUrl',
}

/** One HTTP client per domain: its own agent (certificate rules) and keep-alive connections. */
export function createWeblogicHttp(domain: WeblogicDomain) {
  const base = new URL(domain.adminUrl)
  const secure = base.protocol === 'https:'
  const agent = secure
    ? new https.Agent({
        keepAlive: true,
        maxSockets: 4,
        ...(domain.ca ? { ca: domain.ca } : {}),
        rejectUnauthorized: !domain.allowSelfSigned,
      })
    : new http.Agent({ keepAlive: true, maxSockets: 4 })
  const authorization = `Basic ${Buffer.from(`${domain.username}:${domain.password}`).toString('base64')}`

  /** GETs a management path and parses its JSON; every failure becomes a WeblogicCallError. */
  function getJson(path: string, signal: AbortSignal): Promise<unknown> {
    const url = new URL(`/management/weblogic/latest/${path}`, base)
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        {
          method: 'GET',
          agent,
          signal,
          headers: {
            Accept: 'application/json',
            // Required on every call: without it WebLogic answers some collections with 400.
            'X-Requested-By': 'district-staff-platform',
            Authorization: authorization,
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', (error) => reject(new WeblogicCallError('The answer of the admin server was cut off', error.message, true)))
          response.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8')
            const status = response.statusCode ?? 0
            const type = String(response.headers['content-type'] ?? '')
            const raw = `HTTP ${status} ${type}\n${body.slice(0, 2000)}`
            if (status === 401 || status === 403) {
              return reject(
                new WeblogicCallError(
                  'The admin server refused the user name or password (check username and the password variable)',
                  raw,
                  false,
                ),
              )
            }
            if (status === 404) {
              return reject(
                new WeblogicCallError(
                  `The admin server has no ${url.pathname}: is RESTful Management Services enabled, and is this the admin server's port?`,
                  raw,
                  false,
                ),
              )
            }
            if (status < 200 || status >= 300) {
              let detail = ''
              try {
                detail = String((JSON.parse(body) as { detail?: unknown }).detail ?? '')
              } catch {
                // not the JSON envelope
              }
              return reject(new WeblogicCallError(`The admin server answered ${status}${detail ? `: ${detail}` : ''}`, raw, false))
            }
            try {
              resolve(JSON.parse(body))
            } catch {
              reject(
                new WeblogicCallError(
                  'The admin server answered with something that is not valid JSON (cut off or not the REST API)',
                  raw,
                  false,
                ),
              )
            }
          })
        },
      )
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (signal.aborted)
          return reject(new WeblogicCallError(`The admin server did not answer within ${domain.timeoutMs / 1000} s`, 'timeout', true))
        const code = error.code ?? ''
        reject(
          new WeblogicCallError(
            NETWORK_TEXT[code] ?? `The admin server could not be reached: ${error.message}`,
            `${code} ${error.message}`.trim(),
            true,
          ),
        )
      })
      request.end()
    })
  }

  return { getJson, close: () => agent.destroy() }
}
export type WeblogicHttp = ReturnType<typeof createWeblogicHttp>
