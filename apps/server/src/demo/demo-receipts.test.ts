import { afterEach, describe, expect, it, vi } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'

// Seeding the whole demo district (every application's records) takes longer than a usual test on a busy machine.
vi.setConfig({ testTimeout: 90_000 })

describe.each(testDialects())("the demo district's Payment Receipts (%s)", (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('seeds about forty receipts and deposits in every state, with the cases the screens need', async () => {
    t = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' } })
    const k = t.db.kysely
    const receipts = await k.selectFrom('receipts').select(['receipt_id', 'state', 'site_id']).execute()
    expect(receipts.length).toBeGreaterThanOrEqual(38)
    expect(receipts.filter((row) => row.state === 'VOIDED')).toHaveLength(2)
    expect(receipts.filter((row) => row.state === 'RETURNED')).toHaveLength(1)
    const states = new Set((await k.selectFrom('receipt_deposits').select('state').execute()).map((row) => row.state))
    expect([...states].sort()).toEqual(['APPROVED', 'CONFIRMED', 'COUNTED', 'OPEN', 'RECONCILED', 'SUBMITTED'])
    expect(await k.selectFrom('receipt_deposits').select('over_short_cents').where('over_short_cents', '<>', 0).execute()).toEqual([
      { over_short_cents: -500 },
    ])
    const split = await k.selectFrom('receipt_lines').select('receipt_id').where('line_no', '=', 2).execute()
    expect(split.length).toBeGreaterThanOrEqual(1)
    expect((await k.selectFrom('finance_exceptions').select('used_at').execute()).map((row) => row.used_at !== null)).toEqual([true])

    const approver = await t.signIn('approver@demo.district.test')
    const late = (await t.request({ method: 'GET', url: '/api/receipts/undeposited', token: approver }))
      .json()
      .data.find((site: { siteCode: string }) => site.siteCode === 'MMS')
    // Ten district calendar days since the oldest receipt's day (nine days and some hours ago).
    expect(late).toMatchObject({ ageDays: 10, late: true, overdue: false })
    const register = (
      await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${late.siteId}&fiscalYear=2025-26`, token: approver })
    ).json().data
    expect(register.gaps).toEqual([])
    const kinds = new Set(
      (await t.request({ method: 'GET', url: '/api/receipts/exceptions', token: approver }))
        .json()
        .data.map((row: { kind: string }) => row.kind),
    )
    expect([...kinds].sort()).toEqual(['OVER_SHORT', 'RETURNED_CHECK', 'SEPARATION_EXCEPTION', 'VOID'])
    const admin = await t.signIn('admin@example.org')
    expect((await t.request({ method: 'GET', url: '/api/audit/verify', token: admin })).json().ok).toBe(true)
    // Seeding the whole district (three applications) takes a while on a busy machine.
  }, 90_000)
})
