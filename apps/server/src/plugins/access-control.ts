import { isAdminRole } from '@platform/contracts/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.js'
import { type BatchedRateLimiter, describeWait } from '../lib/rate-limiter.js'
import type { AccessRule, AuthUser } from './access.js'

export interface AccessControlDeps {
  authenticate(token: string): Promise<{ ok: true; user: AuthUser } | { ok: false; failure: string }>
  failureText(failure: string): string
  holdsApplication(user: AuthUser, appCode: string): Promise<boolean>
  /** The per-caller limit on every route. */
  limiter: BatchedRateLimiter
}

export interface RouteAccess {
  method: string
  url: string
  access: AccessRule
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}

/**
 * Authentication, the per-caller rate limit and the route's access rule, in that order, before the body is read:
 * an outsider is refused without the route learning anything. Returns the inventory of /api routes and their rules.
 */
export function installAccessControl(app: FastifyInstance, deps: AccessControlDeps): RouteAccess[] {
  const inventory: RouteAccess[] = []
  app.decorateRequest('user', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return
    const access = route.config?.access
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`)
    for (const method of [route.method].flat()) if (method !== 'HEAD') inventory.push({ method, url: route.url, access })
  })

  function enforceLimit(key: string, reply: FastifyReply) {
    const decision = deps.limiter.hit(key)
    if (decision.allowed) return
    void reply.header('Retry-After', String(decision.retryAfterSeconds))
    throw new AppError('rate_limited', `Too many requests. Wait ${describeWait(decision.retryAfterSeconds)}, then try again.`)
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access
    if (!access) {
      // Pages and static files: no access rule, but the same per-address limit.
      enforceLimit(`web-ip:${request.ip}`, reply)
      return
    }

    const token = bearerToken(request)
    let failure = token ? null : 'missing'
    if (token) {
      const result = await deps.authenticate(token)
      if (result.ok) request.user = result.user
      else failure = result.failure
    }

    // Counted per person when signed in (a school shares one address), per address otherwise.
    enforceLimit(request.user ? `api-user:${request.user.id}` : `api-ip:${request.ip}`, reply)

    if (access === 'public') return
    if (!request.user) throw new AppError('unauthorized', deps.failureText(failure ?? 'missing'), { code: 'unauthorized' })
    if (access === 'authenticated') return
    if (access === 'admin') {
      if (!isAdminRole(request.user.roleCode)) throw new AppError('forbidden', 'Only administrators can do this.', { code: 'admin_required' })
      return
    }
    if (!(await deps.holdsApplication(request.user, access.application))) {
      throw new AppError('forbidden', "You don't have permission to use this application.", { code: 'permission_required' })
    }
  })

  return inventory
}

