import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { ApplicationKey } from './demo-project-store.js'

/** The cookie ASP.NET keeps its session state under. */
export const SESSION_COOKIE = 'ASP.NET_SessionId'

/** What the tracker remembers per visitor: the application last opened, which the bare sidebar pages show. */
export interface DemoSession {
  current?: ApplicationKey
}

/** ASP.NET session ids are 24 characters of a-z and 0-5. */
function newSessionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz012345'
  return [...randomBytes(24)].map((byte) => alphabet[byte % 32]).join('')
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/** ASP.NET session state: one session per cookie; a request without a known cookie starts a new session. */
export function createDemoSessions() {
  const sessions = new Map<string, DemoSession>()
  return {
    /** The request's session, and the Set-Cookie header to send when it is new. */
    forRequest(request: IncomingMessage): { session: DemoSession; setCookie?: string } {
      const id = cookieValue(request.headers.cookie, SESSION_COOKIE)
      const known = id === undefined ? undefined : sessions.get(id)
      if (known) return { session: known }
      const fresh: DemoSession = {}
      const freshId = newSessionId()
      sessions.set(freshId, fresh)
      return { session: fresh, setCookie: `${SESSION_COOKIE}=${freshId}; path=/; HttpOnly` }
    },
  }
}
