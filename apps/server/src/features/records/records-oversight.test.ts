import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type RecordsPerson, addExemption, intake, issueLetter, setUpRecords, step } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { middleAndAverage } from './records-oversight.service.js'

describe.each(testDialects())('records requests: alerts, My queue, public log, figures, holidays (%s)', (dialect) => {
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

  const mailsTo = async (address: string) =>
    t.db.kysely
      .selectFrom('mail_messages')
      .select(['recipient', 'subject'])
      .where('kind', '=', 'records_due')
      .where('recipient', '=', address)
      .orderBy('message_id')
      .execute()

  it('e-mails the point person and the coordinators once each when a request is due in 2 days, due today and overdue', async () => {
    const point = await setup.person(['CUSTODIAN'])
    const { id } = await intake(t, coordinator.token)
    await step(t, coordinator.token, id, 'assignments', { userId: point.userId, role: 'POINT_PERSON', reason: 'Knows the files' })
    // Due Wed 11 Mar 2026. On Mon 9 Mar: due in 2 days.
    for (const [instant, subject] of [
      ['2026-03-09T17:00:00.000Z', 'Records request PRR-2026-0001 is due within 2 days'],
      ['2026-03-11T17:00:00.000Z', 'Records request PRR-2026-0001 is due today'],
      ['2026-03-12T17:00:00.000Z', 'Records request PRR-2026-0001 is overdue'],
    ] as const) {
      t.clock.set(new Date(instant))
      await t.maintenance()
      await t.maintenance()
      expect((await mailsTo(point.email)).at(-1)?.subject).toBe(subject)
    }
    expect(await mailsTo(point.email)).toHaveLength(3)
    expect(await mailsTo(coordinator.email)).toHaveLength(3)
    expect(await mailsTo(signatory.email)).toHaveLength(0)
    // A determined request's clock stops: no more alerts.
    const other = await intake(t, await t.signIn(coordinator.email), { receivedAt: '2026-03-12T17:00:00.000Z' })
    await step(t, await t.signIn(signatory.email), other.id, 'determine', { outcome: 'NO_RECORDS' })
    t.clock.set(new Date('2026-03-30T17:00:00.000Z'))
    await t.maintenance()
    expect(await mailsTo(coordinator.email)).toHaveLength(3)
  })

  it("puts due requests, search tasks and drafts to sign in the right people's My queue", async () => {
    const custodian = await setup.person(['CUSTODIAN'])
    const { id } = await intake(t, coordinator.token)
    await step(t, coordinator.token, id, 'assignments', {
      userId: custodian.userId,
      role: 'CUSTODIAN',
      reason: 'AP files',
      task: 'Search the warrant register',
    })
    await step(t, coordinator.token, id, 'letters', { kind: 'ACKNOWLEDGMENT' })
    const queue = async (person: RecordsPerson) =>
      (await t.request({ method: 'GET', url: '/api/my-queue', token: await t.signIn(person.email) }))
        .json()
        .data.filter((item: { appCode: string }) => item.appCode === 'PUBLIC_INFO')
    // Whatever its distance from due (nine days here), a request waiting for its determination is listed.
    expect(await queue(coordinator)).toMatchObject([
      { title: 'Follow PRR-2026-0001 to its determination', overdue: false, dueAt: '2026-03-12T06:59:59.999Z' },
    ])
    // Wed 11 Mar, 8 p.m. Pacific: past 23:59:59 UTC, still the due day in the district.
    t.clock.set(new Date('2026-03-12T03:00:00.000Z'))
    expect(await queue(coordinator)).toMatchObject([{ overdue: false }])
    t.clock.set(new Date('2026-03-12T17:00:00.000Z'))
    expect(await queue(coordinator)).toMatchObject([
      { title: 'Follow PRR-2026-0001 to its determination', overdue: true, href: `/apps/public-info/requests/${id}` },
    ])
    expect(await queue(custodian)).toMatchObject([
      { title: 'Search for records of PRR-2026-0001', detail: 'Search the warrant register', overdue: true },
    ])
    // The signatory determines the request and signs the draft: both on the request's page, overdue first.
    expect(await queue(signatory)).toMatchObject([
      { title: 'Determine PRR-2026-0001', overdue: true },
      { title: 'Sign the acknowledgment letter of PRR-2026-0001', href: `/apps/public-info/requests/${id}` },
    ])
  })

  it('offers in My queue only the letters the request page lets the person sign, soonest request first', async () => {
    const counsel = await setup.person(['COUNSEL', 'SIGNATORY'])
    const later = await intake(t, coordinator.token)
    const sooner = await intake(t, coordinator.token, { receivedAt: '2026-02-20T17:00:00.000Z' })
    const drafted = async (token: string, id: number, kind: string) =>
      (await step(t, token, id, 'letters', { kind })).json().data.id as number
    await drafted(coordinator.token, later.id, 'ACKNOWLEDGMENT')
    const counselsOwn = await drafted(counsel.token, sooner.id, 'ACKNOWLEDGMENT')
    const signTitles = async (person: RecordsPerson) =>
      (await t.request({ method: 'GET', url: '/api/my-queue', token: await t.signIn(person.email) }))
        .json()
        .data.filter((item: { key: string }) => item.key.endsWith(':sign'))
        .map((item: { title: string }) => item.title)
    // Counsel drafted the sooner one: not theirs to sign (the page says why and offers no button).
    expect(await signTitles(counsel)).toEqual([`Sign the acknowledgment letter of ${later.number}`])
    expect(await signTitles(signatory)).toEqual([
      `Sign the acknowledgment letter of ${sooner.number}`,
      `Sign the acknowledgment letter of ${later.number}`,
    ])
    const page = (
      await t.request({ method: 'GET', url: `/api/records-requests/${sooner.id}`, token: await t.signIn(counsel.email) })
    ).json().data
    expect(page.letters.find((letter: { id: number }) => letter.id === counselsOwn).stepReasons.issue).toBeTruthy()
    // Once signed it leaves the queue.
    const issued = await step(t, await t.signIn(signatory.email), sooner.id, `letters/${counselsOwn}/issue`, {
      signatoryTitle: 'Superintendent',
    })
    expect(issued.statusCode).toBe(200)
    expect(await signTitles(signatory)).toEqual([`Sign the acknowledgment letter of ${later.number}`])
  })

  it('exports the public log without requester details, as JSON and CSV', async () => {
    const { id } = await intake(t, coordinator.token, {
      requesterName: 'Secret Person',
      requesterContact: 'secret@example.org',
      text: '=HYPERLINK("x") contracts, 2025',
    })
    await step(t, signatory.token, id, 'extend', { reason: 'VOLUMINOUS', days: 5 })
    const viewer = await setup.person(['VIEWER'])
    const json = await t.request({ method: 'GET', url: '/api/records-public-log', token: viewer.token })
    expect(json.json().data).toEqual([
      {
        number: 'PRR-2026-0001',
        receivedOn: '2026-03-01',
        summary: '=HYPERLINK("x") contracts, 2025',
        state: 'RECEIVED',
        outcome: null,
        dueOn: '2026-03-16',
        extended: true,
        determinedOn: null,
        closedOn: null,
      },
    ])
    const csv = await t.request({ method: 'GET', url: '/api/records-public-log?format=csv', token: viewer.token })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body).toBe(
      'Number,Received,Request,State,Outcome,Due,Extended,Determined,Closed\r\nPRR-2026-0001,2026-03-01,"\'=HYPERLINK(""x"") contracts, 2025",Received,,2026-03-16,yes,,\r\n',
    )
    expect(csv.body).not.toContain('Secret')
    expect(JSON.stringify(json.json())).not.toContain('secret@example.org')
    expect((await t.request({ method: 'GET', url: '/api/records-public-log?from=2026-03-02', token: viewer.token })).json().data).toEqual(
      [],
    )
  })

  it('reckons the figures: on-time rate, extensions by reason, exemptions used, days to close', async () => {
    const counsel = await setup.person(['COUNSEL'])
    const exemption = await addExemption(t, counsel.token)
    const onTime = await intake(t, coordinator.token)
    const late = await intake(t, coordinator.token)
    const extended = await intake(t, coordinator.token)
    await step(t, signatory.token, extended.id, 'extend', { reason: 'CONSULTATION', days: 3 })
    // Marked on a page and cited in the determination: the exemption counts once for the request. Another exemption
    // only marked on a page of another request counts too.
    const uploadText = async (requestId: number) =>
      (
        await t.request({
          method: 'POST',
          url: `/api/records-requests/${requestId}/documents?fileName=warrants.csv`,
          token: counsel.token,
          payload: Buffer.from('name,amount\nAcme,10\n'),
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).json().data.documents[0].id as number
    const markedOnly = await addExemption(t, counsel.token, 'Gov. Code §7927.705', 'Records exempt by other law')
    const mark = async (requestId: number, exemptionId: number) =>
      expect(
        (
          await step(t, counsel.token, requestId, `documents/${await uploadText(requestId)}/exemptions`, {
            fromPage: 1,
            toPage: 1,
            exemptionId,
          })
        ).statusCode,
      ).toBe(200)
    await mark(onTime.id, exemption)
    await mark(late.id, markedOnly)
    await step(t, signatory.token, onTime.id, 'determine', {
      outcome: 'DENIED',
      responsible: [{ name: 'C', title: 'Counsel' }],
      exemptionIds: [exemption],
    })
    await issueLetter(t, coordinator.token, signatory.token, onTime.id, 'DETERMINATION')
    await step(t, coordinator.token, onTime.id, 'close')
    t.clock.set(new Date('2026-03-12T18:00:00.000Z'))
    const signer = await t.signIn(signatory.email)
    await step(t, signer, late.id, 'determine', { outcome: 'NO_RECORDS' })
    await issueLetter(t, await t.signIn(coordinator.email), signer, late.id, 'DETERMINATION')
    await step(t, await t.signIn(coordinator.email), late.id, 'close')
    const figures = (await t.request({ method: 'GET', url: '/api/records-figures', token: signer })).json().data
    expect(figures).toMatchObject({
      received: 3,
      open: 1,
      overdue: 0,
      determined: 2,
      determinedOnTime: 1,
      onTimeRate: 0.5,
      closed: 2,
      daysToClose: { median: 6, average: 6 },
    })
    expect(figures.extensionsByReason.find((row: { reason: string }) => row.reason === 'CONSULTATION').count).toBe(1)
    expect(figures.exemptionsUsed).toEqual([
      { citation: 'Gov. Code §7927.700', title: 'Personnel files', count: 1 },
      { citation: 'Gov. Code §7927.705', title: 'Records exempt by other law', count: 1 },
    ])
    expect((await t.request({ method: 'GET', url: '/api/records-figures?from=2026-04-01', token: signer })).json().data).toMatchObject({
      received: 0,
      onTimeRate: null,
      daysToClose: { median: null },
    })
  })

  it('keeps the holiday calendar: administrators edit it, everyone signed in reads it, bad dates refused', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/holidays',
          token: coordinator.token,
          payload: { date: '2026-03-31', name: 'Cesar Chavez Day' },
        })
      ).statusCode,
    ).toBe(403)
    const added = await t.request({
      method: 'POST',
      url: '/api/holidays',
      token: setup.admin,
      payload: { date: '2026-03-31', name: 'Cesar Chavez Day' },
    })
    expect(added.statusCode).toBe(201)
    expect(
      (await t.request({ method: 'POST', url: '/api/holidays', token: setup.admin, payload: { date: '2026-02-30', name: 'Nope' } }))
        .statusCode,
    ).toBe(400)
    expect(
      (await t.request({ method: 'POST', url: '/api/holidays', token: setup.admin, payload: { date: '2026-04-01', name: '' } })).statusCode,
    ).toBe(400)
    await t.request({ method: 'POST', url: '/api/holidays', token: setup.admin, payload: { date: '2027-01-01', name: "New Year's Day" } })
    expect((await t.request({ method: 'GET', url: '/api/holidays?year=2026', token: coordinator.token })).json().data).toEqual([
      { date: '2026-03-31', name: 'Cesar Chavez Day' },
    ])
    expect((await t.request({ method: 'DELETE', url: '/api/holidays/2026-03-31', token: setup.admin })).statusCode).toBe(204)
    expect((await t.request({ method: 'DELETE', url: '/api/holidays/2026-03-31', token: setup.admin })).statusCode).toBe(404)
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'public_info:holiday')
      .orderBy('audit_id')
      .execute()
    expect(audited.map((row) => row.action)).toEqual(['records.holiday_added', 'records.holiday_added', 'records.holiday_removed'])
  })
})

describe('days to close from counted values', () => {
  it('finds the median and the average as over the list the counts stand for', () => {
    expect(middleAndAverage([])).toEqual({ median: null, average: null })
    expect(middleAndAverage([{ value: 4, count: 1 }])).toEqual({ median: 4, average: 4 })
    // 2, 3, 3, 10: median between 3 and 3; average 4.5.
    expect(
      middleAndAverage([
        { value: 2, count: 1 },
        { value: 3, count: 2 },
        { value: 10, count: 1 },
      ]),
    ).toEqual({ median: 3, average: 4.5 })
    // 1, 5: median 3.
    expect(
      middleAndAverage([
        { value: 1, count: 1 },
        { value: 5, count: 1 },
      ]),
    ).toEqual({ median: 3, average: 3 })
    // 0, 0, 0, 7, 9: median 0; average 3.2.
    expect(
      middleAndAverage([
        { value: 0, count: 3 },
        { value: 7, count: 1 },
        { value: 9, count: 1 },
      ]),
    ).toEqual({ median: 0, average: 3.2 })
  })
})
