// Calls to a running platform as a browser makes them (JSON over HTTP or HTTPS), and its sign-in by e-mailed link.
import http from 'node:http'
import https from 'node:https'
import { readSignInMail } from '../../apps/server/test/smtp-peer.ts'
import { sleep } from './host.mjs'

/** One call; `ca` is the certificate to trust for an https address (the test proxy's own). */
export function call(url, { method = 'GET', body, token, ca, timeoutMs = 15_000 } = {}) {
  const target = new URL(url)
  const transport = target.protocol === 'https:' ? https : http
  const headers = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  return new Promise((resolve, reject) => {
    const request = transport.request(target, { method, headers, ca, timeout: timeoutMs }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status: response.statusCode, headers: response.headers, json: parseJson(text), text })
      })
    })
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} did not answer within ${timeoutMs} ms`)))
    request.on('error', reject)
    request.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

function parseJson(text) {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Waits until /api/ready answers 200; throws with the last answer after the time allowed. */
export async function waitUntilReady(baseUrl, { timeoutMs = 120_000, ca, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const answer = await call(`${baseUrl}/api/ready`, { ca, timeoutMs: 3000 })
      if (answer.status === 200) return
      last = `${answer.status} ${answer.text}`
    } catch (error) {
      last = error.message
    }
    if (!isAlive()) throw new Error(`the platform stopped before it was ready (last answer: ${last})`)
    await sleep(500)
  }
  throw new Error(`${baseUrl}/api/ready was not 200 within ${timeoutMs / 1000} s (last answer: ${last})`)
}

/**
 * Signs in as a person would: asks for a link, takes it from the e-mail the SMTP sink received, and opens it (the
 * verify page posts its token). The link must point at the platform's public address. Returns the session token and
 * the link's token (to look for in logs); `onAnswer` sees each answer, so a caller can say which instance served it.
 */
export async function signInByEmailedLink({ baseUrl, email, smtp, ca, onAnswer = () => {} }) {
  smtp.inbox.length = 0
  const sent = await call(`${baseUrl}/api/send-magic-link`, { method: 'POST', body: { email }, ca })
  onAnswer('send-magic-link', sent)
  if (sent.status !== 200) throw new Error(`asking for a sign-in link answered ${sent.status}: ${sent.text}`)
  const mail = await smtp.waitForMail(email, 60_000)
  const { link, token } = readSignInMail(mail.text)
  const linkUrl = new URL(link)
  if (linkUrl.origin !== new URL(baseUrl).origin) throw new Error(`the e-mailed link points at ${linkUrl.origin}, not at ${baseUrl}`)
  const linkEmail = linkUrl.searchParams.get('email') ?? email
  const verified = await call(`${baseUrl}/api/verify-magic-link`, { method: 'POST', body: { email: linkEmail, token }, ca })
  onAnswer('verify-magic-link', verified)
  if (verified.status !== 200 || !verified.json?.token)
    throw new Error(`opening the e-mailed link answered ${verified.status}: ${verified.text}`)
  return { session: verified.json.token, linkToken: token }
}

/** The signed-in person's profile; throws unless the session is accepted. */
export async function profile(baseUrl, sessionToken, { ca } = {}) {
  const answer = await call(`${baseUrl}/api/get-user-profile`, { token: sessionToken, ca })
  if (answer.status !== 200) throw new Error(`the profile answered ${answer.status}: ${answer.text}`)
  return { user: answer.json.user, answer }
}
