import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { makeUser } from '@/test/factories'
import { api, ApiError, errorMessage, isTransientFailure } from './api-client'
import { isSessionEnded, storeSession } from './auth-storage'

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

  it('reports an unreachable server as status 0, in plain words', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await api.get('/api/thing', z.unknown()).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'network_error', fromServer: false })
    expect(errorMessage(error)).toBe('The server could not be reached. Check your connection and try again.')
  })

  it("shows the server's own sentence for a 500 that carries {error, code}", async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { error: 'The DSA database is being rebuilt.', code: 'rebuilding' }))
    const error = await api.get('/api/dsa-projects', z.unknown()).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 500, code: 'rebuilding', fromServer: true })
    expect(errorMessage(error, 'unused')).toBe('The DSA database is being rebuilt.')
  })

  it.each([
    [500, 'The server ran into a problem and could not finish. Try again in a moment.'],
    [502, 'The server is not available right now. Try again in a moment.'],
    [503, 'The server is not available right now. Try again in a moment.'],
    [404, 'This could not be found. It may have been removed.'],
    [403, 'You do not have access to this.'],
    [418, 'The server could not complete the request (status 418).'],
  ])('says a %i answered without the API’s body (a proxy’s page) in a plain sentence', async (status, sentence) => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status, headers: { 'Content-Type': 'text/html' } }))
    const error = await api.get('/api/thing', z.unknown()).catch((e: unknown) => e)
    expect(error).toMatchObject({ status, code: `http_${status}`, message: sentence, fromServer: false })
    expect(errorMessage(error, 'unused')).toBe(sentence)
  })

  it('keeps the fallback for a fault that is not a failed call', () => {
    expect(errorMessage(new TypeError('x is undefined'), 'The page could not show this.')).toBe('The page could not show this.')
    expect(errorMessage(null)).toBe('Something went wrong. Try again in a moment.')
  })

  it('counts only an unreachable server and a 503 as worth trying again', () => {
    expect(isTransientFailure(new ApiError(0, 'network_error', 'x'))).toBe(true)
    expect(isTransientFailure(new ApiError(503, 'unavailable', 'x'))).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 429, 500, 502]) expect(isTransientFailure(new ApiError(status, 'c', 'x'))).toBe(false)
    expect(isTransientFailure(new Error('x'))).toBe(false)
  })

  it('tells the sign-in page the session ended when a signed-in person meets a 401, and only then', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(401, { error: 'Session expired', code: 'unauthorized' })))
    await expect(api.get('/api/dashboard/overview', z.unknown())).rejects.toBeInstanceOf(ApiError)
    expect(isSessionEnded()).toBe(false)

    storeSession('t0k3n', makeUser())
    await expect(api.get('/api/dashboard/overview', z.unknown())).rejects.toBeInstanceOf(ApiError)
    expect(isSessionEnded()).toBe(true)

    storeSession('n3w', makeUser())
    expect(isSessionEnded()).toBe(false)
  })
})
