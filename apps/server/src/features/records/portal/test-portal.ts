import type { TestApp } from '../../../../test/build-test-app.js'
import { type RecordsPerson, issueLetter, step } from '../../../../test/records.js'

/** The portal's tests: the form as the request page sends it, and the calls a tracking link makes. */

export const portalBody = (overrides: Record<string, unknown> = {}) => ({
  description: 'Board minutes of March 2025 about the new bus contract.',
  preferredFormat: 'ELECTRONIC',
  name: 'Ana Requester',
  email: 'ana@example.net',
  postalAddress: null,
  website: '',
  ...overrides,
})

export function submit(t: TestApp, overrides: Record<string, unknown> = {}, remoteAddress = '198.51.100.10') {
  return t.request({ method: 'POST', url: '/api/public-records/requests', payload: portalBody(overrides), remoteAddress })
}

/** Files a request and answers its number and the tracking link's secret (the part after '#'). */
export async function submitted(t: TestApp, overrides: Record<string, unknown> = {}, remoteAddress?: string) {
  const answer = await submit(t, overrides, remoteAddress)
  if (answer.statusCode !== 201) throw new Error(`the portal answered ${answer.statusCode}: ${answer.body}`)
  const receipt = answer.json().data as { number: string; trackingUrl: string; dueOn: string; dueInWords: string; emailed: boolean }
  return { ...receipt, token: tokenOf(receipt.trackingUrl), id: await requestIdOf(t, receipt.number) }
}

/** The secret of a tracking link as e-mailed or answered. */
export function tokenOf(text: string): string {
  const token = /\/public-records\/track\/PRR-\d{4}-\d{4,}#([\w-]+)/.exec(text)?.[1]
  if (!token) throw new Error(`No tracking link in:\n${text}`)
  return token
}

export async function requestIdOf(t: TestApp, number: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('records_requests').select('request_id').where('number', '=', number).executeTakeFirstOrThrow()
  return row.request_id
}

/** POST a tracking call: /track, /track/messages, /track/letters/:id, /track/documents/:id. */
export function tracking(t: TestApp, path: string, number: string, token: string, extra: Record<string, unknown> = {}) {
  return t.request({ method: 'POST', url: `/api/public-records/track${path}`, payload: { number, token, ...extra } })
}

/** A file given to the request by its assigned custodian (text files are taken as they are). */
export async function upload(t: TestApp, custodian: RecordsPerson, id: number, fileName: string, content: string) {
  const answer = await t.request({
    method: 'POST',
    url: `/api/records-requests/${id}/documents?fileName=${encodeURIComponent(fileName)}`,
    token: custodian.token,
    payload: Buffer.from(content),
    headers: { 'content-type': 'application/octet-stream' },
  })
  if (answer.statusCode !== 201) throw new Error(`uploading answered ${answer.statusCode}: ${answer.body}`)
  const documents = answer.json().data.documents as Array<{ id: number; fileName: string }>
  return documents.find((document) => document.fileName === fileName)!.id
}

export async function release(t: TestApp, token: string, id: number, documentId: number) {
  const answer = await step(t, token, id, `documents/${documentId}/release`, { released: true })
  if (answer.statusCode !== 200) throw new Error(`releasing answered ${answer.statusCode}: ${answer.body}`)
}

type People = { coordinator: RecordsPerson; signatory: RecordsPerson }

/** Determined by the signatory: records found disclosable (what lets documents be released), or none found. */
export async function determine(t: TestApp, signatory: RecordsPerson, id: number, outcome: 'DISCLOSABLE' | 'NO_RECORDS' = 'DISCLOSABLE') {
  const answer = await step(t, signatory.token, id, 'determine', {
    outcome,
    ...(outcome === 'DISCLOSABLE' ? { estimatedProductionOn: '2026-03-20' } : {}),
  })
  if (answer.statusCode !== 200) throw new Error(`determining answered ${answer.statusCode}: ${answer.body}`)
}

/** Closed with nothing missing: determined (unless it already is), its determination letter issued, produced when disclosable. */
export async function closeRequest(
  t: TestApp,
  people: People,
  id: number,
  outcome: 'DISCLOSABLE' | 'NO_RECORDS' = 'NO_RECORDS',
  determined = false,
) {
  if (!determined) await determine(t, people.signatory, id, outcome)
  await issueLetter(t, people.coordinator.token, people.signatory.token, id, 'DETERMINATION')
  if (outcome === 'DISCLOSABLE') {
    const produced = await step(t, people.coordinator.token, id, 'produce', {})
    if (produced.statusCode !== 200) throw new Error(`producing answered ${produced.statusCode}: ${produced.body}`)
  }
  const closed = await step(t, people.coordinator.token, id, 'close', { note: 'Answered.' })
  if (closed.statusCode !== 200) throw new Error(`closing answered ${closed.statusCode}: ${closed.body}`)
}

export const requestCount = async (t: TestApp) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('records_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
