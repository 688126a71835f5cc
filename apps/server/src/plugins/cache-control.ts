import type { FastifyInstance } from 'fastify'

/**
 * API answers hold personal data (profiles, lists, exports): no browser or proxy may keep them. Set before the route
 * runs, so a route that means to be cached sets its own header and replaces this one.
 */
export function installApiCacheControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
      void reply.header('Cache-Control', 'no-store')
  })
}
