import type { SessionUser } from '@platform/contracts/auth'
import { vi } from 'vitest'
import { makeApp, makeUser } from '@/test/factories'
import { jsonResponse } from '@/test/render'

export const dsaApp = makeApp({ app_code: 'DSA_TRACKER', app_name: 'DSA Project Tracker', app_icon: 'Database' })
/** A member of staff who holds the DSA_TRACKER application. */
export const dsaUser = makeUser({ permissions: ['dsa-tracker'], applications: [dsaApp] })

export type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined

/**
 * Signs `user` in and stubs fetch: the profile call answers with the user, `answer` handles the rest (undefined → 404).
 * Returns the mock, whose calls are the requests the screen made.
 */
export function stubApi(answer: Answer, user: SessionUser = dsaUser) {
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

/** The URLs of the requests made to `pathname`, in order. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, pathname: string): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === pathname)
}
