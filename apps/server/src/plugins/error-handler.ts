import { ErrorBodySchema } from '@platform/contracts/errors'
import { LABELS, type LabelGroup, spelledOut } from '@platform/contracts/labels'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isConnectionLost } from '../db/database.js'
import { AppError } from '../lib/errors.js'

/** The error statuses every route may answer, for its response schema. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
} as const

/** Fastify's own client errors, in words a person can act on. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is empty but JSON was announced.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'The Content-Length header does not match the body.' },
}

// A message that ends by naming its field for API clients, 'Enter the amount (amountCents).'
const ENDS_WITH_API_NAME = / \([a-zA-Z][\w.[\]]*\)\.?$/

// The applications' words for their fields ('amountCents' → 'Amount'); the first application to name a field wins.
const FIELD_WORDS: Record<string, string> = Object.assign(
  {},
  ...Object.values(LABELS)
    .map((table): LabelGroup | undefined => ('field' in table ? table.field : undefined))
    .filter((group) => group !== undefined)
    .reverse(),
)

/**
 * One refusal of a request's input as a person reads it, never led by an API path. A contract's message that ends
 * with its field's API name in brackets stands as it is; any other gets that ending (where API clients find the
 * field, and which forms leave out), and is led by the field's name in words, from the label tables or else spelled
 * out, unless it names the field itself:
 * '/lines/2/amountCents' + 'must be a whole number of cents' reads 'Amount: must be a whole number of cents
 * (lines.2.amountCents)'.
 */
export function inWords(instancePath: string, message: string): string {
  const segments = instancePath.split('/').filter(Boolean)
  const field = segments.filter((segment) => !/^\d+$/.test(segment)).at(-1)
  if (!field || ENDS_WITH_API_NAME.test(message)) return message
  // The API name goes before a closing full stop, as in the contracts' own messages.
  const named = message.replace(/\.?$/, (stop) => ` (${segments.join('.')})${stop}`)
  const words = FIELD_WORDS[field] ?? spelledOut(field)
  if (message.toLowerCase().includes(words.toLowerCase())) return named
  const index = segments.at(-1)
  const item = index !== undefined && /^\d+$/.test(index) ? `, item ${Number(index) + 1}` : ''
  return `${words}${item}: ${named}`
}

/** One place turns every failure into `{error, code}`: expected ones with their message, unexpected ones logged and hidden. */
export function installErrorHandler(app: FastifyInstance, pageFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined) request.log.error({ err: error.cause, code: error.code }, 'refused after a failure underneath')
      if (error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds))
      return reply.code(error.statusCode).send({ error: error.message, code: error.code })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext
      const details = error.validation.map((issue) => inWords(issue.instancePath, issue.message ?? 'This value is not accepted'))
      return reply.code(400).send({ error: `Invalid ${where ?? 'request'}: ${details.join('; ')}`, code: 'bad_request' })
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code })
    if (error.statusCode === 429) return reply.code(429).send({ error: error.message, code: 'rate_limited' })
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message, code: 'bad_request' })
    }
    if (isConnectionLost(error)) {
      // Only the calls on a lost connection fail; the pool opens a new one, so the same call a moment later succeeds.
      request.log.warn({ err: error }, 'database connection lost during the call')
      void reply.header('Retry-After', '1')
      return reply
        .code(503)
        .send({ error: 'The connection to the database was lost. Please try again in a moment.', code: 'database_unavailable' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'internal' })
  })

  // Page addresses belong to the web app, which routes them itself; anything else is an unknown API call.
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')
    if (isPage && pageFallback) return pageFallback(request, reply)
    return reply.code(404).send({ error: `There is no ${request.method} ${request.url.split('?')[0]} here.`, code: 'not_found' })
  })
}
