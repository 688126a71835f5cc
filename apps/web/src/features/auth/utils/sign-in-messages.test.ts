import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import {
  codeFailureMessage,
  providerVerifyFailureMessage,
  sendFailureMessage,
  serverDetail,
  verifyFailureMessage,
} from './sign-in-messages'

describe('sign-in messages', () => {
  it("shows the server's text when it sent one", () => {
    const limited = new ApiError(429, 'rate_limited', 'Too many requests. Try again in 5 minutes.', true)
    expect(sendFailureMessage(limited)).toBe('Too many requests. Try again in 5 minutes.')
    expect(codeFailureMessage(new ApiError(400, 'bad_request', 'Code expired', true))).toBe('Code expired')
    expect(verifyFailureMessage(new ApiError(410, 'gone', 'This link has already been used', true))).toBe('This link has already been used')
  })
  it('falls back to the SPEC texts', () => {
    expect(sendFailureMessage(new ApiError(0, 'network_error', 'offline'))).toBe('Failed to send magic link')
    expect(sendFailureMessage(new Error('boom'))).toBe('Failed to send magic link')
    expect(codeFailureMessage(new ApiError(500, 'http_500', 'x'))).toBe('Invalid verification code')
    expect(verifyFailureMessage(new ApiError(400, 'http_400', 'Request failed with status 400'))).toBe('Invalid or expired link')
    expect(verifyFailureMessage(new Error('No JWT token received from server'))).toBe('No JWT token received from server')
    expect(verifyFailureMessage('weird')).toBe('Verification failed')
  })
  it("words the provider flow's failures in its fixed texts", () => {
    for (const code of ['invalid_or_expired', 'link_expired', 'link_used']) {
      expect(providerVerifyFailureMessage(new ApiError(400, code, 'whatever', true))).toBe('Invalid or expired magic link')
    }
    expect(providerVerifyFailureMessage(new ApiError(400, 'account_inactive', 'Your account is not active.', true))).toBe(
      'Unable to complete verification',
    )
    expect(providerVerifyFailureMessage(new ApiError(0, 'network_error', 'offline'))).toBe('Unable to complete verification')
    expect(providerVerifyFailureMessage(new Error('No JWT token received from server'))).toBe('Unable to complete verification')
    expect(serverDetail(new ApiError(400, 'link_used', 'Already used', true))).toBe('Already used')
    expect(serverDetail(new ApiError(500, 'http_500', 'Request failed'))).toBeNull()
  })
})
