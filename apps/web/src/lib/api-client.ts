import { ErrorBodySchema } from '@platform/contracts/errors'
import type { z } from 'zod'
import { clearSession, getStoredToken, markSessionEnded, rememberSignInRedirect } from './auth-storage'
import { formMessage } from './schema-errors'

/** A failed API call: the HTTP status (0 when the server could not be reached), a machine code and a readable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** True when `message` is the server's own `error` text. */
    readonly fromServer = false,
  ) {
    super(message)
  }
}

export const PROFILE_PATH = '/api/get-user-profile'

/**
 * Calls made before anyone is signed in: a 401 there is about the link, the code or the pasted token,
 * never about a session, so it must not throw the person out of the page they are on.
 */
const NO_SESSION_REDIRECT_PATHS = new Set([
  PROFILE_PATH,
  '/api/send-magic-link',
  '/api/verify-magic-link',
  '/api/verify-code',
  '/api/logout',
  '/api/debug-token',
  '/api/sso/complete',
  '/api/auth-config',
])

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: Method
  body?: unknown
  /** Send this as the body exactly as it is (a file, text) instead of JSON; `contentType` names it. */
  rawBody?: Blob | string
  contentType?: string
  /** The Accept header (JSON unless said otherwise). */
  accept?: string
  query?: Record<string, QueryValue>
  /** Use this bearer token instead of the stored one; `null` sends none. */
  token?: string | null
  /** Do not clear the session and go to /login on a 401. */
  skipAuthRedirect?: boolean
  signal?: AbortSignal
  /** Further request headers (e.g. the name of an uploaded file). */
  headers?: Record<string, string>
}

/** Builds `/api/...?a=b`, leaving out empty query values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ ...options.headers, Accept: options.accept ?? 'application/json' })
  if (options.rawBody !== undefined) headers.set('Content-Type', options.contentType ?? 'application/octet-stream')
  else if (options.body !== undefined) headers.set('Content-Type', 'application/json')
  const token = options.token === undefined ? getStoredToken() : options.token
  if (token) headers.set('Authorization', `Bearer ${token}`)
  return headers
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * Clears the session and sends the browser to /login, remembering where it was. When someone was signed in,
 * the sign-in page is told their session ended, so the trip there does not look like a fault.
 */
function handleUnauthorized(): void {
  if (getStoredToken()) markSessionEnded()
  clearSession()
  const { pathname, search } = window.location
  if (pathname !== '/login') {
    rememberSignInRedirect(`${pathname}${search}`)
    window.location.assign('/login')
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET'
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options),
      body: options.rawBody !== undefined ? options.rawBody : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'network_error', UNREACHABLE)
  }
}

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.'

/** What a failure means, for an answer that is not the API's `{error, code}` (a proxy's page, an empty body). */
export function statusMessage(status: number): string {
  switch (status) {
    case 0:
      return UNREACHABLE
    case 400:
    case 422:
      return 'The server refused the request. Check what you entered and try again.'
    case 401:
      return 'Your session has ended. Sign in again to continue.'
    case 403:
      return 'You do not have access to this.'
    case 404:
      return 'This could not be found. It may have been removed.'
    case 409:
      return 'This was changed at the same time by someone else. Reload the page and try again.'
    case 413:
      return 'What you sent is too large for the server.'
    case 429:
      return 'Too many requests. Wait a moment and try again.'
    case 502:
    case 503:
    case 504:
      return 'The server is not available right now. Try again in a moment.'
    default:
      return status >= 500
        ? 'The server ran into a problem and could not finish. Try again in a moment.'
        : `The server could not complete the request (status ${status}).`
  }
}

/** Turns an error response into an ApiError carrying the server's `{error, code}` when present. */
function toApiError(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body)
  if (!parsed.success) return new ApiError(status, `http_${status}`, statusMessage(status))
  // A refused input's message ends with the API's name of the field; the form it is shown on has the field's label.
  const refused = status === 400 || status === 422
  return new ApiError(status, parsed.data.code, refused ? formMessage(parsed.data.error) : parsed.data.error, true)
}

/** Sends a JSON request to the API and parses the answer with the contract schema. */
export async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
  const response = await send(path, options)
  const body = await readBody(response)
  if (!response.ok) {
    const exempt = options.skipAuthRedirect || NO_SESSION_REDIRECT_PATHS.has(path)
    if (response.status === 401 && !exempt) handleUnauthorized()
    throw toApiError(response.status, body)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected response.')
  }
  return parsed.data
}

/** A file the server sent: its content and the name it suggested (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob
  filename: string | null
}

/** The file name in a Content-Disposition header (`filename*=UTF-8''...` preferred), or null. */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')) || null
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header)
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim()
  return name || null
}

/** Downloads a file from the API with the bearer token (a plain link could not carry it). */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, { accept: '*/*', ...options, method: options.method ?? 'GET' })
  if (!response.ok) {
    const body = await readBody(response)
    if (response.status === 401 && !options.skipAuthRedirect) handleUnauthorized()
    throw toApiError(response.status, body)
  }
  return { blob: await response.blob(), filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) }
}

/** A raw answer: status and body exactly as received, never redirecting (used by the debug screen). */
export interface RawResponse {
  status: number
  ok: boolean
  body: unknown
}

export async function requestRaw(path: string, options: RequestOptions = {}): Promise<RawResponse> {
  const response = await send(path, options)
  return { status: response.status, ok: response.ok, body: await readBody(response) }
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, schema, { ...options, method: 'GET' }),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, schema, { ...options, method: 'POST', body: body ?? {} }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, schema, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, schema, { ...options, method: 'DELETE' }),
}

/**
 * The message to show for a failed call: the server's text when it sent one, else the plain sentence for the status
 * (or for an unreachable server). `fallback` is for anything that is not a failed call (a fault in the page itself).
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Try again in a moment.'): string {
  return error instanceof ApiError ? error.message : fallback
}

/** Whether trying the same call again may succeed: only when the server could not be reached or said it is busy (503). */
export function isTransientFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503)
}
