import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, intake, issueLetter, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { submitted } from './portal/test-portal.js'
import { withDeliveries } from './records-requester-detail.js'

describe.each(testDialects())('records requests: the requester, duplicates and the public summary (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let counsel: RecordsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    counsel = await setup.person(['COUNSEL'])
  })
  afterEach(() => t.close())

  const detail = async (token: string, id: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).json().data
  const queue = async (person: RecordsPerson) =>
    (await t.request({ method: 'GET', url: '/api/my-queue', token: person.token })).json().data as Array<{ key: string; title: string }>

  it('shows how the requester is answered: by e-mail when staff typed an address, by post otherwise (no e-mail flagged)', async () => {
    const byEmail = await intake(t, coordinator.token, { requesterContact: '  Dana@News.Example ' })
    expect((await detail(coordinator.token, byEmail.id)).requester).toEqual({
      email: 'dana@news.example',
      postalAddress: null,
      preferredFormat: null,
      viaPortal: false,
      noEmail: false,
      trackingIssuedAt: null,
      possibleDuplicateOf: null,
    })
    const byPost = await intake(t, coordinator.token, {
      requesterContact: '12 Elm Street, Springfield CA 90000',
      text: 'Bus route maps for the 2025-26 school year.',
    })
    expect((await detail(coordinator.token, byPost.id)).requester).toMatchObject({
      email: null,
      postalAddress: '12 Elm Street, Springfield CA 90000',
      noEmail: true,
    })
  })

  it('shows a request filed through the public page with its preferred format and tracking link time', async () => {
    t.clock.set(new Date('2026-03-03T17:00:00.000Z'))
    const filed = await submitted(t, { preferredFormat: 'PAPER' })
    const page = await detail(await t.signIn(coordinator.email), filed.id)
    expect(page.requester).toMatchObject({ email: 'ana@example.net', preferredFormat: 'PAPER', viaPortal: true, noEmail: false })
    expect(page.requester.trackingIssuedAt).toBe('2026-03-03T17:00:00.000Z')
    expect(page.timeline[0].text).toContain('through the public records page')
  })

  it('flags a similar request from the same contact within 30 days (never refused); a coordinator clears the flag', async () => {
    const first = await intake(t, coordinator.token, { receivedAt: '2026-02-10T17:00:00.000Z' })
    const second = await intake(t, coordinator.token, {
      requesterContact: 'DANA@news.example',
      text: 'All the warrants issued to Acme Paving in 2025, please.',
    })
    expect(second.number).toBe('PRR-2026-0002')
    const page = await detail(coordinator.token, second.id)
    expect(page.requester.possibleDuplicateOf).toEqual({ id: first.id, number: first.number, receivedOn: '2026-02-10' })
    expect(page.timeline[0].text).toContain(`possibly a duplicate of ${first.number}`)
    expect(page.actions.dismissDuplicate).toBe(true)
    expect((await detail(coordinator.token, first.id)).requester.possibleDuplicateOf).toBeNull()
    expect((await detail(counsel.token, second.id)).actions.dismissDuplicate).toBe(false)
    // The coordinators' queue holds it until it is cleared; counsel has nothing to do about it.
    const item = `PUBLIC_INFO:request:${second.id}:duplicate`
    expect((await queue(coordinator)).map((entry) => entry.key)).toContain(item)
    expect((await queue(counsel)).map((entry) => entry.key)).not.toContain(item)

    const refused = await step(t, counsel.token, second.id, 'duplicate/dismiss')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toContain('To clear a possible duplicate you need the coordinator duty')
    const dismissed = await step(t, coordinator.token, second.id, 'duplicate/dismiss')
    expect(dismissed.statusCode).toBe(200)
    expect(dismissed.json().data.requester.possibleDuplicateOf).toBeNull()
    expect(dismissed.json().data.actions.dismissDuplicate).toBe(false)
    expect(dismissed.json().data.timeline.at(-1)).toMatchObject({
      action: 'records.duplicate_dismissed',
      text: `Not a duplicate of ${first.number}`,
    })
    expect((await queue(coordinator)).map((entry) => entry.key)).not.toContain(item)
    const again = await step(t, coordinator.token, second.id, 'duplicate/dismiss')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'not_flagged', error: `${second.number} is not flagged as a possible duplicate.` })
  })

  it('does not flag a request from another contact, with other words, or more than 30 days after', async () => {
    await intake(t, coordinator.token, { receivedAt: '2026-02-20T17:00:00.000Z' })
    const other = await intake(t, coordinator.token, { requesterContact: 'sam@elsewhere.example' })
    const unlike = await intake(t, coordinator.token, { text: 'Bus route maps for the 2025-26 school year.' })
    // 1 Mar is 40 days after 20 Jan: outside the window.
    await intake(t, coordinator.token, { receivedAt: '2026-01-20T17:00:00.000Z', requesterContact: 'pat@news.example' })
    const later = await intake(t, coordinator.token, { receivedAt: '2026-03-01T17:00:00.000Z', requesterContact: 'pat@news.example' })
    for (const id of [other.id, unlike.id, later.id])
      expect((await detail(coordinator.token, id)).requester.possibleDuplicateOf, String(id)).toBeNull()
    expect((await step(t, coordinator.token, other.id, 'duplicate/dismiss')).statusCode).toBe(409)
  })

  it('keeps the public summary a coordinator writes, in any state; others are refused and bad input is refused', async () => {
    const { id } = await intake(t, coordinator.token)
    expect((await detail(coordinator.token, id)).actions.publicSummary).toBe(true)
    expect((await detail(counsel.token, id)).actions.publicSummary).toBe(false)
    const put = (token: string, payload: unknown) =>
      t.request({ method: 'PUT', url: `/api/records-requests/${id}/public-summary`, token, payload: payload as Record<string, unknown> })
    expect((await put(counsel.token, { summary: 'Warrants to a paving contractor in 2025.' })).statusCode).toBe(403)
    for (const payload of [{}, { summary: '   ' }, { summary: 'x'.repeat(2001) }, { summary: 42 }]) {
      const refused = await put(coordinator.token, payload)
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400)
      expect(refused.json().code).toBeTruthy()
    }
    expect((await detail(coordinator.token, id)).publicSummary).toBeNull()
    const written = await put(coordinator.token, { summary: '  Warrants to a paving contractor in 2025.  ' })
    expect(written.statusCode).toBe(200)
    expect(written.json().data.publicSummary).toBe('Warrants to a paving contractor in 2025.')
    expect(written.json().data.timeline.at(-1)).toMatchObject({
      action: 'records.public_summary',
      text: 'Public summary written for the archive',
    })
    const stored = await t.db.kysely
      .selectFrom('records_requests')
      .select(['public_summary_by', 'public_summary_at'])
      .where('request_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ public_summary_by: coordinator.userId, public_summary_at: t.clock.now().toISOString() })
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/records-requests/999/public-summary',
          token: coordinator.token,
          payload: { summary: 'Nothing here.' },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('shows a posted letter on the page: to mail, then mailed, said once on the timeline, everything in time order', async () => {
    const signatory = await setup.person(['SIGNATORY'])
    const { id } = await intake(t, coordinator.token, { requesterContact: '12 Elm Street, Springfield CA 90000' })
    t.clock.set(new Date('2026-03-02T09:00:00.000Z'))
    const letterId = await issueLetter(t, coordinator.token, signatory.token, id, 'ACKNOWLEDGMENT')
    const token = await t.signIn(coordinator.email)
    const issued = await detail(token, id)
    expect(issued.letters.find((letter: { id: number }) => letter.id === letterId).delivery).toMatchObject({
      channel: 'POST',
      recipient: '12 Elm Street, Springfield CA 90000',
      state: 'TO_MAIL',
    })
    expect(issued.timeline.at(-1)).toMatchObject({ action: 'records.delivery_to_mail' })

    t.clock.set(new Date('2026-03-03T17:00:00.000Z'))
    const later = await t.signIn(coordinator.email)
    const [mailing] = (await t.request({ method: 'GET', url: '/api/records-mailings', token: later })).json().data
    const mailed = await t.request({
      method: 'POST',
      url: `/api/records-mailings/${mailing.id}/mailed`,
      token: later,
      payload: { mailedOn: '2026-03-03' },
    })
    expect(mailed.statusCode, mailed.body).toBe(200)
    const page = await detail(later, id)
    expect(page.letters.find((letter: { id: number }) => letter.id === letterId).delivery).toMatchObject({
      state: 'MAILED',
      mailedOn: '2026-03-03',
    })
    const actions = page.timeline.map((entry: { action: string }) => entry.action)
    expect(actions.filter((action: string) => /mailed/.test(action))).toEqual(['records.letter_mailed'])
    expect(page.timeline.at(-1).text).toBe('The acknowledgment letter mailed to the requester on Tue Mar 3, 2026')
    const times = page.timeline.map((entry: { at: string }) => entry.at)
    expect(times).toEqual([...times].sort())
  })
})

describe('the request timeline with its deliveries', () => {
  const entry = (at: string, action: string) => ({ at, action })
  it('puts a delivery where it happened, and at the instant of its letter’s issue right after it', () => {
    const history = [
      entry('2026-03-02T08:00:00.000Z', 'records.received'),
      entry('2026-03-03T08:00:00.000Z', 'records.letter_issued'),
      entry('2026-03-03T08:00:00.000Z', 'records.closed'),
      entry('2026-03-03T08:00:00.000Z', 'records.reopened'),
    ]
    const deliveries = [
      entry('2026-03-03T08:05:00.000Z', 'records.delivery_sent'),
      entry('2026-03-03T08:00:00.000Z', 'records.delivery_queued'),
      entry('2026-03-02T08:00:00.000Z', 'records.delivery_to_mail'),
    ]
    expect(withDeliveries(history, deliveries).map((one) => one.action)).toEqual([
      'records.received',
      'records.delivery_to_mail',
      'records.letter_issued',
      'records.delivery_queued',
      'records.closed',
      'records.reopened',
      'records.delivery_sent',
    ])
  })
})
