import { SUPER_ADMIN, isAdminRole } from '@platform/contracts/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.js'
import { type RequestLimiter, describeWait } from '../db/rate-limiter.js'
import type { AccessRule, AuthUser } from './access.js'

export interface AccessControlDeps {
  authenticate(token: string): Promise<{ ok: true; user: AuthUser } | { ok: false; failure: string }>
  failureText(failure: string): string
  holdsApplication(user: AuthUser, appCode: string): Promise<boolean>
  /** The request limits on /api: per signed-in person, and per network address for calls without a session. */
  limits: { perPerson: RequestLimiter; perAddress: RequestLimiter }
  /** What a network address is counted under: a keyed hash, so the limits' table never holds a visitor's address. */
  addressKey(ip: string): string
  /** Told each time a limit refuses a call, by the limit's name (what the metrics count). */
  onLimitHit?(limiter: 'api-person' | 'api-address'): void
}

export interface RouteAccess {
  method: string
  url: string
  access: AccessRule
}

const API_PATH = /^\/api(\/|\?|$)/

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : null
}

/**
 * Authentication, the per-caller request limit (on /api only) and the route's access rule, in that order, before the
 * body is read: an outsider is refused without the route learning anything. Returns the inventory of /api routes and their rules.
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

  async function enforceLimit(limiter: RequestLimiter, key: string, reply: FastifyReply) {
    const decision = await limiter.hit(key)
    if (decision.allowed) return
    deps.onLimitHit?.(limiter === deps.limits.perPerson ? 'api-person' : 'api-address')
    void reply.header('Retry-After', String(decision.retryAfterSeconds))
    throw new AppError('rate_limited', `Too many requests. Wait ${describeWait(decision.retryAfterSeconds)}, then try again.`)
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access
    if (!access) {
      // Pages and static files are never limited: one page load fetches dozens of files, and a school's staff share
      // one address. An /api address that matches no route still counts against the address.
      if (API_PATH.test(request.url)) await enforceLimit(deps.limits.perAddress, `api-ip:${deps.addressKey(request.ip)}`, reply)
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
    if (request.user) await enforceLimit(deps.limits.perPerson, `api-user:${request.user.id}`, reply)
    else await enforceLimit(deps.limits.perAddress, `api-ip:${deps.addressKey(request.ip)}`, reply)

    if (access === 'public') return
    if (!request.user) throw new AppError('unauthorized', deps.failureText(failure ?? 'missing'), { code: 'unauthorized' })
    if (access === 'authenticated') return
    if (access === 'super_admin') {
      if (request.user.roleCode !== SUPER_ADMIN)
        throw new AppError('forbidden', 'Only a super administrator can do this.', { code: 'super_admin_required' })
      return
    }
    if (access === 'admin') {
      if (!isAdminRole(request.user.roleCode))
        throw new AppError('forbidden', 'Only administrators can do this.', { code: 'admin_required' })
      return
    }
    if (!(await deps.holdsApplication(request.user, access.application))) {
      throw new AppError('forbidden', "You don't have permission to use this application.", { code: 'permission_required' })
    }
  })

  return inventory
}
