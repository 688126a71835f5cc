import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageContentSecurityPolicy } from './security-headers.js'

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g
const TIME_ZONE_PLACEHOLDER = /__DISTRICT_TIME_ZONE__/g

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>District Staff Platform</title></head>
<body><main><h1>The web app has not been built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload this page. The API is running under <code>/api</code>.</p></main></body></html>`

/**
 * Serves the built web app: hashed assets as static files, and index.html for every page address so the
 * web app's router takes over. index.html is read once, with the district's time zone written in (the web app
 * shows every time on the district's clock), and gets the request's CSP nonce on each answer. None of it counts
 * against the request limits, which apply to /api only (plugins/access-control.ts).
 */
export async function installWebApp(
  app: FastifyInstance,
  distDir: string,
  districtTimeZone: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => unknown> {
  const indexFile = join(distDir, 'index.html')
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8').replace(TIME_ZONE_PLACEHOLDER, districtTimeZone) : null
  if (indexHtml) {
    // Files under /assets/ carry a hash of their content in their name, so they never change: kept for a year.
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      index: false,
      wildcard: true,
      maxAge: '365d',
      immutable: true,
    })
    // Other files (favicon, robots.txt) keep their name across releases: the browser checks them again each time.
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      decorateReply: false,
      // index.html is only ever sent by the fallback below, which fills in the nonce; directories (/ included)
      // are page addresses too, not listings to refuse.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/') && !pathName.startsWith('/assets/'),
    })
  }
  return (request, reply) => {
    // A missing script or style is not a page: answering it with index.html would hand the browser HTML as code.
    if (request.url.startsWith('/assets/')) {
      return reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found')
    }
    const csp = pageContentSecurityPolicy()
    return reply
      .code(indexHtml ? 200 : 503)
      .header('Content-Security-Policy', csp.header)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(indexHtml ? indexHtml.replace(NONCE_PLACEHOLDER, csp.nonce) : NOT_BUILT_PAGE)
  }
}
