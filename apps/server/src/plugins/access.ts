import type { FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.js'

/**
 * Who may call a route. Every /api route declares one in `config.access`; the access plugin enforces it
 * and refuses to start if a route forgets, and the access-rule inventory test walks them all.
 */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | 'admin'
  /** SUPER_ADMIN only (the audit chain check, separation-of-duties exceptions). */
  | 'super_admin'
  /** Holders of an application (administrators hold every active one). */
  | { application: string }

/** The signed-in person behind a request. */
export interface AuthUser {
  id: number
  email: string
  fullName: string
  roleCode: string
  roleName: string
  roleLevel: number
  organization: string
  organizationCode: string
  sessionId: string
  /** The access version read with the session (menus cached under an older one are out of date). */
  accessVersion: string | null
}

/** The columns of a person that a user query reads (the person, their role and their organisation). */
export interface PersonRow {
  user_id: number
  email: string
  full_name: string
  role_code: string
  role_name: string
  role_level: number
  org_name: string
  org_code: string
}

/** A person as the platform acts for them: in a session, or on their behalf (a background job, the demo seed). */
export function authUserOf(row: PersonRow, sessionId: string, accessVersion: string | null): AuthUser {
  return {
    id: row.user_id,
    email: row.email,
    fullName: row.full_name,
    roleCode: row.role_code,
    roleName: row.role_name,
    roleLevel: row.role_level,
    organization: row.org_name,
    organizationCode: row.org_code,
    sessionId,
    accessVersion,
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
  }
  interface FastifyRequest {
    user: AuthUser | null
  }
}

export function describeAccess(rule: AccessRule): string {
  return typeof rule === 'string' ? rule : `application:${rule.application}`
}

/**
 * A route's access rule, declared once for a rule that needs a session: `config: rule.config` gives it to the access
 * plugin, and `rule.user(request)` is the signed-in person, typed as present, since no rule but 'public' lets a caller
 * in without one. The rule and the user's type come from this one declaration, so no handler writes `request.user!`.
 */
export function signedInRoute<const Rule extends Exclude<AccessRule, 'public'>>(access: Rule) {
  return {
    config: { access },
    user(request: FastifyRequest): AuthUser {
      // The access plugin answers 401 before any handler runs when there is no session: getting here without a user
      // would mean a route bypassed it, so it is refused the same way rather than run for nobody.
      if (!request.user) throw new AppError('unauthorized', 'Sign in to continue.')
      return request.user
    },
  }
}
