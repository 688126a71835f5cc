import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite, importChart, site } from '../../../test/finance.js'
import { GENERAL, type ReceiptsPerson, issue, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { confirmedDeposit, journal } from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'

/** Madison's segment, an expense object, and the accounts the tests try to credit from Lincoln (segment 010). */
const MORE_CHART = `segment,value,name,active
SCHOOL,002,Madison Middle School,true
OBJECT,1100,Teachers' Salaries,true
ACCOUNT,01-0000-0-0000-0000-1100-002,,true
ACCOUNT,01-0000-0-0000-0000-8699-002,,true
ACCOUNT,01-0000-0-1110-1000-1100-010,,true
ACCOUNT,01-0000-0-0000-0000-8699-000,,true
`

describe.each(testDialects())('receipts: the accounts a site’s collectors may credit, and the site code that stays (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
    expect((await importChart(t, setup.admin, MORE_CHART, true)).statusCode).toBe(200)
    await addSite(t, setup.admin, { code: 'MMS', name: 'Madison Middle School', schoolSegment: '002' })
  })
  afterEach(() => t.close())

  const credit = (account: string, token = collector.token, siteId = setup.siteId) =>
    t.request({
      method: 'POST',
      url: '/api/receipts',
      token,
      payload: receiptBody(siteId, { lines: [{ account, amountCents: 2500 }] }),
    })

  it('refuses another site’s account and any object that is not revenue, saying whose and why; nothing is numbered', async () => {
    const both = await credit('01-0000-0-0000-0000-1100-002')
    expect(both.statusCode).toBe(422)
    expect(both.json()).toMatchObject({
      code: 'account_not_allowed',
      error:
        "Lincoln High School's collectors may not credit 01-0000-0-0000-0000-1100-002 (object 1100 is not revenue (8000–8999); site 002 is Madison Middle School).",
    })
    expect((await credit('01-0000-0-0000-0000-8699-002')).json().error).toBe(
      "Lincoln High School's collectors may not credit 01-0000-0-0000-0000-8699-002 (site 002 is Madison Middle School).",
    )
    expect((await credit('01-0000-0-1110-1000-1100-010')).json().error).toContain('(object 1100 is not revenue (8000–8999)).')
    // A district-wide account is not Lincoln's either, until an administrator allows it.
    expect((await credit('01-0000-0-0000-0000-8699-000')).json().error).toContain("site 000 is not Lincoln High School's (010)")
    const register = await t.request({
      method: 'GET',
      url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`,
      token: collector.token,
    })
    expect(register.json().data).toMatchObject({ lastSequence: 0, entries: [] })
    expect((await credit(GENERAL)).statusCode).toBe(201)
  })

  it('credits what an administrator allowed the site beyond its own revenue, and nothing else', async () => {
    const url = `/api/finance/sites/${setup.siteId}/accounts`
    expect((await t.request({ method: 'GET', url, token: setup.admin })).json().data).toEqual({
      siteId: setup.siteId,
      schoolSegment: '010',
      patterns: [],
    })
    expect((await t.request({ method: 'PUT', url, token: collector.token, payload: { patterns: [] } })).statusCode).toBe(403)
    const bad = await t.request({ method: 'PUT', url, token: setup.admin, payload: { patterns: ['01-*-*-*-*-86-000'] } })
    expect(bad.statusCode).toBe(400)
    const saved = await t.request({ method: 'PUT', url, token: setup.admin, payload: { patterns: ['01-*-*-*-*-8699-000'] } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data.patterns).toEqual(['01-*-*-*-*-8699-000'])
    expect((await credit('01-0000-0-0000-0000-8699-000')).statusCode).toBe(201)
    expect((await credit('01-0000-0-0000-0000-8699-002')).statusCode).toBe(422)
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'finance.site_accounts_saved')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audited.details!)).toEqual({ before: [], after: ['01-*-*-*-*-8699-000'] })
  })

  it('a site with no school-site segment has its collectors credit nothing until one is set; leaving it out of an edit keeps it', async () => {
    const bare = await addSite(t, setup.admin, { code: 'ADM', name: 'District Office', kind: 'OFFICE', schoolSegment: null })
    const there = await setup.person(['COLLECTOR'], [bare])
    expect((await credit(GENERAL, there.token, bare)).json().error).toContain(
      'District Office has no school-site segment yet: an administrator sets it on the Sites screen',
    )
    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/finance/sites/${bare}`, token: setup.admin, payload })
    expect(
      (await edit(site({ code: 'ADM', name: 'District Office', kind: 'OFFICE', schoolSegment: '010' }))).json().data.schoolSegment,
    ).toBe('010')
    const { schoolSegment: _left, ...without } = site({ code: 'ADM', name: 'District Office (main)', kind: 'OFFICE' })
    expect((await edit(without)).json().data).toMatchObject({ name: 'District Office (main)', schoolSegment: '010' })
    expect((await credit(GENERAL, there.token, bare)).statusCode).toBe(201)
  })

  it('keeps a site’s code once a number was issued with it; its deposits keep their labels in the journal', async () => {
    const edit = (code: string, name = 'Lincoln High School') =>
      t.request({ method: 'PUT', url: `/api/finance/sites/${setup.siteId}`, token: setup.admin, payload: site({ code, name }) })
    // Nothing numbered yet: the code may still be corrected.
    expect((await edit('LHX')).statusCode).toBe(200)
    expect((await edit('LHS')).statusCode).toBe(200)
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const refused = await edit('LIN')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'site_code_in_use',
      error: `The code of Lincoln High School stays LHS: receipt ${receipt.number} was numbered with it, and issued numbers keep their code. To use LIN, add a new site.`,
    })
    expect((await edit('LHS', 'Lincoln High')).json().data).toMatchObject({ code: 'LHS', name: 'Lincoln High' })

    const people = {
      collector,
      counter: await setup.person(['COUNTER']),
      approver: await setup.person(['APPROVER']),
      reconciler: await setup.person(['RECONCILER']),
    }
    const { label } = await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [receipt.id],
      cashCents: 2500,
      confirmedOn: '2026-03-02',
    })
    const before = await journal(t, setup.admin, '2026-03-02', '2026-03-02')
    // A code changed behind the platform's back (as before this rule) relabels nothing already issued.
    await t.db.kysely.updateTable('finance_sites').set({ code: 'ZZZ' }).where('site_id', '=', setup.siteId).execute()
    const after = await journal(t, setup.admin, '2026-03-02', '2026-03-02')
    expect(after.answer.body).toBe(before.answer.body)
    expect(after.rows.every((row) => row[1] === label && label.startsWith('LHS-'))).toBe(true)
  })
})
