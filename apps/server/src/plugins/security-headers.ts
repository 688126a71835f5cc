import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Strict headers on every answer. Scripts only from this origin; styles from this origin or carrying the
 * per-request nonce (the UI library injects its theme as <style> tags that the page marks with the nonce).
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Links in e-mails carry a token in their query: no page of ours ever sends its address to another site.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  })
}
