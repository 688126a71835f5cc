import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config.js'

/**
 * Paths that may hold a secret. Tokens, codes, links and authorisation headers are never logged:
 * requests are logged without bodies, and these paths are censored wherever they appear.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.token',
  'headers.authorization',
  'token',
  'code',
  'link',
  'password',
  '*.token',
  '*.code',
  '*.link',
  '*.password',
  '*.authSecret',
]

/** Fastify's pino options: JSON lines, redaction, and request URLs without their query string. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // The query string can carry a token (/auth/verify?token=...); only the path is logged.
        return { method: request.method, path: request.url.split('?')[0], ip: request.ip, id: request.id }
      },
    },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger']
}
