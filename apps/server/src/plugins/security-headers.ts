import { randomBytes } from 'node:crypto'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

const DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'script-src-attr': ["'none'"],
}

/**
 * The policy of an HTML page: the same, plus the nonce that lets the UI library's own <style> tags in.
 * Only pages get a nonce; API answers keep the fixed policy (and skip the cost of a random value per call).
 */
export function pageContentSecurityPolicy(): { header: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64')
  const directives = { ...DIRECTIVES, 'style-src': [...DIRECTIVES['style-src']!, `'nonce-${nonce}'`] }
  return { nonce, header: Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ') }
}

/** Strict headers on every answer: scripts only from this origin, no framing, no referrer. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(DIRECTIVES).map(([name, values]) => [name, values])),
    },
    // Links in e-mails carry a token in their query: no page of ours ever sends its address to another site.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  })
}
