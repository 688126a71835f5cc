/**
 * Who may call a route. Every /api route declares one in `config.access`; the access plugin enforces it
 * and refuses to start if a route forgets, and the access-rule inventory test walks them all.
 */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | 'admin'
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
