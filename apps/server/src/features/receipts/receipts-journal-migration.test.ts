import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, issue, receiptBody, setUpReceipts, onePerDuty } from '../../../test/receipts.js'
import { CASH_01, CASH_13, confirmedDeposit, setOverShortAccount } from '../../../test/receipts-books.js'
import { testDialects } from '../../../test/test-database.js'
import * as migration from '../../db/migrations/0038-receipts-journal-lines.js'

describe.each(testDialects())('migration 0038: the journal of deposits confirmed before it (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const storedLines = async () =>
    (
      await t.db.kysely.selectFrom('receipt_journal_lines').selectAll().orderBy('entry_kind').orderBy('entry_id').orderBy('seq').execute()
    ).map((line) => ({ ...line, debit_cents: Number(line.debit_cents), credit_cents: Number(line.credit_cents) }))

  it('down then up gives back exactly the lines the steps stored; what it could not write, the first download that can writes the same', async () => {
    const setup = await setUpReceipts(t)
    const people = await onePerDuty(setup)
    await setOverShortAccount(t, setup.admin)
    const split = {
      amountCents: 10050,
      lines: [
        { account: GENERAL, amountCents: 10000 },
        { account: CAFETERIA, amountCents: 50 },
      ],
    }
    const cash = await issue(t, people.collector.token, receiptBody(setup.siteId, split))
    const other = await issue(t, people.collector.token, receiptBody(setup.siteId, { payer: 'Smith, "Jo"' }))
    const check = await issue(t, people.collector.token, receiptBody(setup.siteId, { ...split, tender: 'CHECK', checkNumber: '77' }))
    // One deposit counted $5.00 short, one exact with a check in it that comes back later.
    await confirmedDeposit(t, people, { siteId: setup.siteId, receiptIds: [cash.id], cashCents: 9550, confirmedOn: '2026-02-27' })
    await confirmedDeposit(t, people, {
      siteId: setup.siteId,
      receiptIds: [other.id, check.id],
      cashCents: 2500,
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      confirmedOn: '2026-03-02',
    })
    const returned = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/returned-check`,
      token: people.reconciler.token,
      payload: { reason: 'Account closed' },
    })
    expect(returned.statusCode, returned.body).toBe(200)
    const stored = await storedLines()
    expect(stored.filter((line) => line.entry_kind === 'DEPOSIT')).toHaveLength(5 + 5)
    expect(stored.filter((line) => line.entry_kind === 'RETURNED_CHECK')).toHaveLength(4)
    const download = () => t.request({ method: 'GET', url: '/api/receipts/journal.csv?from=2026-02-01&to=2026-03-31', token: setup.admin })
    const issued = (await download()).body

    const db = t.db.kysely as unknown as Kysely<unknown>
    await migration.down(db)
    await migration.up(db)
    // The deposits' entries as the steps wrote them; the returned check's waits for a download (its day is the district's).
    expect(await storedLines()).toEqual(stored.filter((line) => line.entry_kind === 'DEPOSIT'))
    expect((await download()).body).toBe(issued)
    expect(await storedLines()).toEqual(stored)

    // Without the over/short account when the migration runs, the short deposit gets no entry; the download refuses as
    // the journal always did until the account is set, and then writes the entry it would have written.
    await migration.down(db)
    const accounts = { cashAccounts: { '01': CASH_01, '13': CASH_13 }, clearingAccounts: {}, accrualAccounts: {} }
    await t.request({ method: 'PUT', url: '/api/finance/settings/posting-accounts', token: setup.admin, payload: accounts })
    await migration.up(db)
    expect((await storedLines()).map((line) => line.entry_id)).toEqual([2, 2, 2, 2, 2])
    const refused = await download()
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toBe(
      "Fund 01 has no cash over/short account in the district's posting accounts; add it under Finance settings before exporting.",
    )
    await setOverShortAccount(t, setup.admin)
    expect((await download()).body).toBe(issued)
    expect(await storedLines()).toEqual(stored)
  })
})
