import { ERP_LAYOUT_SETTING_KEY, type ErpLayout } from '@platform/contracts/finance-erp-layout'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSettingsRepository } from '../../db/settings.repository.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { readEscapeFile, readZip } from '../../../test/escape-layout.js'
import { CAFETERIA, GENERAL, issue, receiptBody, setUpReceipts, onePerDuty, type PeoplePerDuty } from '../../../test/receipts.js'
import { CASH_01, CASH_13, confirmedDeposit, setOverShortAccount } from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'

const ESCAPE: ErpLayout = { layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business', fiscalYear: 'ENDING' }

describe.each(testDialects())("receipts: the journal in Escape Online's layout (%s)", (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let people: PeoplePerDuty
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    people = await onePerDuty(setup)
    await setOverShortAccount(t, setup.admin)
  })
  afterEach(() => t.close())

  const chooseLayout = (layout: ErpLayout) => createSettingsRepository(t.db).put(ERP_LAYOUT_SETTING_KEY, JSON.stringify(layout))
  const download = (from: string, to: string) =>
    t.request({ method: 'GET', url: `/api/receipts/journal.csv?from=${from}&to=${to}`, token: setup.admin })
  /** A deposit of one split receipt ($100.00 general, $0.50 cafeteria; a comment-breaking payer), confirmed on a day. */
  const depositOn = async (confirmedOn: string, cashCents = 10050) => {
    const receipt = await issue(
      t,
      people.collector.token,
      receiptBody(setup.siteId, {
        tender: 'CASH',
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    )
    return confirmedDeposit(t, people, { siteId: setup.siteId, receiptIds: [receipt.id], cashCents, confirmedOn })
  }

  it('gives one CashRec file per confirmation day in a ZIP, each one balanced entry of the layout dated its day', async () => {
    await depositOn('2026-03-01')
    await depositOn('2026-03-02', 10000)
    await depositOn('2026-03-02')
    const platform = await download('2026-03-01', '2026-03-31')
    await chooseLayout(ESCAPE)
    const answer = await download('2026-03-01', '2026-03-31')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('application/zip')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="receipts-journal-escape-2026-03-01-to-2026-03-31.zip"')
    const files = await readZip(answer.rawPayload)
    expect([...files.keys()]).toEqual(['receipts-journal-escape-2026-03-01.csv', 'receipts-journal-escape-2026-03-02.csv'])
    const first = readEscapeFile(files.get('receipts-journal-escape-2026-03-01.csv')!)
    expect(first.map((row) => [row.orgId, row.fiscalYear, row.jeType, row.deptId, row.dateEffective])[0]).toEqual([
      '60',
      '2026',
      'CashRec',
      'Business',
      '03/01/2026',
    ])
    // One deposit that day: its label, the fiscal year dropped.
    expect(first[0]!.batchId).toMatch(/^[A-Z0-9]+-D0001$/)
    expect(first.map((row) => [row.account, row.debitCents, row.creditCents])).toEqual([
      [GENERAL, 0, 10000],
      [CAFETERIA, 0, 50],
      [CASH_01, 10000, 0],
      [CASH_13, 50, 0],
    ])
    const second = readEscapeFile(files.get('receipts-journal-escape-2026-03-02.csv')!)
    // Two deposits that day, one entry: batched by the date. The first was counted 50 cents short.
    expect(second[0]!.batchId).toBe('CR-20260302')
    expect(second).toHaveLength(9)
    expect(second.reduce((sum, row) => sum + row.creditCents, 0)).toBe(2 * 10050)
    // The platform's CSV is as it was for a district that keeps it.
    await chooseLayout({ ...ESCAPE, layout: 'PLATFORM_CSV' })
    expect((await download('2026-03-01', '2026-03-31')).body).toBe(platform.body)
    expect(platform.headers['content-type']).toBe('text/csv; charset=utf-8')
  })

  it('gives the CSV itself for a single day, and refuses a range with nothing to import in words', async () => {
    await depositOn('2026-03-02')
    await chooseLayout(ESCAPE)
    const answer = await download('2026-03-02', '2026-03-02')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="receipts-journal-escape-2026-03-02.csv"')
    expect(readEscapeFile(answer.body)).toHaveLength(4)
    const empty = await download('2026-04-01', '2026-04-30')
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({
      error: 'There is nothing to import from 2026-04-01 to 2026-04-30: no deposit was confirmed and no check returned on those days.',
      code: 'journal_empty',
    })
  })

  it('refuses in words, sending no file, a day whose account Escape cannot take', async () => {
    await depositOn('2026-03-02')
    await chooseLayout(ESCAPE)
    await t.db.kysely
      .updateTable('receipt_journal_lines')
      .set({ account: `${GENERAL}-${'0'.repeat(40)}` })
      .where('account', '=', GENERAL)
      .execute()
    const answer = await download('2026-03-01', '2026-03-31')
    expect(answer.statusCode).toBe(422)
    expect(answer.json().error).toBe(
      `Escape Online takes at most 60 characters in the account; ${GENERAL}-${'0'.repeat(40)} has ${GENERAL.length + 41}.`,
    )
  })
})
