import { SSO_ERROR_TEXT, type SsoProvider } from '@platform/contracts/auth'

export const SSO_FAILED = 'Single sign-on failed. Please try again.'

/** Where a single sign-on button leads (a full page load: the server redirects on to the identity provider). */
export function ssoStartUrl(provider: SsoProvider, from: 'standard' | 'district' = 'standard'): string {
  const path = `/api/sso/${provider}/start`
  return from === 'district' ? `${path}?from=district` : path
}

/** The words for /login?sso_error=<code>; an unknown code gets the generic text. */
export function ssoErrorText(code: string): string {
  return Object.hasOwn(SSO_ERROR_TEXT, code) ? SSO_ERROR_TEXT[code as keyof typeof SSO_ERROR_TEXT] : SSO_FAILED
}

/** The ticket in /auth/sso#ticket=…, or null. */
export function ticketFromHash(hash: string): string | null {
  const ticket = new URLSearchParams(hash.replace(/^#/, '')).get('ticket')?.trim()
  return ticket ? ticket : null
}
