import type { SessionUser } from '@platform/contracts/auth'
import { vi } from 'vitest'
import { jsonResponse } from './render'

/** What a screen's call gets: a response, or undefined for a 404. */
export type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined

/**
 * Signs `user` in and stubs fetch: the profile call answers with the user, `answer` handles the rest (undefined → 404).
 * Returns the mock, whose calls are the requests the screen made.
 */
export function stubApi(answer: Answer, user: SessionUser) {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(user))
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user })
    return (await answer(url, init)) ?? jsonResponse(404, { error: 'Not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
export type FetchMock = ReturnType<typeof stubApi>
