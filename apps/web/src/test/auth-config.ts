import type { AuthConfigResponse } from '@platform/contracts/auth'
import { jsonResponse } from './render'

/** The server's answer when only the e-mailed link is configured. */
export const NO_SIGN_IN_OPTIONS: AuthConfigResponse = { districtSignIn: { enabled: false, domains: [] }, sso: [] }

export function authConfig(overrides: Partial<AuthConfigResponse> = {}): AuthConfigResponse {
  return { ...NO_SIGN_IN_OPTIONS, ...overrides }
}

/**
 * A fetch that answers GET /api/auth-config itself and passes every other call to `next`, so a test's mock sees
 * only the calls it is about (the login pages load the configuration as they open).
 */
export function withAuthConfig(
  next: typeof fetch,
  config: AuthConfigResponse | (() => Response | Promise<Response>) = NO_SIGN_IN_OPTIONS,
): typeof fetch {
  return async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/auth-config') {
      return typeof config === 'function' ? config() : jsonResponse(200, config)
    }
    return next(input, init)
  }
}
