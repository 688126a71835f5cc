import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { makeUser } from '@/test/factories'
import { api, ApiError } from './api-client'
import { storeSession } from './auth-storage'

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const assign = vi.fn()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('location', { ...window.location, pathname: '/apps/accruals', search: '', assign })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
    assign.mockReset()
  })

  it('sends the stored token as a bearer and parses with the schema', async () => {
    storeSession('t0k3n', makeUser())
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: 1, extra: true }))
    await expect(api.get('/api/thing', z.object({ ok: z.number() }))).resolves.toEqual({ ok: 1 })
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers)
    expect(headers.get('Authorization')).toBe('Bearer t0k3n')
  })

  it("throws ApiError with the server's {error, code}", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { error: 'Try again in 5 minutes', code: 'rate_limited' }))
    const error = await api.post('/api/send-magic-link', z.unknown(), { email: 'a@b.c' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Try again in 5 minutes', fromServer: true })
  })

  it('says a refused input (400, 422) without the API’s field name that ends its message; other answers as they are', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: 'A denial names every person responsible for it, with their title (responsible).', code: 'bad_request' }),
    )
    await expect(api.post('/api/thing', z.unknown(), {})).rejects.toMatchObject({
      status: 400,
      message: 'A denial names every person responsible for it, with their title.',
      fromServer: true,
    })
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, { error: 'Say why it is not a duplicate (duplicateNote).', code: 'possible_duplicate' }),
    )
    await expect(api.post('/api/thing', z.unknown(), {})).rejects.toMatchObject({ message: 'Say why it is not a duplicate.' })
    fetchMock.mockResolvedValueOnce(
      jsonResponse(503, { error: 'The mail server did not accept the message (ECONNREFUSED)', code: 'unavailable' }),
    )
    await expect(api.post('/api/thing', z.unknown(), {})).rejects.toMatchObject({
      message: 'The mail server did not accept the message (ECONNREFUSED)',
    })
  })

  it('clears the session and goes to /login on a 401', async () => {
    storeSession('t0k3n', makeUser())
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Session expired', code: 'unauthorized' }))
    await expect(api.get('/api/dashboard/overview', z.unknown())).rejects.toBeInstanceOf(ApiError)
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('signInRedirect')).toBe('/apps/accruals')
    expect(assign).toHaveBeenCalledWith('/login')
  })

  it('leaves the session alone on a 401 from the profile call', async () => {
    storeSession('t0k3n', makeUser())
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Session expired', code: 'unauthorized' }))
    await expect(api.get('/api/get-user-profile', z.unknown())).rejects.toMatchObject({ status: 401 })
    expect(localStorage.getItem('token')).toBe('t0k3n')
    expect(assign).not.toHaveBeenCalled()
  })

  it.each(['/api/sso/complete', '/api/auth-config'])(
    'never sends the browser to /login on a 401 from %s (called before sign-in)',
    async (path) => {
      storeSession('t0k3n', makeUser())
      fetchMock.mockResolvedValue(jsonResponse(401, { error: 'The sign-in ticket is not valid', code: 'unauthorized' }))
      await expect(api.post(path, z.unknown(), {})).rejects.toMatchObject({ status: 401 })
      expect(localStorage.getItem('token')).toBe('t0k3n')
      expect(assign).not.toHaveBeenCalled()
    },
  )

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(api.get('/api/thing', z.unknown())).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })
})
