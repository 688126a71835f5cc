import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, addExemption, intake, issueLetter, requestBody, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('records requests: intake, clock, steps and the duty table (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpRecords>>
  let coordinator: RecordsPerson
  let signatory: RecordsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpRecords(t)
    coordinator = await setup.person(['COORDINATOR'])
    signatory = await setup.person(['SIGNATORY'])
  })
  afterEach(() => t.close())

  const detail = async (token: string, id: number) =>
    (await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).json().data

  it('records a request with a gapless number per year and the clock computed in the district zone, and audits it', async () => {
    // Thu 12 Nov 2026 14:10 in Los Angeles: day 10 is Sun 22 Nov, due Mon 23 Nov (the issue's example).
    t.clock.set(new Date('2026-11-13T00:00:00.000Z'))
    const token = await t.signIn(coordinator.email)
    const first = await intake(t, token, { receivedAt: '2026-11-12T22:10:00.000Z' })
    expect(first).toMatchObject({ number: 'PRR-2026-0001', state: 'RECEIVED', determinationDueOn: '2026-11-23' })
    const second = await intake(t, token, { receivedAt: '2026-11-12T23:00:00.000Z' })
    expect(second.number).toBe('PRR-2026-0002')
    const page = await detail(token, first.id)
    expect(page.clock).toMatchObject({
      receivedOn: '2026-11-12',
      dayTen: '2026-11-22',
      determinationDueOn: '2026-11-23',
      dueOn: '2026-11-23',
      daysLeft: 11,
      status: 'ON_TRACK',
    })
    expect(page.clock.explanation).toBe('received Thu 12 Nov 2026 14:10; day 10 is Sun 22 Nov; due Mon 23 Nov')
    expect(page.text).toBe('All warrants issued to Acme Paving in 2025.')
    expect(page.timeline.map((entry: { action: string }) => entry.action)).toEqual(['records.received'])
    // A request received on 31 Dec (district time) belongs to that year, even though it is already 1 Jan in UTC.
    t.clock.set(new Date('2027-01-02T00:00:00.000Z'))
    const later = await t.signIn(coordinator.email)
    expect((await intake(t, later, { receivedAt: '2027-01-01T03:00:00.000Z' })).number).toBe('PRR-2026-0003')
    expect((await intake(t, later, { receivedAt: '2027-01-01T20:00:00.000Z' })).number).toBe('PRR-2027-0001')
  })

  it('refuses bad input with a clear 400 and stores nothing, taking no number', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ receivedAt: '2026-03-03T08:00:00.000Z' }, 'in the future'],
      [{ receivedAt: 'yesterday' }, 'Enter the date and time the request was received (receivedAt).'],
      [{ channel: 'FAX' }, 'Choose how the request came in: E-mail, Web form, Mail, In person or Phone (channel).'],
      [{ requesterName: '  ' }, 'Enter the requester’s name; it stays private (requesterName).'],
      [{ text: '' }, 'Enter the request’s text exactly as received (text).'],
      [{ text: 'a\u0000b' }, 'NUL'],
    ]
    for (const [overrides, message] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/records-requests',
        token: coordinator.token,
        payload: requestBody(overrides),
      })
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(answer.json().error, JSON.stringify(overrides)).toContain(message)
    }
    expect(await t.db.kysely.selectFrom('records_requests').selectAll().execute()).toEqual([])
    expect((await intake(t, coordinator.token)).number).toBe('PRR-2026-0001')
  })

  it('a step whose audit row cannot be written does not happen: no request, no number spent, no extension', async () => {
    const head = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    // Without its head row the chain cannot be appended to: the append fails inside the step's transaction.
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    expect(
      (await t.request({ method: 'POST', url: '/api/records-requests', token: coordinator.token, payload: requestBody() })).statusCode,
    ).toBe(500)
    expect(await t.db.kysely.selectFrom('records_requests').selectAll().execute()).toEqual([])
    await t.db.kysely.insertInto('audit_chain_head').values(head).execute()
    const { id, number } = await intake(t, coordinator.token)
    expect(number).toBe('PRR-2026-0001')
    const now = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    expect((await step(t, signatory.token, id, 'extend', { reason: 'VOLUMINOUS', days: 14 })).statusCode).toBe(500)
    await t.db.kysely.insertInto('audit_chain_head').values(now).execute()
    expect((await detail(signatory.token, id)).extension).toBeNull()
    expect((await step(t, signatory.token, id, 'extend', { reason: 'VOLUMINOUS', days: 14 })).statusCode).toBe(200)
  })

  it('lets only a COORDINATOR record a request; the others are refused 403 and strangers have no access', async () => {
    const viewer = await setup.person(['VIEWER'])
    const counsel = await setup.person(['COUNSEL'])
    for (const token of [signatory.token, viewer.token, counsel.token, setup.admin]) {
      const answer = await t.request({ method: 'POST', url: '/api/records-requests', token, payload: requestBody() })
      expect(answer.statusCode).toBe(403)
      expect(answer.json().code).toBe('duty_required')
    }
    const stranger = await t.createUser()
    const strangerToken = await t.signIn(stranger.email)
    expect((await t.request({ method: 'GET', url: '/api/records-requests', token: strangerToken })).statusCode).toBe(403)
    // Holding the application without a duty: no request to see, and one asked for by id is not found.
    const { id } = await intake(t, coordinator.token)
    const holder = await t.signIn((await t.createUser({ applications: ['PUBLIC_INFO'] })).email)
    expect((await t.request({ method: 'GET', url: '/api/records-requests', token: holder })).json()).toMatchObject({
      data: [],
      pagination: { total: 0 },
    })
    expect((await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token: holder })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/records-public-log', token: holder })).json().data).toEqual([])
    // Any duty, a viewer, or an administrator reads requests.
    for (const token of [viewer.token, counsel.token, signatory.token, setup.admin])
      expect((await t.request({ method: 'GET', url: `/api/records-requests/${id}`, token })).statusCode).toBe(200)
  })

  it('extends once, before the due date, for a statutory reason, by a SIGNATORY only; a second extension is refused', async () => {
    const { id } = await intake(t, coordinator.token)
    const late = await step(t, coordinator.token, id, 'extend', { reason: 'VOLUMINOUS', days: 14 })
    expect(late.statusCode).toBe(403)
    for (const [payload, message] of [
      [
        { reason: 'BUSY', days: 5 },
        'Records at field facilities, A voluminous amount of separate records, Consultation with another agency, Data compilation or programming or An emergency',
      ],
      [{ reason: 'VOLUMINOUS', days: 15 }, 'The extension is at most 14 days'],
      [{ reason: 'VOLUMINOUS', days: 0 }, 'The extension is at least 1 day (days).'],
    ] as const) {
      const answer = await step(t, signatory.token, id, 'extend', payload)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().error).toContain(message)
    }
    // Due Wed 11 Mar 2026; day 10 was Wed 11 Mar, plus 14 days is Wed 25 Mar.
    const extended = await step(t, signatory.token, id, 'extend', { reason: 'VOLUMINOUS', days: 14 })
    expect(extended.statusCode).toBe(200)
    expect(extended.json().data.extendedDueOn).toBe('2026-03-25')
    expect(extended.json().data.request.clock).toMatchObject({
      determinationDueOn: '2026-03-11',
      extendedDueOn: '2026-03-25',
      dueOn: '2026-03-25',
    })
    expect(extended.json().data.request.extension).toMatchObject({ reason: 'VOLUMINOUS', days: 14 })
    const again = await step(t, signatory.token, id, 'extend', { reason: 'CONSULTATION', days: 2 })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('already_extended')
    expect((await detail(signatory.token, id)).clock.dueOn).toBe('2026-03-25')

    // After the original due date has passed, no extension.
    const other = await intake(t, coordinator.token)
    t.clock.set(new Date('2026-03-12T18:00:00.000Z'))
    const tooLate = await step(t, await t.signIn(signatory.email), other.id, 'extend', { reason: 'VOLUMINOUS', days: 3 })
    expect(tooLate.statusCode).toBe(422)
    expect(tooLate.json().code).toBe('extension_too_late')
    expect(
      (await t.db.kysely.selectFrom('records_requests').select('extended_at').where('request_id', '=', other.id).executeTakeFirstOrThrow())
        .extended_at,
    ).toBeNull()
  })

  it('rolls an extension that lands on a weekend or holiday to the next business day', async () => {
    const admin = setup.admin
    expect(
      (await t.request({ method: 'POST', url: '/api/holidays', token: admin, payload: { date: '2026-03-23', name: 'Spring holiday' } }))
        .statusCode,
    ).toBe(201)
    const { id } = await intake(t, coordinator.token)
    // Day 10 Wed 11 Mar + 10 = Sat 21 Mar → Mon 23 Mar is a holiday → Tue 24 Mar.
    const extended = await step(t, signatory.token, id, 'extend', { reason: 'CONSULTATION', days: 10 })
    expect(extended.json().data.extendedDueOn).toBe('2026-03-24')
    expect(extended.json().data.request.clock.extensionExplanation).toBe('day 10 is Wed 11 Mar; plus 10 days is Sat 21 Mar; due Tue 24 Mar')
  })

  it('determines with the rules for each outcome, by a SIGNATORY only, and refuses what is incomplete', async () => {
    const counsel = await setup.person(['COUNSEL'])
    const exemption = await addExemption(t, counsel.token)
    const { id } = await intake(t, coordinator.token)
    expect((await step(t, coordinator.token, id, 'determine', { outcome: 'NO_RECORDS' })).statusCode).toBe(403)
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ outcome: 'DISCLOSABLE' }, 'estimated_date_required'],
      [{ outcome: 'PARTIAL', estimatedProductionOn: '2026-03-20', exemptionIds: [exemption] }, 'responsible_required'],
      [{ outcome: 'DENIED', responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }] }, 'citation_required'],
      [{ outcome: 'NO_RECORDS', estimatedProductionOn: '2026-03-20' }, 'estimated_date_not_allowed'],
      [{ outcome: 'DISCLOSABLE', estimatedProductionOn: '2026-02-01' }, 'estimated_date_passed'],
      [{ outcome: 'DENIED', responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }], exemptionIds: [9999] }, 'unknown_exemption'],
    ]
    for (const [payload, code] of refusals) {
      const answer = await step(t, signatory.token, id, 'determine', payload)
      expect(answer.statusCode, code).toBe(400)
      expect(answer.json().code).toBe(code)
    }
    const noTitle = await step(t, signatory.token, id, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'Cass Counsel', title: '' }],
      exemptionIds: [exemption],
    })
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().error).toContain('Enter the title of the person responsible for withholding (title).')
    expect((await detail(signatory.token, id)).state).toBe('RECEIVED')

    const denied = await step(t, signatory.token, id, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'Cass Counsel', title: 'General Counsel' }],
      exemptionIds: [exemption],
    })
    expect(denied.statusCode).toBe(200)
    expect(denied.json().data).toMatchObject({
      state: 'DETERMINED',
      outcome: 'DENIED',
      determination: { onTime: true, determinedOn: '2026-03-02', exemptions: [{ citation: 'Gov. Code §7927.700' }] },
    })
    // Out of order: determined twice, produced with nothing to produce.
    expect((await step(t, signatory.token, id, 'determine', { outcome: 'NO_RECORDS' })).json().code).toBe('wrong_state')
    expect((await step(t, coordinator.token, id, 'produce')).json().code).toBe('nothing_to_produce')
  })

  it('walks RECEIVED → CLARIFYING → DETERMINED → PRODUCING → CLOSED → REOPENED, each step by its duty, out-of-order steps refused', async () => {
    const { id } = await intake(t, coordinator.token)
    expect((await step(t, coordinator.token, id, 'produce')).statusCode).toBe(409)
    expect((await step(t, coordinator.token, id, 'close')).statusCode).toBe(409)
    expect((await step(t, coordinator.token, id, 'reopen', { reason: 'Requester asked again' })).statusCode).toBe(409)
    expect((await step(t, signatory.token, id, 'clarify', { clarifiedText: 'Only 2025' })).statusCode).toBe(403)
    const clarified = await step(t, coordinator.token, id, 'clarify', { clarifiedText: 'Warrants to Acme Paving, January to June 2025' })
    expect(clarified.json().data).toMatchObject({
      state: 'CLARIFYING',
      text: 'All warrants issued to Acme Paving in 2025.',
      clarifiedText: 'Warrants to Acme Paving, January to June 2025',
    })
    // Clarifying never moves the date.
    expect(clarified.json().data.clock.dueOn).toBe('2026-03-11')
    const determined = await step(t, signatory.token, id, 'determine', { outcome: 'DISCLOSABLE', estimatedProductionOn: '2026-03-20' })
    expect(determined.json().data.state).toBe('DETERMINED')
    const early = await step(t, coordinator.token, id, 'close')
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('not_closable')
    expect((await step(t, signatory.token, id, 'produce')).statusCode).toBe(403)
    expect((await step(t, coordinator.token, id, 'produce', { note: 'Sent' })).json().data.state).toBe('PRODUCING')
    t.clock.set(new Date('2026-03-20T18:00:00.000Z'))
    const token = await t.signIn(coordinator.email)
    // The requester was never told of the determination in writing: the request does not close, and says why.
    const unwritten = await step(t, token, id, 'close')
    expect(unwritten.json()).toMatchObject({
      code: 'not_closable',
      error: 'PRR-2026-0001 cannot close yet: 1 letter is not issued: Determination.',
    })
    await issueLetter(t, token, await t.signIn(signatory.email), id, 'DETERMINATION')
    expect((await step(t, token, id, 'close')).json().data.state).toBe('CLOSED')
    const reopened = await step(t, token, id, 'reopen', { reason: 'A 2025 warrant was missing' })
    expect(reopened.json().data.state).toBe('REOPENED')
    expect(reopened.json().data.clock.status).toBe('STOPPED')
    const actions = reopened.json().data.timeline.map((entry: { action: string }) => entry.action)
    expect(actions).toEqual([
      'records.received',
      'records.clarified',
      'records.determined',
      'records.producing',
      'records.letter_drafted',
      'records.letter_issued',
      // The requester's e-mail address was given: the letter left by e-mail.
      'records.delivery_queued',
      'records.closed',
      'records.reopened',
    ])
    // A late re-determination after reopening does not rewrite whether the first was on time.
    const again = await step(t, await t.signIn(signatory.email), id, 'determine', {
      outcome: 'DISCLOSABLE',
      estimatedProductionOn: '2026-03-27',
    })
    expect(again.json().data.determination).toMatchObject({ onTime: true, determinedOn: '2026-03-02' })
  })

  it('assigns a point person and custodians with reasons; a custodian works only on requests assigned to them', async () => {
    const custodian = await setup.person(['CUSTODIAN'])
    const { id } = await intake(t, coordinator.token)
    expect((await step(t, custodian.token, id, 'notes', { text: 'Looking' })).statusCode).toBe(403)
    const noTask = await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the AP files',
    })
    expect(noTask.statusCode).toBe(400)
    expect(noTask.json().error).toContain('search task')
    const wrongDuty = await step(t, coordinator.token, id, 'assignments', {
      userId: signatory.userId,
      role: 'CUSTODIAN',
      reason: 'x',
      task: 'Search',
    })
    expect(wrongDuty.json().code).toBe('wrong_duty')
    const assigned = await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'Keeps the AP files',
      task: 'Search the warrant register',
    })
    expect(assigned.statusCode).toBe(200)
    await step(t, coordinator.token, id, 'assignments', { userId: coordinator.userId, role: 'POINT_PERSON', reason: 'Coordinates' })
    const page = assigned.json().data
    expect(page.assignments).toMatchObject([{ role: 'CUSTODIAN', userId: custodian.userId, reason: 'Keeps the AP files' }])
    expect(page.tasks).toMatchObject([{ assigneeId: custodian.userId, description: 'Search the warrant register', state: 'OPEN' }])
    const taskId = page.tasks[0].id
    expect((await step(t, custodian.token, id, 'notes', { text: 'Looking in the AP drive' })).statusCode).toBe(200)
    const done = await step(t, custodian.token, id, `tasks/${taskId}/done`, { result: 'Found 14 warrants' })
    expect(done.json().data.tasks[0]).toMatchObject({ state: 'DONE', result: 'Found 14 warrants' })
    expect((await step(t, custodian.token, id, `tasks/${taskId}/done`, { result: 'again' })).statusCode).toBe(409)
    const listed = await t.request({
      method: 'GET',
      url: `/api/records-requests?assigneeId=${coordinator.userId}`,
      token: coordinator.token,
    })
    expect(listed.json().data.map((row: { id: number }) => row.id)).toEqual([id])
  })

  it('lists the queue sorted by due date with state, due and search filters, paged', async () => {
    t.clock.set(new Date('2026-03-20T18:00:00.000Z'))
    const token = await t.signIn(coordinator.email)
    const overdue = await intake(t, token, { receivedAt: '2026-03-02T18:00:00.000Z', text: 'Board minutes' })
    const soon = await intake(t, token, { receivedAt: '2026-03-10T18:00:00.000Z', text: 'Bus contract', requesterName: 'Jordan Parent' })
    const fresh = await intake(t, token, { receivedAt: '2026-03-20T17:00:00.000Z', text: 'Payroll' })
    const list = async (query: string) => (await t.request({ method: 'GET', url: `/api/records-requests${query}`, token })).json()
    expect((await list('')).data.map((row: { id: number }) => row.id)).toEqual([overdue.id, soon.id, fresh.id])
    expect((await list('?due=OVERDUE')).data.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([
      [overdue.id, 'OVERDUE'],
    ])
    expect((await list('?due=SOON')).data.map((row: { id: number; daysLeft: number }) => [row.id, row.daysLeft])).toEqual([[soon.id, 0]])
    expect((await list('?search=jordan')).data.map((row: { id: number }) => row.id)).toEqual([soon.id])
    expect((await list('?state=CLOSED')).data).toEqual([])
    const paged = await list('?limit=1&offset=1')
    expect(paged.pagination).toEqual({ total: 3, limit: 1, offset: 1 })
    expect(paged.data[0].id).toBe(soon.id)
    expect((await t.request({ method: 'GET', url: '/api/records-requests?due=LATER', token })).statusCode).toBe(400)
  })

  it('applies the after-hours setting when an administrator turns it on', async () => {
    const off = await intake(t, coordinator.token, { receivedAt: '2026-03-02T02:30:00.000Z' })
    // Sun 1 Mar 18:30 is counted from Sun 1 Mar with the rule off: day 10 Wed 11 Mar.
    expect(off.determinationDueOn).toBe('2026-03-11')
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/records-settings',
          token: coordinator.token,
          payload: { afterHoursRule: true, businessHoursStart: '08:00', businessHoursEnd: '17:00' },
        })
      ).statusCode,
    ).toBe(403)
    const saved = await t.request({
      method: 'PUT',
      url: '/api/records-settings',
      token: setup.admin,
      payload: { afterHoursRule: true, businessHoursStart: '08:00', businessHoursEnd: '17:00' },
    })
    expect(saved.json().data).toMatchObject({ afterHoursRule: true, districtTimeZone: 'America/Los_Angeles' })
    const on = await intake(t, coordinator.token, { receivedAt: '2026-03-02T02:30:00.000Z' })
    // Counted from Mon 2 Mar: day 10 Thu 12 Mar.
    expect(on.determinationDueOn).toBe('2026-03-12')
    expect((await detail(coordinator.token, on.id)).clock.explanation).toBe(
      'received Sun 1 Mar 2026 18:30, outside business hours, so counted as received Mon 2 Mar; day 10 is Thu 12 Mar; due Thu 12 Mar',
    )
    const bad = await t.request({
      method: 'PUT',
      url: '/api/records-settings',
      token: setup.admin,
      payload: { afterHoursRule: true, businessHoursStart: '17:00', businessHoursEnd: '08:00' },
    })
    expect(bad.statusCode).toBe(400)
  })
})
