import { afterEach, describe, expect, it, vi } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'

// Seeding the whole demo district (every application's records) takes longer than a usual test on a busy machine.
vi.setConfig({ testTimeout: 90_000 })

describe.each(testDialects())("the demo district's Accruals (%s)", (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it("seeds last year's cycle with about 25 requests in every state and the cases the screens need", async () => {
    t = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' } })
    const fiscal = await t.signIn('fiscal@demo.district.test')
    const cycles = (await t.request({ method: 'GET', url: '/api/accrual-cycles', token: fiscal })).json().data
    // The test clock stands on 2026-03-02: the June 30 that has passed is 2025's.
    expect(cycles.map((cycle: { fiscalYear: string }) => cycle.fiscalYear)).toEqual(['2024-25'])
    expect(cycles[0]).toMatchObject({ cutoffOn: '2025-06-30', locked: true })
    expect(cycles[0].deadlines.every((deadline: { passed: boolean }) => deadline.passed)).toBe(true)
    const list = (await t.request({ method: 'GET', url: '/api/accruals?limit=200', token: fiscal })).json()
    expect(list.pagination.total).toBe(25)
    const states = new Set(list.data.map((row: { state: string }) => row.state))
    expect([...states].sort()).toEqual([
      'APPROVED',
      'DRAFT',
      'LIQUIDATED',
      'PARTIALLY_LIQUIDATED',
      'POSTED',
      'REJECTED',
      'RETURNED',
      'SITE_APPROVED',
      'SUBMITTED',
      'WITHDRAWN',
      'WRITTEN_OFF',
    ])
    const byVendor = (vendor: string) => list.data.find((row: { vendor: string }) => row.vendor === vendor)
    expect(byVendor('Bright Futures Reading Consultants')).toMatchObject({
      state: 'PARTIALLY_LIQUIDATED',
      amountCents: 1_200_000,
      clearedCents: 900_000,
    })
    expect(byVendor('Pacific Gas and Electric')).toMatchObject({ basis: 'ESTIMATE', state: 'LIQUIDATED' })
    expect(byVendor('California State Lottery')).toMatchObject({ type: 'RECEIVABLE' })
    expect(byVendor('Grace Community Church')).toMatchObject({ type: 'UNEARNED_REVENUE', state: 'POSTED' })
    expect(byVendor('Scholastic Book Fairs')).toMatchObject({ state: 'RETURNED' })
    expect(byVendor('Lakeshore Learning')).toMatchObject({ state: 'REJECTED' })
    expect(list.data.filter((row: { flags: { possibleDuplicate: boolean } }) => row.flags.possibleDuplicate)).toHaveLength(1)
    expect(list.data.filter((row: { flags: { belowMateriality: boolean } }) => row.flags.belowMateriality).length).toBeGreaterThanOrEqual(1)
    const journals = (await t.request({ method: 'GET', url: `/api/accrual-cycles/${cycles[0].id}/journals`, token: fiscal })).json().data
    expect(journals).toHaveLength(1)
    const admin = await t.signIn('admin@example.org')
    expect((await t.request({ method: 'GET', url: '/api/audit/verify', token: admin })).json().ok).toBe(true)
  })
})
