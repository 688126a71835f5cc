import { CACHE_CHANNEL, type CacheInvalidation, createKeptValues } from '../../db/cache-invalidation.js'
import type { TableWrite } from '../../db/table-writes.js'
import type { SessionWithUser } from './sessions.repository.js'

/** The channel migration 0020's triggers notify (with the schema's name) when a table a cached session reads changes. */
export const SESSION_CACHE_CHANNEL = CACHE_CHANNEL

// What a cached session row is made of. An UPDATE that sets none of these columns cannot change a cached session
// (a session's last_seen_at is kept in step by the instance that writes it; a person's last_login is not read).
const READ_COLUMNS: Record<string, string[] | null> = {
  sessions: ['session_id', 'user_id', 'created_at', 'expires_at', 'revoked_at'],
  users: ['user_id', 'email', 'full_name', 'is_active', 'organization_id', 'role_id'],
  organizations: null,
  roles: null,
  settings: null, // the access version
  user_permissions: null, // grants change menus; their writes also change the access version
  applications: null,
}

/** True when a write may change what a cached session says (a new session or a new person cannot). */
export function changesCachedSessions(write: TableWrite): boolean {
  const read = Object.hasOwn(READ_COLUMNS, write.table) ? READ_COLUMNS[write.table] : undefined
  if (read === undefined) return false
  if (write.kind === 'delete' || read === null) return true
  if (write.kind === 'insert') return false
  return (write.columns ?? []).some((column) => read.includes(column))
}

const MAX_ENTRIES = 20_000

/**
 * Sessions with their person, organisation, role and access version, kept in the process so that an authenticated
 * call reads nothing. Exact, not eventually right: every write that could change an entry clears the cache (in this
 * process at once, in every other through PostgreSQL's NOTIFY), and while notifications cannot be relied on nothing
 * is kept or served.
 */
export function createSessionCache(options: { trusted: boolean }) {
  const sessions = createKeptValues<SessionWithUser | undefined>({ trusted: options.trusted, maxEntries: MAX_ENTRIES })
  return {
    /** The cached session, or the one the database gives (kept when nothing changed while it was read). */
    async read(
      sessionId: string,
      load: () => Promise<SessionWithUser | undefined>,
    ): Promise<{ row: SessionWithUser | undefined; cached: boolean }> {
      // Only sessions found are kept: a refusal is never decided from memory (sessions.service.ts).
      const { value, kept: cached } = await sessions.read(sessionId, load, (row) => row !== undefined)
      return { row: value, cached }
    },

    /** This instance wrote a new last-seen time for the session. */
    touched(sessionId: string, at: string) {
      const entry = sessions.peek(sessionId)
      if (entry) entry.last_seen_at = at
    },

    forget: sessions.forget,
    clear: sessions.clear,
    setTrusted: sessions.setTrusted,
  }
}
export type SessionCache = ReturnType<typeof createSessionCache>

/** Keeps a session cache exact (db/cache-invalidation.ts): trusted, and cleared, as the shared invalidation says. */
export function createInvalidatedSessionCache(invalidation: CacheInvalidation): SessionCache {
  const cache = createSessionCache({ trusted: invalidation.trusted })
  invalidation.subscribe({ affectedBy: changesCachedSessions, clear: () => cache.clear(), trust: (trusted) => cache.setTrusted(trusted) })
  return cache
}
