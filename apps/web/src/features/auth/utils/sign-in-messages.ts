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

/** Link failure text (SPEC.md §8): the server's `error`, else the error's message, else 'Invalid or expired link' / 'Verification failed'. */
export function verifyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fromServer) return error.message
    if (error.status >= 400 && error.status < 500) return 'Invalid or expired link'
    return error.message || 'Verification failed'
  }
  if (error instanceof Error && error.message) return error.message
  return 'Verification failed'
}
