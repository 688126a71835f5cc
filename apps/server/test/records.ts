import { type TestApp } from './build-test-app.js'
import { type DutyHolder, dutyHolders } from './finance.js'

export type RecordsPerson = DutyHolder

/** Signed-in people holding Public Information duties (district-wide, as the issue grants them). */
export async function setUpRecords(t: TestApp) {
  const admin = await t.signIn('admin@example.org')
  const { appId, person } = await dutyHolders(t, 'PUBLIC_INFO', [null])
  return { admin, appId, person }
}

export const requestBody = (overrides: Record<string, unknown> = {}) => ({
  receivedAt: '2026-03-02T07:00:00.000Z',
  channel: 'EMAIL',
  requesterName: 'Dana Reporter',
  requesterContact: 'dana@news.example',
  text: 'All warrants issued to Acme Paving in 2025.',
  ...overrides,
})

export async function intake(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.request({ method: 'POST', url: '/api/records-requests', token, payload: requestBody(overrides) })
  if (answer.statusCode !== 201) throw new Error(`intake answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data as { id: number; number: string; state: string; determinationDueOn: string }
}

/** A step on a request (POST /api/records-requests/:id/<path>). */
export function step(t: TestApp, token: string, id: number, path: string, payload?: unknown) {
  return t.request({
    method: 'POST',
    url: `/api/records-requests/${id}/${path}`,
    token,
    ...(payload === undefined ? { payload: {} } : { payload: payload as Record<string, unknown> }),
  })
}

/** Adds an exemption to the library as the given COUNSEL; returns its id. */
export async function addExemption(t: TestApp, token: string, citation = 'Gov. Code §7927.700', title = 'Personnel files') {
  const answer = await t.request({
    method: 'POST',
    url: '/api/records-exemptions',
    token,
    payload: { citation, title, description: 'Unwarranted invasion of privacy.' },
  })
  if (answer.statusCode !== 201) throw new Error(`adding an exemption answered ${answer.statusCode}: ${answer.body}`)
  return answer.json().data.id as number
}

/** Drafts a letter of this kind (as a COORDINATOR or COUNSEL) and has a SIGNATORY who did not draft it issue it. */
export async function issueLetter(t: TestApp, drafter: string, signatory: string, id: number, kind: string) {
  const drafted = await step(t, drafter, id, 'letters', { kind })
  if (drafted.statusCode !== 201) throw new Error(`drafting answered ${drafted.statusCode}: ${drafted.body}`)
  const letterId = drafted.json().data.id as number
  const issued = await step(t, signatory, id, `letters/${letterId}/issue`, { signatoryTitle: 'Superintendent' })
  if (issued.statusCode !== 200) throw new Error(`issuing answered ${issued.statusCode}: ${issued.body}`)
  return letterId
}
