import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite, appId } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('duties in User Management (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  let receipts: number
  let accruals: number
  let dashboard: number
  let lhs: number
  let mms: number
  let orgId: number
  let staffRole: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    ;[receipts, accruals, dashboard] = await Promise.all([appId(t, 'PAYMENT_RECEIPTS'), appId(t, 'ACCRUALS'), appId(t, 'DASHBOARD')])
    lhs = await addSite(t, admin, { code: 'LHS' })
    mms = await addSite(t, admin, { code: 'MMS', name: 'Madison Middle School' })
    orgId = (await t.request({ method: 'GET', url: '/api/metaorgs', token: admin })).json().data[0].org_id
    staffRole = (await t.request({ method: 'GET', url: '/api/metaroles', token: admin }))
      .json()
      .data.find((role: { role_code: string }) => role.role_code === 'STAFF').role_id
  })
  afterEach(() => t.close())

  const person = (overrides: Record<string, unknown> = {}) => ({
    email: 'carla@district.test',
    fullName: 'Carla Collector',
    organizationId: orgId,
    roleId: staffRole,
    permissions: [{ appId: receipts }, { appId: dashboard }],
    ...overrides,
  })
  const details = async (userId: number) =>
    (await t.request({ method: 'GET', url: `/api/userdetails?userId=${userId}`, token: admin })).json()
  const dutyRows = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('finance_duties')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('createuser saves duties with their sites, userdetails answers them, updateuser keeps, replaces or clears them', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: admin,
      payload: person({
        duties: [
          { appId: receipts, duty: 'collector', siteIds: [mms, lhs] },
          { appId: receipts, duty: 'APPROVER', siteIds: null },
        ],
      }),
    })
    expect(created.statusCode).toBe(201)
    const userId = created.json().user.user_id
    expect((await details(userId)).duties).toEqual([
      { appId: receipts, appCode: 'PAYMENT_RECEIPTS', duty: 'APPROVER', siteIds: null },
      { appId: receipts, appCode: 'PAYMENT_RECEIPTS', duty: 'COLLECTOR', siteIds: [lhs, mms].sort((a, b) => a - b) },
    ])
    // Left out: kept as they are.
    expect(
      (await t.request({ method: 'PUT', url: `/api/updateuser?userId=${userId}`, token: admin, payload: person({ fullName: 'Carla C.' }) }))
        .statusCode,
    ).toBe(200)
    expect((await details(userId)).duties).toHaveLength(2)
    // Replaced.
    await t.request({
      method: 'PUT',
      url: `/api/updateuser?userId=${userId}`,
      token: admin,
      payload: person({ duties: [{ appId: receipts, duty: 'VIEWER', siteIds: [lhs] }] }),
    })
    expect((await details(userId)).duties).toEqual([{ appId: receipts, appCode: 'PAYMENT_RECEIPTS', duty: 'VIEWER', siteIds: [lhs] }])
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.updated')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details!).after.duties).toEqual([`PAYMENT_RECEIPTS:VIEWER@${lhs}`])
    // Cleared with [].
    await t.request({ method: 'PUT', url: `/api/updateuser?userId=${userId}`, token: admin, payload: person({ duties: [] }) })
    expect((await details(userId)).duties).toEqual([])
  })

  it('a duty needs its application, a real duty and real sites (400); nothing is saved', async () => {
    const refusals = [
      [{ duties: [{ appId: accruals, duty: 'REQUESTER', siteIds: null }] }, 'needs the Accruals application'],
      [{ duties: [{ appId: receipts, duty: 'REQUESTER', siteIds: null }] }, 'has no Requester duty'],
      [{ duties: [{ appId: dashboard, duty: 'VIEWER', siteIds: null }] }, 'has no duties'],
      [{ duties: [{ appId: receipts, duty: 'COLLECTOR', siteIds: [9999] }] }, 'Unknown site'],
      [{ duties: [{ appId: receipts, duty: 'COLLECTOR', siteIds: [] }] }, 'names no site'],
      [{ duties: [{ appId: receipts, duty: 'COLLECTOR' }] }, 'siteIds'],
      [{ duties: [{ appId: 'one', duty: 'COLLECTOR', siteIds: null }] }, 'appId'],
    ] as const
    for (const [overrides, message] of refusals) {
      const answer = await t.request({ method: 'POST', url: '/api/createuser', token: admin, payload: person(overrides) })
      expect(answer.statusCode, message).toBe(400)
      expect(answer.json().error, message).toContain(message)
    }
    expect(await dutyRows()).toBe(0)
    expect((await t.request({ method: 'GET', url: '/api/userlist?search=carla', token: admin })).json().data).toHaveLength(0)
  })

  it('nobody holds COUNTER and COLLECTOR at one site (422), though at different sites they may', async () => {
    const both = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: admin,
      payload: person({
        duties: [
          { appId: receipts, duty: 'COUNTER', siteIds: [lhs] },
          { appId: receipts, duty: 'COLLECTOR', siteIds: null },
        ],
      }),
    })
    expect(both.statusCode).toBe(422)
    expect(both.json()).toMatchObject({ code: 'duty_conflict', error: expect.stringContaining('COUNTER and COLLECTOR') })
    const apart = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: admin,
      payload: person({
        duties: [
          { appId: receipts, duty: 'COUNTER', siteIds: [lhs] },
          { appId: receipts, duty: 'COLLECTOR', siteIds: [mms] },
        ],
      }),
    })
    expect(apart.statusCode).toBe(201)
    const userId = apart.json().user.user_id
    const update = await t.request({
      method: 'PUT',
      url: `/api/updateuser?userId=${userId}`,
      token: admin,
      payload: person({
        duties: [
          { appId: receipts, duty: 'COUNTER', siteIds: [lhs, mms] },
          { appId: receipts, duty: 'COLLECTOR', siteIds: [mms] },
        ],
      }),
    })
    expect(update.statusCode).toBe(422)
    expect((await details(userId)).duties.find((duty: { duty: string }) => duty.duty === 'COUNTER').siteIds).toEqual([lhs])
  })

  it('removing the application grant removes its duties', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: admin,
      payload: person({ duties: [{ appId: receipts, duty: 'COLLECTOR', siteIds: null }] }),
    })
    const userId = created.json().user.user_id
    await t.request({
      method: 'PUT',
      url: `/api/updateuser?userId=${userId}`,
      token: admin,
      payload: person({ permissions: [{ appId: dashboard }] }),
    })
    expect((await details(userId)).duties).toEqual([])
  })

  it('the CSV import carries duties in an optional column, with the same rules', async () => {
    const send = (step: 'preview' | 'apply', csv: string) =>
      t.request({ method: 'POST', url: `/api/users/import/${step}`, payload: csv, headers: { 'content-type': 'text/csv' }, token: admin })
    const csv = [
      'email,full_name,organization_code,role_code,applications,duties',
      'a@district.test,A Collector,DISTRICT,STAFF,PAYMENT_RECEIPTS,PAYMENT_RECEIPTS:COLLECTOR@LHS+MMS',
      'b@district.test,B Approver,DISTRICT,STAFF,PAYMENT_RECEIPTS;ACCRUALS,PAYMENT_RECEIPTS:APPROVER;ACCRUALS:VIEWER@lhs',
      'c@district.test,C Both,DISTRICT,STAFF,PAYMENT_RECEIPTS,PAYMENT_RECEIPTS:COUNTER@LHS;PAYMENT_RECEIPTS:COLLECTOR@LHS',
      'd@district.test,D Nowhere,DISTRICT,STAFF,PAYMENT_RECEIPTS,PAYMENT_RECEIPTS:COLLECTOR@XYZ',
      'e@district.test,E Ungranted,DISTRICT,STAFF,DASHBOARD,ACCRUALS:REQUESTER',
      'f@district.test,F Garbled,DISTRICT,STAFF,PAYMENT_RECEIPTS,collector at LHS',
    ].join('\n')
    const preview = (await send('preview', csv)).json()
    expect(preview.rows.map((row: { action: string }) => row.action)).toEqual(['create', 'create', 'reject', 'reject', 'reject', 'reject'])
    expect(preview.rows[2].reasons.join(' ')).toContain('COUNTER and COLLECTOR')
    expect(preview.rows[3].reasons.join(' ')).toContain("Unknown site code 'XYZ'")
    expect(preview.rows[4].reasons.join(' ')).toContain('needs the Accruals application')
    expect(preview.rows[5].reasons.join(' ')).toContain('APP_CODE:DUTY')
    expect(await dutyRows()).toBe(0)
    await send('apply', csv)
    const a = (await t.request({ method: 'GET', url: '/api/userlist?search=a@district.test', token: admin })).json().data[0]
    expect((await details(a.user_id)).duties).toEqual([
      { appId: receipts, appCode: 'PAYMENT_RECEIPTS', duty: 'COLLECTOR', siteIds: [lhs, mms].sort((x, y) => x - y) },
    ])
    // The same file again changes nothing; an empty cell clears.
    expect((await send('preview', csv)).json().summary).toMatchObject({ create: 0, update: 0, unchanged: 2 })
    const cleared = (
      await send(
        'apply',
        'email,full_name,organization_code,role_code,applications,duties\na@district.test,A Collector,DISTRICT,STAFF,PAYMENT_RECEIPTS,\n',
      )
    ).json()
    expect(cleared.rows[0]).toMatchObject({ action: 'update', reasons: [expect.stringContaining('duties:')] })
    expect((await details(a.user_id)).duties).toEqual([])
    // A file without the column leaves duties alone.
    const b = (await t.request({ method: 'GET', url: '/api/userlist?search=b@district.test', token: admin })).json().data[0]
    await send(
      'apply',
      'email,full_name,organization_code,role_code,applications\nb@district.test,B Approver,DISTRICT,STAFF,PAYMENT_RECEIPTS;ACCRUALS\n',
    )
    expect((await details(b.user_id)).duties).toHaveLength(2)
  })
})
