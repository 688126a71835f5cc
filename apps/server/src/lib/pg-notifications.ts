import pg from 'pg'

export interface NotificationListenerOptions {
  /** The PostgreSQL connection string; the listener opens a connection of its own, outside any pool. */
  url: string
  /** The schema the application uses (null: the server's default); notifications name it so others are ignored. */
  searchPath: string | null
  /** A lower-case SQL identifier. */
  channel: string
  /** How the connection is named in pg_stat_activity. */
  applicationName: string
  onNotification(payload: string, schema: string): void
  /** False from the moment the connection is lost until LISTEN is in force again: notifications may have been missed. */
  onListeningChange(listening: boolean): void
  onError(error: unknown): void
  retry?: { firstMs: number; maxMs: number }
}

export interface NotificationListener {
  readonly listening: boolean
  close(): Promise<void>
}

const DEFAULT_RETRY = { firstMs: 100, maxMs: 5_000 }
// A connection can die without a word (a half-open TCP connection after a network fault): a query now and then, with
// a time limit, finds it out. Until then notifications may be missed; this bounds how long.
const HEARTBEAT_MS = 5_000
const HEARTBEAT_TIMEOUT_MS = 2_000

/**
 * LISTEN on a dedicated connection that reconnects after it is lost, retrying with a growing pause. Whoever relies on
 * the notifications must not trust what they keep while `listening` is false.
 */
export function listenForNotifications(options: NotificationListenerOptions): NotificationListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Not a channel name: ${options.channel}`)
  const retry = options.retry ?? DEFAULT_RETRY
  let client: pg.Client | null = null
  let listening = false
  let closed = false
  let pause = retry.firstMs
  let timer: NodeJS.Timeout | null = null
  let heartbeat: NodeJS.Timeout | null = null

  function setListening(value: boolean) {
    if (listening === value) return
    listening = value
    options.onListeningChange(value)
  }

  function lost(from: pg.Client, error?: unknown) {
    if (client !== from) return
    client = null
    if (heartbeat) clearInterval(heartbeat)
    heartbeat = null
    setListening(false)
    from.removeAllListeners()
    from.on('error', () => {}) // a late error of a connection already given up
    void from.end().catch(() => {})
    if (closed) return
    if (error) options.onError(error)
    timer = setTimeout(() => void connect(), pause)
    pause = Math.min(pause * 2, retry.maxMs)
  }

  async function connect() {
    timer = null
    if (closed) return
    const next = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    })
    client = next
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, new Error('The notification connection ended.')))
    try {
      await next.connect()
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema')
      const schema = rows[0]!.schema
      next.on('notification', (message) => {
        if (message.channel === options.channel) options.onNotification(message.payload ?? '', schema)
      })
      await next.query(`listen ${options.channel}`)
      if (client !== next) return
      pause = retry.firstMs
      heartbeat = setInterval(() => void next.query('select 1').catch((error: unknown) => lost(next, error)), HEARTBEAT_MS)
      heartbeat.unref()
      setListening(true)
    } catch (error) {
      lost(next, error)
    }
  }

  void connect()
  return {
    get listening() {
      return listening
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      if (heartbeat) clearInterval(heartbeat)
      const current = client
      client = null
      setListening(false)
      if (current) {
        current.removeAllListeners()
        current.on('error', () => {})
        await current.end().catch(() => {})
      }
    },
  }
}
