import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { closeRequest, determine, upload } from './portal/test-portal.js'

describe.each(testDialects())('records requests: documents released to the requester (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  let counsel: RecordsPerson
  let requestId: number
  let documentId: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
    counsel = await setup.person(['COUNSEL'])
    requestId = (await intake(t, coordinator.token)).id
    documentId = await upload(t, counsel, requestId, 'warrants.csv', 'warrant,amount\n1001,250.00\n')
  })
  afterEach(() => t.close())

  const release = (person: RecordsPerson, released: unknown, document = documentId, request = requestId) =>
    step(t, person.token, request, `documents/${document}/release`, { released })
  const detail = async (token: string, id = requestId) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).json().data
  const releasedAt = async () =>
    (
      await t.db.kysely
        .selectFrom('records_documents')
        .select(['released_at', 'released_by'])
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).released_at

  it('refuses a release before the determination, in words, and allows it once the records are found disclosable', async () => {
    const waiting = await detail(counsel.token)
    expect(waiting.actions.release).toBe(false)
    // The page says why, to those who release.
    expect(waiting.stepReasons.release).toContain('only once the request is determined')
    expect((await detail(signatory.token)).stepReasons.release).toBeUndefined()
    const early = await release(counsel, true)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ code: 'not_releasable' })
    expect(early.json().error).toContain('a document is released to the requester only once the request is determined')
    expect(await releasedAt()).toBeNull()

    await determine(t, signatory, requestId)
    expect((await detail(counsel.token)).actions.release).toBe(true)
    expect((await detail(counsel.token)).stepReasons.release).toBeUndefined()
    const released = await release(counsel, true)
    expect(released.statusCode).toBe(200)
    const [document] = released.json().data.documents
    const name = (await t.db.kysely.selectFrom('users').select('full_name').where('user_id', '=', counsel.userId).executeTakeFirstOrThrow())
      .full_name
    expect(document).toMatchObject({ fileName: 'warrants.csv', releasedAt: t.clock.now().toISOString(), releasedByName: name })
    expect(released.json().data.timeline.at(-1)).toMatchObject({
      action: 'records.document_released',
      text: 'Released warrants.csv to the requester',
      actorName: name,
    })
    const twice = await release(counsel, true)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'already_released', error: 'warrants.csv is already released to the requester.' })
  })

  it('withdraws a released document, also after the request closed; withdrawing one not released is refused', async () => {
    await determine(t, signatory, requestId)
    const notYet = await release(coordinator, false)
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json().code).toBe('not_released')
    expect((await release(coordinator, true)).statusCode).toBe(200)
    const withdrawn = await release(coordinator, false)
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json().data.documents[0]).toMatchObject({ releasedAt: null, releasedByName: null })
    expect(withdrawn.json().data.timeline.at(-1).text).toBe('Withdrew warrants.csv from the requester’s tracking page')
    expect(await releasedAt()).toBeNull()

    expect((await release(coordinator, true)).statusCode).toBe(200)
    await closeRequest(t, { coordinator, signatory }, requestId, 'DISCLOSABLE', true)
    const closed = await detail(coordinator.token)
    expect(closed.state).toBe('CLOSED')
    expect(closed.actions.release).toBe(true)
    expect((await release(coordinator, false)).statusCode).toBe(200)
    // Released again once closed: the determination found the records disclosable.
    expect((await release(coordinator, true)).statusCode).toBe(200)
  })

  it('releases nothing when the determination discloses no records', async () => {
    await determine(t, signatory, requestId, 'NO_RECORDS')
    const refused = await release(coordinator, true)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe(
      `${(await detail(coordinator.token)).number} was determined as no records: it discloses no records, so nothing is released to the requester.`,
    )
    expect(await releasedAt()).toBeNull()
  })

  it('refuses someone without the step (403), a document of another request (404) and bad input (400)', async () => {
    await determine(t, signatory, requestId)
    const custodian = await setup.person(['CUSTODIAN'])
    const viewer = await setup.person(['VIEWER'])
    for (const person of [signatory, custodian, viewer]) {
      const refused = await release(person, true)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ code: 'duty_required' })
      expect(refused.json().error).toContain('To release documents to the requester you need')
    }
    const other = await intake(t, coordinator.token, { requesterContact: 'sam@elsewhere.example', text: 'Bus route maps.' })
    const elsewhere = await release(coordinator, true, documentId, other.id)
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json()).toMatchObject({ code: 'document_not_found' })
    expect((await release(coordinator, true, 99999)).statusCode).toBe(404)
    for (const bad of ['yes', null, 1, undefined]) expect((await release(coordinator, bad)).statusCode, String(bad)).toBe(400)
    expect(await releasedAt()).toBeNull()
  })
})
