import { ApiError } from '@/lib/api-client'

export const SEND_FAILED = 'Failed to send magic link'
export const CODE_FAILED = 'Invalid verification code'
export const INVALID_LINK = 'Invalid verification link'
export const LINK_NOTE = 'This link may have expired or already been used'

/** Send-link failure text: the server's `error`, else 'Failed to send magic link' (a 429 carries how long to wait). */
export function sendFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : SEND_FAILED
}

/** Code failure text: the server's `error`, else 'Invalid verification code'. */
export function codeFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : CODE_FAILED
}

/** Link failure text: the server's `error`, else the error's message, else 'Invalid or expired link' / 'Verification failed'. */
export function verifyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message
    if (error.status >= 400 && error.status < 500) return 'Invalid or expired link'
    return error.message || 'Verification failed'
  }
  if (error instanceof Error && error.message) return error.message
  return 'Verification failed'
}

/** Shown on the success state of every sign-in (link, code, district, single sign-on) when the browser is new to the account. */
export const NEW_DEVICE_NOTE = 'New device registered for your account'

/** The district (provider) flow's failure texts. */
export const PROVIDER_INVALID_LINK = 'Invalid or expired magic link'
export const PROVIDER_FAILED = 'Unable to complete verification'
export const PROVIDER_LINK_NOTE = 'This link may have expired or already been used, or it was opened on a different device.'

/** The server's codes for a link that is unknown, expired, replaced or spent. */
const DEAD_LINK_CODES = new Set(['invalid_or_expired', 'link_expired', 'link_used', 'invite_expired'])

/** /auth/verify-clerk's headline: 'Invalid or expired magic link' for a dead link, else 'Unable to complete verification'. */
export function providerVerifyFailureMessage(error: unknown): string {
  return error instanceof ApiError && DEAD_LINK_CODES.has(error.code) ? PROVIDER_INVALID_LINK : PROVIDER_FAILED
}

/** The server's own words under the headline (why exactly), when it sent any. */
export function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && error.fromServer ? error.message : null
}
