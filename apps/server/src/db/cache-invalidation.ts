import { type NotificationListener, listenForNotifications } from '../lib/pg-notifications.js'
import type { Db } from './database.js'
import type { TableWrite } from './table-writes.js'

/**
 * The channel the watched tables' triggers notify (migrations 0020 and 0029), with the schema's name, when any of
 * them changes. Named for its first user, the session cache; every in-process cache of table rows listens to it.
 */
export const CACHE_CHANNEL = 'session_cache'

export interface CacheSubscriber {
  /** True when this process's write may change what the cache holds (a write by another instance always clears). */
  affectedBy(write: TableWrite): boolean
  clear(): void
  /** False while other instances' writes may go unheard: the cache must keep and serve nothing. */
  trust(trusted: boolean): void
}

export interface CacheInvalidation {
  readonly trusted: boolean
  subscribe(subscriber: CacheSubscriber): () => void
  close(): Promise<void>
}

/**
 * What keeps the process's caches of table rows exact: this process's writes clear them at once (inside a
 * transaction, before its commit: on SQLite nothing else reads meanwhile, Kysely hands the one connection to the
 * transaction); on PostgreSQL every instance's committed writes clear them through one LISTEN connection, and they
 * are trusted only while that connection is up.
 */
export function createCacheInvalidation(db: Db, onError: (error: unknown) => void): CacheInvalidation {
  const postgres = db.dialect === 'postgres' && db.url !== null
  const subscribers = new Set<CacheSubscriber>()
  let trusted = !postgres
  const unsubscribeWrites = db.writes.subscribe((write) => {
    for (const subscriber of subscribers) if (subscriber.affectedBy(write)) subscriber.clear()
  })
  let listener: NotificationListener | null = null
  if (postgres) {
    listener = listenForNotifications({
      url: db.url!,
      searchPath: db.schema,
      channel: CACHE_CHANNEL,
      applicationName: 'platform-cache-invalidation',
      onNotification: (payload, schema) => {
        if (payload === schema) for (const subscriber of subscribers) subscriber.clear()
      },
      onListeningChange: (listening) => {
        trusted = listening
        for (const subscriber of subscribers) subscriber.trust(listening)
      },
      onError,
    })
  }
  return {
    get trusted() {
      return trusted
    },
    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
    async close() {
      unsubscribeWrites()
      subscribers.clear()
      await listener?.close()
    },
  }
}

/**
 * Values kept by key in the process, exact while they are trusted: `clear` drops them all, and a value whose read began
 * before a clear is not kept (it may predate the change). When full, the oldest entry goes first. Values are shared
 * between callers: read them, never change them.
 */
export function createKeptValues<V>(options: { trusted: boolean; maxEntries: number }) {
  const entries = new Map<string, V>()
  let trusted = options.trusted
  // Counts clears: a read that started before one must not store what it read, which may predate the change.
  let generation = 0
  const clear = () => {
    generation += 1
    entries.clear()
  }
  return {
    /** The kept value, or what `load` gives: kept when `worthKeeping` says so and nothing changed while it was read. */
    async read(
      key: string,
      load: () => Promise<V>,
      worthKeeping: (value: V) => boolean = () => true,
    ): Promise<{ value: V; kept: boolean }> {
      if (trusted && entries.has(key)) return { value: entries.get(key)!, kept: true }
      const started = generation
      const value = await load()
      if (trusted && started === generation && worthKeeping(value)) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!)
        entries.set(key, value)
      }
      return { value, kept: false }
    },
    /** The kept value itself, if any, for its owner to bring up to date in place. */
    peek: (key: string): V | undefined => entries.get(key),
    forget: (key: string) => void entries.delete(key),
    clear,
    setTrusted(value: boolean) {
      clear()
      trusted = value
    },
  }
}

/** Rows read by key and kept in the process until a write to one of their tables (`affectedBy`) clears them all. */
export function createWatchedCache<V>(invalidation: CacheInvalidation, affectedBy: (write: TableWrite) => boolean, maxEntries: number) {
  const kept = createKeptValues<V>({ trusted: invalidation.trusted, maxEntries })
  invalidation.subscribe({ affectedBy, clear: kept.clear, trust: kept.setTrusted })
  return {
    read: async (key: string, load: () => Promise<V>): Promise<V> => (await kept.read(key, load)).value,
  }
}
