import type { Kysely } from 'kysely'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, addExemption, intake, issueLetter, requestBody, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { up as backfillParticipants } from '../../db/migrations/0037-records-participants.js'

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return parts.join('\n').replace(/\s+/g, ' ')
}

/*
 * The controls of Public Information: a withholding determination's letter names its exemptions and the persons
 * responsible, a request closes only when its letters are issued and its records produced or denied, dates received
 * fall within the district's window, and everyone who took part in a letter or a request is kept.
 */
describe.each(testDialects())('records requests: controls that hold (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let counsel: RecordsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    counsel = await setup.person(['COUNSEL'])
  })
  afterEach(() => t.close())

  const page = async (token: string, id: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).json().data

  it('takes a date received only within the district window: no PRR-1900-0001, and no number spent on a refusal', async () => {
    for (const receivedAt of ['1900-01-01T18:00:00.000Z', '2001-07-01T18:00:00.000Z']) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/records-requests',
        token: coordinator.token,
        payload: requestBody({ receivedAt }),
      })
      expect(refused.statusCode, receivedAt).toBe(400)
      expect(refused.json().code).toBe('date_out_of_window')
      expect(refused.json().error).toContain(`The date received (receivedOn) ${receivedAt.slice(0, 10)} is before`)
    }
    const impossible = await t.request({
      method: 'POST',
      url: '/api/records-requests',
      token: coordinator.token,
      payload: requestBody({ receivedAt: '2026-02-30T18:00:00.000Z' }),
    })
    expect(impossible.statusCode).toBe(400)
    expect(await t.db.kysely.selectFrom('records_requests').select('number').execute()).toEqual([])
    expect((await intake(t, coordinator.token)).number).toBe('PRR-2026-0001')
  })

  it('closes a request only when its letters are issued and its records produced, saying what is missing', async () => {
    const { id } = await intake(t, coordinator.token)
    await step(t, signatory.token, id, 'extend', { reason: 'CONSULTATION', days: 3 })
    await step(t, signatory.token, id, 'determine', { outcome: 'DISCLOSABLE', estimatedProductionOn: '2026-03-20' })
    const lacking =
      'PRR-2026-0001 cannot close yet: 2 letters are not issued: Determination, Extension; no records were produced or denied.'
    const refused = await step(t, coordinator.token, id, 'close')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ code: 'not_closable', error: lacking })
    // The page shows the same words beside a Close it does not offer.
    const shown = await page(coordinator.token, id)
    expect(shown.actions.close).toBe(false)
    expect(shown.stepReasons).toEqual({ close: lacking })
    expect((await page(signatory.token, id)).stepReasons).toEqual({})

    await issueLetter(t, coordinator.token, signatory.token, id, 'EXTENSION')
    await issueLetter(t, coordinator.token, signatory.token, id, 'DETERMINATION')
    // A draft left unissued holds the request back too; a closure letter, which follows the closing, does not.
    await step(t, counsel.token, id, 'letters', { kind: 'ACKNOWLEDGMENT' })
    await step(t, counsel.token, id, 'letters', { kind: 'CLOSURE' })
    await step(t, coordinator.token, id, 'produce', { note: 'Sent' })
    expect((await step(t, coordinator.token, id, 'close')).json().error).toBe(
      'PRR-2026-0001 cannot close yet: 1 letter is not issued: Acknowledgment.',
    )
    const ack = (await page(coordinator.token, id)).letters.find((letter: { kind: string }) => letter.kind === 'ACKNOWLEDGMENT')
    expect((await step(t, signatory.token, id, `letters/${ack.id}/issue`, { signatoryTitle: 'Superintendent' })).statusCode).toBe(200)
    const closed = await step(t, coordinator.token, id, 'close')
    expect(closed.json().data).toMatchObject({ state: 'CLOSED', stepReasons: {} })

    // Reopened and determined again: the new determination needs a letter of its own before the request closes again.
    t.clock.set(new Date('2026-03-05T18:00:00.000Z'))
    const [again, signer] = [await t.signIn(coordinator.email), await t.signIn(signatory.email)]
    await step(t, again, id, 'reopen', { reason: 'One record was missed' })
    expect((await step(t, signer, id, 'determine', { outcome: 'NO_RECORDS' })).statusCode).toBe(200)
    expect((await step(t, again, id, 'close')).json().error).toBe('PRR-2026-0001 cannot close yet: 1 letter is not issued: Determination.')
  })

  it("refuses a withholding determination's letter that lacks its exemptions or persons responsible, and prints them when it has them", async () => {
    const exemption = await addExemption(t, counsel.token)
    const { id } = await intake(t, coordinator.token)
    await step(t, signatory.token, id, 'determine', {
      outcome: 'PARTIAL',
      estimatedProductionOn: '2026-03-20',
      responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }],
      exemptionIds: [exemption],
    })
    const letterId = await issueLetter(t, counsel.token, signatory.token, id, 'DETERMINATION')
    const pdf = await t.request({ method: 'GET', url: `/api/records-requests/${id}/letters/${letterId}/pdf`, token: coordinator.token })
    const text = await pdfText(pdf.rawPayload)
    expect(text).toContain('Determination on your public records request (PRR-2026-0001)')
    expect(text).toContain('Exemptions relied on: Gov. Code §7927.700 (Personnel files).')
    expect(text).toContain('Persons responsible for the denial: Cass Counsel, General Counsel.')

    // A denial whose grounds were not kept (recorded before the rule): its determination letter does not leave.
    const other = await intake(t, coordinator.token)
    await step(t, signatory.token, other.id, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }],
      exemptionIds: [exemption],
    })
    await t.db.kysely
      .updateTable('records_requests')
      .set({ determination_json: JSON.stringify({ responsible: [], exemptionIds: [] }) })
      .where('request_id', '=', other.id)
      .execute()
    const drafted = (await step(t, counsel.token, other.id, 'letters', { kind: 'DETERMINATION' })).json().data
    expect(drafted.missing).toEqual([
      'each exemption relied on for the records withheld',
      'each person responsible for the denial, by name and title',
    ])
    const refused = await step(t, signatory.token, other.id, `letters/${drafted.id}/issue`, { signatoryTitle: 'Superintendent' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      code: 'letter_incomplete',
      error:
        'The determination letter cannot be issued: it lacks each exemption relied on for the records withheld; each person responsible for the denial, by name and title.',
    })
  })

  it('spends a recorded exception only when the signing it allows succeeds', async () => {
    const both = await setup.person(['COUNSEL', 'SIGNATORY'])
    const { id, number } = await intake(t, coordinator.token)
    const extension = (await step(t, both.token, id, 'letters', { kind: 'EXTENSION' })).json().data
    const superAdmin = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: await t.signIn(superAdmin.email),
      payload: { appId: setup.appId, recordId: number, step: 'sign', userId: both.userId, reason: 'Small office: the only signatory' },
    })
    expect(recorded.statusCode).toBe(201)
    const unused = async () =>
      (
        await t.db.kysely
          .selectFrom('finance_exceptions')
          .select('used_at')
          .where('exception_id', '=', recorded.json().data.id)
          .executeTakeFirstOrThrow()
      ).used_at
    // The page offers the signing: the exception lets this person take it once.
    expect((await page(both.token, id)).letters[0].stepReasons).toEqual({})
    // Refused for another reason (no extension was made yet): the exception stays unused.
    expect((await step(t, both.token, id, `letters/${extension.id}/issue`, { signatoryTitle: 'Deputy' })).json().code).toBe(
      'letter_incomplete',
    )
    expect(await unused()).toBeNull()
    await step(t, signatory.token, id, 'extend', { reason: 'CONSULTATION', days: 3 })
    expect((await step(t, both.token, id, `letters/${extension.id}/issue`, { signatoryTitle: 'Deputy' })).statusCode).toBe(200)
    expect(await unused()).not.toBeNull()
  })

  it("keeps every request's and letter's participants, and migration 0037 fills them in from the records as they were", async () => {
    const { id } = await intake(t, coordinator.token)
    await step(t, coordinator.token, id, 'clarify', { clarifiedText: 'Only 2025' })
    await step(t, signatory.token, id, 'determine', { outcome: 'NO_RECORDS' })
    const letterId = await issueLetter(t, coordinator.token, signatory.token, id, 'DETERMINATION')
    await step(t, counsel.token, id, 'letters', { kind: 'CLOSURE' })
    await step(t, coordinator.token, id, 'close')
    const participants = () =>
      t.db.kysely
        .selectFrom('finance_participants')
        .select(['record_type', 'record_id', 'user_id', 'part'])
        .where('app_code', '=', 'PUBLIC_INFO')
        .orderBy('record_type')
        .orderBy('record_id')
        .orderBy('part')
        .execute()
    const kept = await participants()
    expect(kept.filter((row) => row.record_type === 'request')).toEqual([
      { record_type: 'request', record_id: String(id), user_id: coordinator.userId, part: 'clarified' },
      { record_type: 'request', record_id: String(id), user_id: coordinator.userId, part: 'closed' },
      { record_type: 'request', record_id: String(id), user_id: signatory.userId, part: 'determined' },
      { record_type: 'request', record_id: String(id), user_id: coordinator.userId, part: 'recorded' },
    ])
    expect(kept.filter((row) => row.record_id === String(letterId) && row.record_type === 'letter')).toEqual([
      { record_type: 'letter', record_id: String(letterId), user_id: coordinator.userId, part: 'drafted' },
      { record_type: 'letter', record_id: String(letterId), user_id: signatory.userId, part: 'signed' },
    ])
    await t.db.kysely.deleteFrom('finance_participants').where('app_code', '=', 'PUBLIC_INFO').execute()
    await backfillParticipants(t.db.kysely as unknown as Kysely<unknown>)
    expect(await participants()).toEqual(kept)
  })
})
