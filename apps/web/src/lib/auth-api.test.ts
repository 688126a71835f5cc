import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/factories'
import { parseSignInResponse } from './auth-api'

describe('parseSignInResponse', () => {
  it('needs a token', () => {
    expect(() => parseSignInResponse({ user: makeUser() })).toThrow('No JWT token received from server')
    expect(() => parseSignInResponse({ token: '', user: makeUser() })).toThrow('No JWT token received from server')
    expect(() => parseSignInResponse(null)).toThrow('No JWT token received from server')
  })
  it('returns the token and user', () => {
    const user = makeUser()
    expect(parseSignInResponse({ token: 'jwt', user, newDevice: true })).toEqual({ token: 'jwt', user, newDevice: true })
  })
})
