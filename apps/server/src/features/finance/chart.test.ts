import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { SMALL_CHART, importChart } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('chart of accounts (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const count = async (table: 'finance_segment_values' | 'finance_accounts') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('previews without writing, applies in one go, and a second import changes nothing', async () => {
    const preview = await importChart(t, admin, SMALL_CHART)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ applied: false, summary: { create: 15, update: 0, unchanged: 0, reject: 0 }, rejected: [] })
    expect(await count('finance_segment_values')).toBe(0)
    const applied = await importChart(t, admin, SMALL_CHART, true)
    expect(applied.json()).toMatchObject({ applied: true, summary: { create: 15 } })
    expect(await count('finance_segment_values')).toBe(13)
    expect(await count('finance_accounts')).toBe(2)
    const again = await importChart(t, admin, SMALL_CHART)
    expect(again.json().summary).toEqual({ create: 0, update: 0, unchanged: 15, reject: 0 })
    const renamed = await importChart(t, admin, 'segment,value,name,active\nFUND,01,General Fund (01),true\n', true)
    expect(renamed.json().summary).toMatchObject({ update: 1 })
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'finance.chart_imported').execute()
    expect(audit).toHaveLength(2)
  })

  it('rejects bad rows with their reasons and applies only the good ones', async () => {
    const csv = [
      'segment,value,name,active',
      'FUND,01,General Fund,true',
      'FUND,1,Too short,true',
      'OBJECT,4300,,true',
      'PLANET,01,Mars,true',
      'FUND,01,Twice,true',
      'GOAL,0000,Undistributed,maybe',
      'RESOURCE,0000,Unrestricted,yes',
      'PROJECT_YEAR,0,n/a,1',
      'GOAL,1110,Regular,Y',
      'FUNCTION,1000,Instruction,true',
      'OBJECT,8699,Other local,true',
      'SCHOOL,099,Closed,false',
      'SCHOOL,010,Lincoln,true',
      'ACCOUNT,01-0000-0-1110-1000-8699-099,,true',
      'ACCOUNT,01-0000-0-1110-1000-9999-010,,true',
      'ACCOUNT,01-0000-0-1110-1000,,true',
      'ACCOUNT,01-0000-0-1110-1000-8699-010,,true',
    ].join('\n')
    const answer = (await importChart(t, admin, csv, true)).json()
    const reasons = Object.fromEntries(answer.rejected.map((row: { line: number; reasons: string[] }) => [row.line, row.reasons.join(' ')]))
    expect(reasons[3]).toContain('fund value is 2 digits')
    expect(reasons[4]).toContain('name is empty')
    expect(reasons[5]).toContain("Unknown segment 'PLANET'")
    expect(reasons[6]).toContain('appears earlier')
    expect(reasons[7]).toContain('active must be true or false')
    expect(reasons[15]).toContain('school site value 099 is inactive')
    expect(reasons[16]).toContain('object value 9999 is not in the chart')
    expect(reasons[17]).toContain('7 segments')
    expect(Object.keys(reasons)).toHaveLength(8)
    expect(answer.summary).toEqual({ create: 9, update: 0, unchanged: 0, reject: 8 })
    expect(await count('finance_accounts')).toBe(1)
  })

  it('refuses another encoding, wrong columns and a missing body with a clear 400, writing nothing', async () => {
    const latin1 = Buffer.from('segment,value,name,active\nSCHOOL,010,Escuela Peña,true\n', 'latin1')
    const encoding = await importChart(t, admin, latin1, true)
    expect(encoding.statusCode).toBe(400)
    expect(encoding.json()).toMatchObject({ code: 'bad_encoding', error: expect.stringContaining('UTF-8') })
    const columns = await importChart(t, admin, 'segment,value,label\nFUND,01,General\n', true)
    expect(columns.json()).toMatchObject({ code: 'bad_columns', error: expect.stringContaining('Missing: name, active') })
    expect((await importChart(t, admin, '', true)).statusCode).toBe(400)
    const json = await t.request({ method: 'POST', url: '/api/finance/accounts/import', payload: { rows: [] }, token: admin })
    expect(json.json().code).toBe('csv_required')
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/finance/accounts/import?apply=maybe',
          payload: Buffer.from(SMALL_CHART),
          headers: { 'content-type': 'text/csv' },
          token: admin,
        })
      ).statusCode,
    ).toBe(400)
    expect(await count('finance_segment_values')).toBe(0)
    const staff = await t.signIn((await t.createUser()).email)
    expect((await importChart(t, staff, SMALL_CHART, true)).statusCode).toBe(403)
  })

  it('finds accounts by any part of the string or a segment name, and validates one', async () => {
    await importChart(t, admin, SMALL_CHART, true)
    const staff = await t.signIn((await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })).email)
    const search = async (text: string) =>
      (await t.request({ method: 'GET', url: `/api/finance/accounts?search=${encodeURIComponent(text)}`, token: staff })).json()
    expect((await search('8699')).data.map((row: { account: string }) => row.account)).toEqual(['01-0000-0-1110-1000-8699-010'])
    expect((await search('lincoln')).data.map((row: { account: string }) => row.account)).toEqual(['01-0000-0-1110-1000-8699-010'])
    expect((await search('treasury')).data.map((row: { account: string }) => row.account)).toEqual(['01-0000-0-0000-0000-9110-000'])
    expect((await search('general instruction')).data).toHaveLength(1)
    expect((await search('01-0000')).data).toHaveLength(2)
    expect((await search('cafeteria')).data).toHaveLength(0)
    const first = (await search('lincoln')).data[0]
    expect(first.segments.find((segment: { segment: string }) => segment.segment === 'SCHOOL')).toEqual({
      segment: 'SCHOOL',
      value: '010',
      name: 'Lincoln High School',
    })
    expect((await search('%')).data).toHaveLength(0)

    const validate = async (account: string) =>
      (await t.request({ method: 'GET', url: `/api/finance/accounts/validate?account=${account}`, token: staff })).json()
    expect(await validate('01-0000-0-1110-1000-8699-010')).toMatchObject({ valid: true, problems: [] })
    expect((await validate('01-0000-0-1110-1000-9110-010')).problems[0]).toContain('not one of the district')
    expect((await validate('01-0000-0-1110-1000-8699-099')).problems[0]).toContain('inactive')
    expect((await validate('13-0000-0-0000-0000-0000-000')).valid).toBe(false)
    expect((await t.request({ method: 'GET', url: '/api/finance/accounts?limit=1000', token: staff })).statusCode).toBe(400)
  })

  it('keeps the posting accounts as district settings checked against the chart', async () => {
    await importChart(t, admin, SMALL_CHART, true)
    const put = (body: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: '/api/finance/settings/posting-accounts', payload: body, token: admin })
    const unknown = await put({ cashAccounts: { '13': '13-0000-0-0000-0000-9110-000' } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toContain('cashAccounts 13')
    const wrongFund = await put({ cashAccounts: { '13': '01-0000-0-0000-0000-9110-000' } })
    expect(wrongFund.json().error).toContain('not in fund 13')
    expect((await put({ cashAccounts: { '01': 'garbage' } })).statusCode).toBe(400)
    const saved = await put({ cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      districtTimeZone: 'America/Los_Angeles',
      currentFiscalYear: '2025-26',
      postingAccounts: { cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' }, clearingAccounts: {} },
    })
    expect((await t.request({ method: 'GET', url: '/api/finance/settings', token: admin })).json().postingAccounts.cashAccounts['01']).toBe(
      '01-0000-0-0000-0000-9110-000',
    )
  })
})
