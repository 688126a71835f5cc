import type { SessionUser } from '@platform/contracts/auth'
import { vi } from 'vitest'
import { type Answer, stubApi as stubSharedApi } from '@/test/fake-api'
import { writer } from './fixtures'

export type { Answer } from '@/test/fake-api'

/** The shared fetch stub, signed in as writer unless told otherwise. */
export const stubApi = (answer: Answer, user: SessionUser = writer) => stubSharedApi(answer, user)

export interface SentRequest {
  url: URL
  method: string
  body: unknown
}

/** The requests made to `pathname`, in order, with their JSON bodies. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, pathname: string): SentRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((request) => request.url.pathname === pathname)
}

/** Gives jsdom's boxes a size so the charts' responsive containers draw (as the DSA statistics tests do). */
export function giveElementsASize() {
  const box = { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 300, width: 600, height: 300 }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box })
}
