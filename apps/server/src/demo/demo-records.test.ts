import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'
import { californiaSchoolHolidays } from './california-school-holidays.js'

describe('California school holidays', () => {
  it('lists the Education Code §37220 days of a year, weekend days observed on a weekday', () => {
    expect(californiaSchoolHolidays(2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-19', name: 'Martin Luther King, Jr. Day' },
      { date: '2026-02-12', name: 'Lincoln Day' },
      { date: '2026-02-16', name: 'Washington Day' },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-06-19', name: 'Juneteenth' },
      { date: '2026-07-03', name: 'Independence Day' },
      { date: '2026-09-07', name: 'Labor Day' },
      { date: '2026-11-11', name: 'Veterans Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ])
  })
})

describe.each(testDialects())("the demo district's Public Information (%s)", (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('seeds a dozen requests in the situations the issue lists, with holidays, letters and a pending fee', async () => {
    t = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' } })
    const token = await t.signIn('records@demo.district.test')
    const list = (await t.request({ method: 'GET', url: '/api/records-requests?limit=50', token })).json()
    expect(list.pagination.total).toBe(12)
    const states = list.data.map((row: { state: string }) => row.state)
    for (const state of ['RECEIVED', 'CLARIFYING', 'PRODUCING', 'CLOSED', 'REOPENED']) expect(states).toContain(state)
    const statuses = list.data.map((row: { status: string }) => row.status)
    expect(statuses).toContain('OVERDUE')
    expect(statuses).toContain('DUE_SOON')
    expect(list.data.some((row: { extendedDueOn: string | null }) => row.extendedDueOn !== null)).toBe(true)
    expect(new Set(list.data.map((row: { number: string }) => row.number)).size).toBe(12)
    const outcomes = list.data.map((row: { outcome: string | null }) => row.outcome)
    for (const outcome of ['PARTIAL', 'NO_RECORDS', 'DISCLOSABLE']) expect(outcomes).toContain(outcome)
    const partial = list.data.find((row: { outcome: string | null }) => row.outcome === 'PARTIAL')
    const page = (await t.request({ method: 'GET', url: `/api/records-requests/${partial.id}`, token })).json().data
    expect(page.letters).toMatchObject([{ kind: 'DENIAL', state: 'ISSUED' }])
    expect(page.documents[0]).toMatchObject({ pageCount: 3, exemptions: [{ fromPage: 2, toPage: 3 }] })
    const fees = await t.db.kysely.selectFrom('records_fees').select(['state', 'amount_cents']).execute()
    expect(fees).toEqual([{ state: 'PENDING', amount_cents: 2400 }])
    expect((await t.request({ method: 'GET', url: '/api/holidays?year=2026', token })).json().data).toHaveLength(11)
    const admin = await t.signIn('admin@example.org')
    expect((await t.request({ method: 'GET', url: '/api/audit/verify', token: admin })).json().ok).toBe(true)
    // Seeding the whole district takes a while on a busy machine.
  }, 90_000)
})
