import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JOURNAL_COLUMNS } from '@platform/contracts/accruals'
import { buildApp } from '../../app.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'
import {
  CAFETERIA_SUPPLIES,
  PAYABLES,
  RECEIVABLES,
  REVENUE,
  SUPPLIES,
  UNEARNED,
  accrualBody,
  approved,
  reviewTeam,
  setUpAccruals,
} from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { openSecondInstance, testDialects } from '../../../test/test-database.js'
import { journalRowsOf } from './accruals-journal.js'
import { lineRows } from './accruals.repository.js'

type Row = Record<(typeof JOURNAL_COLUMNS)[number], string>

/** Reads the journal CSV (no field in these tests holds a comma or a quote). */
function parseJournal(body: string): Row[] {
  const [header, ...lines] = body.trim().split('\n')
  expect(header).toBe(JOURNAL_COLUMNS.join(','))
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [JOURNAL_COLUMNS[index], value])) as Row)
}
const cents = (value: string) => Math.round(Number(value) * 100)
const sum = (rows: Row[], column: 'debit' | 'credit') => rows.reduce((total, row) => total + cents(row[column]), 0)

/** Every entry balances and every reversal mirrors its accrual (the same accounts, debits and credits swapped). */
function expectBalanced(rows: Row[]) {
  expect(sum(rows, 'debit')).toBe(sum(rows, 'credit'))
  const entries = new Map<string, Row[]>()
  for (const row of rows) entries.set(`${row.accrual}:${row.entry}`, [...(entries.get(`${row.accrual}:${row.entry}`) ?? []), row])
  for (const [key, entry] of entries) {
    expect(sum(entry, 'debit'), key).toBe(sum(entry, 'credit'))
    if (key.endsWith(':REVERSAL')) {
      const accrual = entries.get(key.replace(':REVERSAL', ':ACCRUAL'))!
      expect(entry.map((row) => [row.account, row.debit, row.credit, row.journal_date])).toEqual(
        accrual.map((row) => [row.account, row.credit, row.debit, '2026-07-01']),
      )
    }
  }
}

