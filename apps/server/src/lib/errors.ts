const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const

export type ErrorKind = keyof typeof STATUS

/**
 * An expected failure whose message is safe to show a person. `code` is the machine code sent to the client
 * (it may be more precise than the kind, e.g. `invalid_or_expired`).
 */
export class AppError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly retryAfterSeconds: number | undefined

  /** `cause`: what actually failed (a database error, say), logged by the error handler and never sent. */
  constructor(kind: ErrorKind, message: string, options: { code?: string; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.statusCode = STATUS[kind]
    this.code = options.code ?? kind
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}
