import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageContentSecurityPolicy } from './security-headers.js'

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>District Staff Platform</title></head>
<body><main><h1>The web app has not been built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload this page. The API is running under <code>/api</code>.</p></main></body></html>`

/**
 * Serves the built web app: hashed assets as static files, and index.html for every page address so the
 * web app's router takes over. index.html is read once and gets the request's CSP nonce on each answer.
 */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<(request: FastifyRequest, reply: FastifyReply) => unknown> {
  const indexFile = join(distDir, 'index.html')
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // index.html is only ever sent by the fallback below, which fills in the nonce; directories (/ included)
      // are page addresses too, not listings to refuse.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/'),
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      },
    })
  }
  return (request, reply) => {
    const csp = pageContentSecurityPolicy()
    return reply
      .code(indexHtml ? 200 : 503)
      .header('Content-Security-Policy', csp.header)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(indexHtml ? indexHtml.replace(NONCE_PLACEHOLDER, csp.nonce) : NOT_BUILT_PAGE)
  }
}
