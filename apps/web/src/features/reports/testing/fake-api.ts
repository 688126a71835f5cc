import type { SessionUser } from '@platform/contracts/auth'
import { vi } from 'vitest'
import { jsonResponse } from '@/test/render'
import { writer } from './fixtures'

export type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined

/**
 * Signs `user` in and stubs fetch: the profile call answers with the user, `answer` handles the rest (undefined → 404).
 * Returns the mock, whose calls are the requests the screen made.
 */
export function stubApi(answer: Answer, user: SessionUser = writer) {
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

export interface SentRequest {
  url: URL
  method: string
  body: unknown
}

/** The requests made to `pathname`, in order, with their JSON bodies. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, pathname: string): SentRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined }))
    .filter((request) => request.url.pathname === pathname)
}

/** Gives jsdom's boxes a size so the charts' responsive containers draw (as the DSA statistics tests do). */
export function giveElementsASize() {
  const box = { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 300, width: 600, height: 300 }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box })
}