describe('the journal rows of a request (property-based)', () => {
  const accrualArbitrary = fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    type: fc.constantFrom('PAYABLE', 'RECEIVABLE', 'UNEARNED_REVENUE', 'PAYROLL', 'OTHER'),
    clearing: fc.constantFrom('REVERSE', 'PAY_AGAINST'),
    accrualAccount: fc.constantFrom(PAYABLES, RECEIVABLES, UNEARNED),
    siteCode: fc.constant('LHS'),
    vendor: fc.constant('Vendor'),
    lines: fc.array(
      fc.record({
        account: fc.constantFrom(SUPPLIES, CAFETERIA_SUPPLIES, REVENUE),
        amountCents: fc.integer({ min: 1, max: 1_000_000_000 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })

  it('debits equal credits for any set of requests; a reversal mirrors its accrual the day after the cut-off; pay-against has none', () => {
    fc.assert(
      fc.property(fc.array(accrualArbitrary, { minLength: 1, maxLength: 30 }), (accruals) => {
        let debits = 0
        let credits = 0
        for (const accrual of accruals) {
          const rows = journalRowsOf(accrual, '2026-06-30')
          const total = accrual.lines.reduce((all, line) => all + line.amountCents, 0)
          const accrualRows = rows.filter((row) => row.entry === 'ACCRUAL')
          const reversal = rows.filter((row) => row.entry === 'REVERSAL')
          expect(accrualRows.reduce((all, row) => all + row.debitCents, 0)).toBe(total)
          expect(accrualRows.reduce((all, row) => all + row.creditCents, 0)).toBe(total)
          expect(accrualRows.every((row) => row.date === '2026-06-30')).toBe(true)
          if (accrual.clearing === 'REVERSE') {
            expect(reversal.map((row) => [row.account, row.debitCents, row.creditCents, row.date])).toEqual(
              accrualRows.map((row) => [row.account, row.creditCents, row.debitCents, '2026-07-01']),
            )
          } else expect(reversal).toEqual([])
          // The accrual account sits on the side its type says: a receivable is debited, the others credited.
          const booked = accrualRows.at(-1)!
          expect(booked.account).toBe(accrual.accrualAccount)
          expect(accrual.type === 'RECEIVABLE' ? booked.debitCents : booked.creditCents).toBe(total)
          for (const row of rows) {
            debits += row.debitCents
            credits += row.creditCents
          }
        }
        expect(debits).toBe(credits)
      }),
      { numRuns: 300 },
    )
  })
})

describe.each(testDialects())('accruals: the journal (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const exportJournal = (token = setup.controller.token) =>
    t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token })
  const states = async () =>
    (await t.db.kysely.selectFrom('accruals').select(['accrual_id', 'state', 'journal_id']).orderBy('accrual_id').execute()).map((row) => [
      row.accrual_id,
      row.state,
      row.journal_id,
    ])

  it('posts each approved request once, dated at the cut-off with the July 1 reversal; a second export repeats none', async () => {
    const payable = await approved(t, setup, team)
    const receivable = await approved(t, setup, team, {
      type: 'RECEIVABLE',
      clearing: 'PAY_AGAINST',
      forGoods: false,
      vendor: 'California Lottery',
      poNumber: null,
      invoiceNumber: null,
      receivedOn: null,
      lines: [{ account: REVENUE, amountCents: 250_000 }],
    })
    const first = await exportJournal()
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toContain('text/csv')
    const reference = first.headers['x-journal-reference']
    expect(reference).toBe('ACR-2025-26-0001')
    const rows = parseJournal(first.body)
    expectBalanced(rows)
    expect(rows.map((row) => [row.accrual, row.entry, row.journal_date, row.account, row.debit, row.credit])).toEqual([
      [String(payable), 'ACCRUAL', '2026-06-30', SUPPLIES, '2500.00', '0.00'],
      [String(payable), 'ACCRUAL', '2026-06-30', PAYABLES, '0.00', '2500.00'],
      [String(payable), 'REVERSAL', '2026-07-01', SUPPLIES, '0.00', '2500.00'],
      [String(payable), 'REVERSAL', '2026-07-01', PAYABLES, '2500.00', '0.00'],
      [String(receivable), 'ACCRUAL', '2026-06-30', REVENUE, '0.00', '2500.00'],
      [String(receivable), 'ACCRUAL', '2026-06-30', RECEIVABLES, '2500.00', '0.00'],
    ])
    const detail = await t.request({ method: 'GET', url: `/api/accruals/${payable}`, token: team.requester.token })
    expect(detail.json().data).toMatchObject({ state: 'POSTED', journalReference: reference })
    expect(detail.json().data.history.map((entry: { action: string }) => entry.action)).toContain('accruals.journal_posted')
    const second = await exportJournal()
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'nothing_to_post' })
    // A later approval goes into the next journal alone.
    const later = await approved(t, setup, team, { vendor: 'Later', poNumber: null, invoiceNumber: null })
    const third = await exportJournal()
    // References are unique, not gapless: PostgreSQL spends a number on the refused export too.
    const reference2 = third.headers['x-journal-reference'] as string
    expect(reference2).toMatch(/^ACR-2025-26-\d{4}$/)
    expect(reference2 > (reference as string)).toBe(true)
    expect(new Set(parseJournal(third.body).map((row) => row.accrual))).toEqual(new Set([String(later)]))
    const list = await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/journals`, token: setup.controller.token })
    expect(
      list
        .json()
        .data.map((journal: { reference: string; requestCount: number; amountCents: number }) => [
          journal.reference,
          journal.requestCount,
          journal.amountCents,
        ]),
    ).toEqual([
      [reference2, 1, 250_000],
      ['ACR-2025-26-0001', 2, 500_000],
    ])
    const again = await t.request({
      method: 'GET',
      url: `/api/accrual-cycles/${setup.cycleId}/journals/${reference}`,
      token: setup.controller.token,
    })
    expect(again.body).toBe(first.body)
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/accrual-cycles/${setup.cycleId}/journals/ACR-2025-26-0099`,
          token: setup.controller.token,
        })
      ).statusCode,
    ).toBe(404)
  })

  it('a journal whose audit row cannot be written posts nothing', async () => {
    await approved(t, setup, team)
    const head = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    expect((await exportJournal()).statusCode).toBe(500)
    await t.db.kysely.insertInto('audit_chain_head').values(head).execute()
    expect((await states()).map((row) => [row[1], row[2]])).toEqual([['APPROVED', null]])
    expect(await t.db.kysely.selectFrom('accrual_journals').selectAll().execute()).toEqual([])
    expect((await exportJournal()).statusCode).toBe(200)
  })

  it('only a controller of every site posts the journal', async () => {
    await approved(t, setup, team)
    const siteController = await setup.person(['CONTROLLER'])
    for (const token of [siteController.token, team.reviewer.token, setup.admin]) expect((await exportJournal(token)).statusCode).toBe(403)
    expect(
      (await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/journals`, token: team.reviewer.token })).statusCode,
    ).toBe(403)
    expect((await states()).map((row) => row[1])).toEqual(['APPROVED'])
    expect((await t.request({ method: 'POST', url: '/api/accrual-cycles/999/journal', token: setup.controller.token })).statusCode).toBe(
      404,
    )
  })

  it('balances for random sets of approved requests, posted over HTTP (property-based)', async () => {
    const cycle = await t.db.kysely.selectFrom('accrual_cycles').select('cycle_id').executeTakeFirstOrThrow()
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom('PAYABLE', 'RECEIVABLE', 'UNEARNED_REVENUE', 'PAYROLL'),
            clearing: fc.constantFrom('REVERSE', 'PAY_AGAINST'),
            lines: fc.array(
              fc.record({
                account: fc.constantFrom(SUPPLIES, CAFETERIA_SUPPLIES, REVENUE),
                amountCents: fc.integer({ min: 1, max: 50_000_000 }),
              }),
              { minLength: 1, maxLength: 4 },
            ),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (requests) => {
          const at = new Date().toISOString()
          const accounts: Record<string, string> = {
            PAYABLE: PAYABLES,
            PAYROLL: PAYABLES,
            RECEIVABLE: RECEIVABLES,
            UNEARNED_REVENUE: UNEARNED,
          }
          const ids: number[] = []
          for (const request of requests) {
            const amount = request.lines.reduce((all, line) => all + line.amountCents, 0)
            const base = accrualBody(cycle.cycle_id, setup.siteId)
            const { accrual_id: id } = await t.db.kysely
              .insertInto('accruals')
              .values({
                cycle_id: cycle.cycle_id,
                site_id: setup.siteId,
                state: 'APPROVED',
                type: request.type,
                accrual_account: accounts[request.type]!,
                named_account: null,
                clearing: request.clearing,
                for_goods: 0,
                vendor: base.vendor,
                vendor_key: 'office depot',
                search_text: 'office depot',
                description: base.description,
                po_number: null,
                invoice_number: null,
                received_on: null,
                service_from: null,
                service_to: null,
                basis: 'ACTUAL',
                basis_note: null,
                amount_cents: amount,
                duplicate_note: null,
                restricted_justification: null,
                requester_id: team.requester.userId,
                version: 1,
                created_at: at,
                updated_at: at,
                submitted_at: at,
                site_approved_by: team.siteApprover.userId,
                site_approved_at: at,
                approved_by: team.reviewer.userId,
                approved_at: at,
                last_reason: null,
                journal_id: null,
                posted_at: null,
                cleared_cents: 0,
                written_off_cents: 0,
              })
              .returning('accrual_id')
              .executeTakeFirstOrThrow()
            await t.db.kysely.insertInto('accrual_lines').values(lineRows(id, request.lines)).execute()
            ids.push(id)
          }
          const answer = await exportJournal()
          expect(answer.statusCode).toBe(200)
          const rows = parseJournal(answer.body)
          expectBalanced(rows)
          expect([...new Set(rows.map((row) => Number(row.accrual)))].sort((a, b) => a - b)).toEqual(ids)
          const reversed = requests
            .filter((request) => request.clearing === 'REVERSE')
            .reduce((all, request) => all + request.lines.length + 1, 0)
          expect(rows.filter((row) => row.entry === 'REVERSAL')).toHaveLength(reversed)
        },
      ),
      { numRuns: 6 },
    )
    expect((await states()).every((row) => row[1] === 'POSTED')).toBe(true)
  })

  it('two exports at once post each request once: one answers the journal, the other that nothing is left', async () => {
    const ids = [await approved(t, setup, team), await approved(t, setup, team, { vendor: 'Second', poNumber: null, invoiceNumber: null })]
    const answers = await Promise.all([exportJournal(), exportJournal()])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const posted = await states()
    expect(posted.map((row) => row[1])).toEqual(['POSTED', 'POSTED'])
    expect(new Set(posted.map((row) => row[2])).size).toBe(1)
    expect(await t.db.kysely.selectFrom('accrual_journals').select('reference').execute()).toHaveLength(1)
    const body = answers.find((answer) => answer.statusCode === 200)!.body
    expect([...new Set(parseJournal(body).map((row) => Number(row.accrual)))]).toEqual(ids)
  })

  it.runIf(dialect === 'postgres')('two app instances on one database export at once: each request is posted exactly once', async () => {
    for (let index = 0; index < 6; index += 1) await approved(t, setup, team, { vendor: `Vendor ${index}`, poNumber: `PO-${index}` })
    const secondDb = openSecondInstance(t.db)
    const transport = createOutboxTransport(() => {})
    const second = await buildApp({ config: t.config, db: secondDb, transport, clock: t.clock })
    await second.app.ready()
    try {
      const options = {
        method: 'POST' as const,
        url: `/api/accrual-cycles/${setup.cycleId}/journal`,
        headers: { authorization: `Bearer ${setup.controller.token}` },
      }
      const answers = await Promise.all([
        t.app.inject(options),
        second.app.inject(options),
        t.app.inject(options),
        second.app.inject(options),
      ])
      const statuses = answers.map((answer) => answer.statusCode)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(3)
      const rows = parseJournal(answers.find((answer) => answer.statusCode === 200)!.body)
      expectBalanced(rows)
      expect(new Set(rows.map((row) => row.accrual)).size).toBe(6)
      const posted = await states()
      expect(posted.every((row) => row[1] === 'POSTED')).toBe(true)
      expect(new Set(posted.map((row) => row[2])).size).toBe(1)
      const verify = await t.request({ method: 'GET', url: '/api/audit/verify', token: setup.admin })
      expect(verify.json()).toMatchObject({ ok: true })
    } finally {
      await second.app.close()
      transport.close()
      await secondDb.close()
    }
  })
})
