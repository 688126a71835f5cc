import { setTimeout as sleep } from 'node:timers/promises'

/** The tracker could not be read: down, too slow, refusing, or rate-limiting beyond what we wait for. */
export class TrackerHttpError extends Error {}

export interface TrackerHttpOptions {
  baseUrl: string
  userAgent: string
  /** Pause between two requests (the tracker is a public service: one page at a time, 2 s apart). */
  delayMs: number
  timeoutMs: number
  /** Further tries after a timeout, a network error, a 429 or a 5xx. */
  maxRetries: number
  /** The longest Retry-After we wait for; a longer one ends the run. */
  maxRetryAfterMs?: number
}

const MAX_PAGE_BYTES = 5 * 1024 * 1024
const MIN_BACKOFF_MS = 50

/**
 * A polite reader of the tracker for one run: one request at a time with a pause between them, its own cookie jar
 * (the tracker keeps the current application in the ASP.NET session), a descriptive User-Agent, and retries with
 * backoff that honour Retry-After.
 */
export function createTrackerHttp(options: TrackerHttpOptions, signal?: AbortSignal) {
  const { baseUrl, userAgent, delayMs, timeoutMs, maxRetries } = options
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5 * 60_000
  const cookies = new Map<string, string>()
  let lastRequestEnd = 0
  let pagesFetched = 0

  async function waitTurn() {
    const wait = lastRequestEnd + delayMs - Date.now()
    if (wait > 0) await sleep(wait, undefined, { signal })
  }

  function remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const separator = pair!.indexOf('=')
      if (separator > 0) cookies.set(pair!.slice(0, separator).trim(), pair!.slice(separator + 1).trim())
    }
  }

  function retryAfterMs(response: Response): number | null {
    const header = response.headers.get('retry-after')
    if (!header) return null
    const seconds = Number(header)
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
    const at = Date.parse(header)
    return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
  }

  async function attempt(url: string): Promise<{ html: string } | { retry: string; waitMs: number | null } | { fail: string }> {
    await waitTurn()
    const timeout = AbortSignal.timeout(timeoutMs)
    try {
      const response = await fetch(url, {
        headers: {
          'User-Agent': userAgent,
          Accept: 'text/html,application/xhtml+xml',
          ...(cookies.size > 0 ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        },
        redirect: 'follow',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
      remember(response)
      const body = await response.text()
      pagesFetched += 1
      if (response.status === 429) return { retry: 'asked us to slow down (429 Too Many Requests)', waitMs: retryAfterMs(response) }
      if (response.status >= 500)
        return { retry: `answered ${response.status} ${response.statusText}`.trim(), waitMs: retryAfterMs(response) }
      if (!response.ok) return { fail: `The tracker answered ${response.status} ${response.statusText} for ${url}`.trim() }
      if (body.length > MAX_PAGE_BYTES) return { fail: `The tracker's page ${url} is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MB` }
      return { html: body }
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new TrackerHttpError('The run was stopped')
      if (timeout.aborted) return { retry: `did not answer within ${Math.round(timeoutMs / 1000)} s`, waitMs: null }
      const cause =
        error instanceof Error && error.cause instanceof Error
          ? error.cause.message
          : error instanceof Error
            ? error.message
            : String(error)
      return { retry: `could not be reached (${cause})`, waitMs: null }
    } finally {
      lastRequestEnd = Date.now()
    }
  }

  return {
    /** Reads a page of the tracker (a path relative to the base URL), trying again on passing faults. */
    async get(path: string): Promise<string> {
      const url = new URL(path, baseUrl).toString()
      for (let tries = 1; ; tries += 1) {
        const outcome = await attempt(url)
        if ('html' in outcome) return outcome.html
        if ('fail' in outcome) throw new TrackerHttpError(outcome.fail)
        if (tries > maxRetries) throw new TrackerHttpError(`The tracker ${outcome.retry} (${tries} ${tries === 1 ? 'try' : 'tries'})`)
        if (outcome.waitMs !== null && outcome.waitMs > maxRetryAfterMs) {
          throw new TrackerHttpError(
            `The tracker ${outcome.retry} and asked us to wait ${Math.round(outcome.waitMs / 1000)} s, longer than we wait`,
          )
        }
        const backoff = Math.max(delayMs, MIN_BACKOFF_MS) * 2 ** (tries - 1)
        await sleep(outcome.waitMs ?? backoff, undefined, { signal })
      }
    },

    get pagesFetched() {
      return pagesFetched
    },
  }
}
export type TrackerHttp = ReturnType<typeof createTrackerHttp>
