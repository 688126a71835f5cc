import type { SessionUser } from '@platform/contracts/auth'
import { makeApp, makeUser } from '@/test/factories'
import { type Answer, stubApi as stubSharedApi } from '@/test/fake-api'

export const dsaApp = makeApp({ app_code: 'DSA_TRACKER', app_name: 'DSA Project Tracker', app_icon: 'Database' })
/** A member of staff who holds the DSA_TRACKER application. */
export const dsaUser = makeUser({ permissions: ['dsa-tracker'], applications: [dsaApp] })

export type { Answer } from '@/test/fake-api'

/** The shared fetch stub, signed in as dsaUser unless told otherwise. */
export const stubApi = (answer: Answer, user: SessionUser = dsaUser) => stubSharedApi(answer, user)

/** The URLs of the requests made to `pathname`, in order. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, pathname: string): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === pathname)
}
