import { ERP_LAYOUT_SETTING_KEY, type ErpLayout } from '@platform/contracts/finance-erp-layout'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSettingsRepository } from '../../db/settings.repository.js'
import { PAYABLES, RECEIVABLES, REVENUE, SUPPLIES, approved, reviewTeam, setUpAccruals } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { readEscapeFile, readZip } from '../../../test/escape-layout.js'
import { testDialects } from '../../../test/test-database.js'

const ESCAPE: ErpLayout = { layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business', fiscalYear: 'ENDING' }
const RECEIVABLE = {
  type: 'RECEIVABLE',
  clearing: 'PAY_AGAINST',
  forGoods: false,
  vendor: 'California Lottery, "Prop 20"',
  poNumber: null,
  invoiceNumber: null,
  receivedOn: null,
  lines: [{ account: REVENUE, amountCents: 250_000 }],
}

describe.each(testDialects())("accruals: the journal in Escape Online's layout (%s)", (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
    await createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, JSON.stringify(ESCAPE))
  })
  afterEach(() => t.close())

  const post = () => t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })

  it('posts the Accrual entry dated the cut-off and its reversal dated the day after, two files in a ZIP, again the same', async () => {
    await approved(t, setup, team)
    await approved(t, setup, team, RECEIVABLE)
    const answer = await post()
    expect(answer.statusCode, answer.body).toBe(200)
    const reference = answer.headers['x-journal-reference'] as string
    expect(reference).toMatch(/^ACR-2025-26-\d{4}$/)
    const number = reference.slice(-4)
    expect(answer.headers['content-type']).toBe('application/zip')
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="accruals-journal-escape-${reference}.zip"`)
    const files = await readZip(answer.rawPayload)
    expect([...files.keys()]).toEqual([`accruals-journal-escape-${reference}.csv`, `accruals-journal-escape-${reference}-reversal.csv`])
    const entry = readEscapeFile(files.get(`accruals-journal-escape-${reference}.csv`)!)
    const reversal = readEscapeFile(files.get(`accruals-journal-escape-${reference}-reversal.csv`)!)
    expect(
      [entry[0], reversal[0]].map((row) => [row!.orgId, row!.fiscalYear, row!.jeType, row!.deptId, row!.batchId, row!.dateEffective]),
    ).toEqual([
      ['60', '2026', 'Accrual', 'Business', `ACR-${number}`, '06/30/2026'],
      ['60', '2027', 'Accrual', 'Business', `ACR-${number}-R`, '07/01/2026'],
    ])
    const amounts = (rows: typeof entry) => rows.map((row) => [row.account, row.debitCents, row.creditCents])
    expect(amounts(entry)).toEqual(
      expect.arrayContaining([
        [SUPPLIES, expect.any(Number), 0],
        [PAYABLES, 0, expect.any(Number)],
        [RECEIVABLES, 250_000, 0],
        [REVENUE, 0, 250_000],
      ]),
    )
    // Only the payable is reversed; the receivable is paid against.
    expect(amounts(reversal)).toEqual(
      amounts(entry.filter((row) => row.account === SUPPLIES || row.account === PAYABLES)).map(([a, d, c]) => [a, c, d]),
    )
    // The vendor's comma and quotes stay inside the comment.
    expect(entry.find((row) => row.account === REVENUE)!.comment).toContain('California Lottery, "Prop 20"')

    const again = await t.request({
      method: 'GET',
      url: `/api/accrual-cycles/${setup.cycleId}/journals/${reference}`,
      token: setup.controller.token,
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.rawPayload.equals(answer.rawPayload)).toBe(true)
  })

  it('gives the CSV itself when no request is reversed', async () => {
    await approved(t, setup, team, RECEIVABLE)
    const answer = await post()
    expect(answer.statusCode, answer.body).toBe(200)
    const reference = answer.headers['x-journal-reference'] as string
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="accruals-journal-escape-${reference}.csv"`)
    expect(readEscapeFile(answer.body).map((row) => [row.account, row.debitCents, row.creditCents])).toEqual([
      [REVENUE, 0, 250_000],
      [RECEIVABLES, 250_000, 0],
    ])
  })
  it('numbers the fiscal year by the year it starts in when the district chose so', async () => {
    await createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, JSON.stringify({ ...ESCAPE, fiscalYear: 'STARTING' }))
    await approved(t, setup, team)
    const answer = await post()
    expect(answer.statusCode, answer.body).toBe(200)
    const reference = answer.headers['x-journal-reference'] as string
    const files = await readZip(answer.rawPayload)
    const entry = readEscapeFile(files.get(`accruals-journal-escape-${reference}.csv`)!, 'STARTING')
    const reversal = readEscapeFile(files.get(`accruals-journal-escape-${reference}-reversal.csv`)!, 'STARTING')
    // The cut-off, June 30, 2026, is in 2025-26; the reversal, July 1, 2026, in 2026-27.
    expect([entry[0]!.fiscalYear, reversal[0]!.fiscalYear]).toEqual(['2025', '2026'])
  })
})
