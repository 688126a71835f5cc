import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, INACTIVE, type ReceiptsPerson, issue, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('receipts: issuing, numbers, reading, voids (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
  })
  afterEach(() => t.close())

  it('issues a split receipt with the next number of the site and fiscal year, and audits it', async () => {
    const first = await issue(t, collector.token, receiptBody(setup.siteId))
    const split = await t.request({
      method: 'POST',
      url: '/api/receipts',
      token: collector.token,
      payload: receiptBody(setup.siteId, {
        tender: 'CHECK',
        checkNumber: '1042',
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    })
    expect(split.statusCode).toBe(201)
    expect(first.number).toBe('LHS-2025-26-000001')
    const data = split.json().data
    expect(data).toMatchObject({
      number: 'LHS-2025-26-000002',
      state: 'ISSUED',
      amountCents: 10050,
      checkNumber: '1042',
      collectorId: collector.userId,
      issuedOn: '2026-03-02',
    })
    expect(data.lines).toEqual([
      { account: GENERAL, amountCents: 10000 },
      { account: CAFETERIA, amountCents: 50 },
    ])
    expect(data.history.map((entry: { action: string }) => entry.action)).toEqual(['receipts.issued'])
    // The next fiscal year starts again at 1; the other site has its own sequence.
    t.clock.set(new Date('2026-07-01T08:00:00.000Z'))
    const later = await t.signIn(collector.email)
    expect((await issue(t, later, receiptBody(setup.siteId))).number).toBe('LHS-2026-27-000001')
  })

  it('answers an issued receipt with the same page a later read shows, the first of a year and later ones', async () => {
    // The first receipt of a site's year creates its counter, later ones move it on; either way the answer is the page
    // as stored, for a collector and for one who also counts (whose view of amounts differs).
    const counting = await setup.person(['COLLECTOR', 'COUNTER'])
    for (const [person, body] of [
      [collector, receiptBody(setup.siteId)],
      [
        collector,
        receiptBody(setup.siteId, {
          tender: 'CHECK',
          checkNumber: '77',
          amountCents: 10050,
          lines: [
            { account: GENERAL, amountCents: 10000 },
            { account: CAFETERIA, amountCents: 50 },
          ],
        }),
      ],
      [counting, receiptBody(setup.siteId)],
    ] as const) {
      const answer = await t.request({ method: 'POST', url: '/api/receipts', token: person.token, payload: body })
      expect(answer.statusCode).toBe(201)
      const written = answer.json().data
      const read = await t.request({ method: 'GET', url: `/api/receipts/${written.id}`, token: person.token })
      expect(read.statusCode).toBe(200)
      expect(written).toEqual(read.json().data)
    }
  })

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amountCents: undefined }, 'amountCents'],
      [{ amountCents: -100, lines: [{ account: GENERAL, amountCents: -100 }] }, 'more than zero'],
      [{ amountCents: 25.5, lines: [{ account: GENERAL, amountCents: 25.5 }] }, 'whole number of cents'],
      [{ amountCents: 3000 }, 'The lines add up to $25.00, not the receipt’s $30.00 (lines).'],
      [{ lines: [{ account: '01-0000-0-9999-1000-8699-010', amountCents: 2500 }] }, 'not in the chart'],
      [{ lines: [{ account: INACTIVE, amountCents: 2500 }] }, 'inactive'],
      [{ lines: [{ account: 'nonsense', amountCents: 2500 }] }, 'segments'],
      [{ tender: 'CHECK' }, 'check number'],
      [{ tender: 'BITCOIN' }, 'Choose how it was paid: cash, check or money order (tender).'],
      [{ payer: '  ' }, 'Enter whom the money was received from (payer).'],
      [{ lines: [] }, 'Give the receipt at least one line (lines).'],
      [{ siteId: 9999 }, 'no site 9999'],
    ]
    for (const [overrides, message] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/receipts',
        token: collector.token,
        payload: receiptBody(setup.siteId, overrides),
      })
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(answer.json().error, JSON.stringify(overrides)).toContain(message)
    }
    expect(await t.db.kysely.selectFrom('receipts').selectAll().execute()).toEqual([])
    expect(await t.db.kysely.selectFrom('receipt_lines').selectAll().execute()).toEqual([])
    // A refused receipt takes no number: the next one is still the first.
    expect((await issue(t, collector.token, receiptBody(setup.siteId))).number).toBe('LHS-2025-26-000001')
  })

  it('a receipt whose audit row cannot be written is not issued and spends no number (the step and its record commit together)', async () => {
    const head = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    // Without its head row the chain cannot be appended to: the append fails inside the receipt's transaction.
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    const refused = await t.request({ method: 'POST', url: '/api/receipts', token: collector.token, payload: receiptBody(setup.siteId) })
    expect(refused.statusCode).toBe(500)
    expect(await t.db.kysely.selectFrom('receipts').selectAll().execute()).toEqual([])
    expect(await t.db.kysely.selectFrom('receipt_lines').selectAll().execute()).toEqual([])
    await t.db.kysely.insertInto('audit_chain_head').values(head).execute()
    const first = await issue(t, collector.token, receiptBody(setup.siteId))
    expect(first.number).toBe('LHS-2025-26-000001')
    // The same holds for a void: the receipt stays issued when its void cannot be recorded.
    const approver = await setup.person(['APPROVER'])
    await t.db.kysely.deleteFrom('audit_chain_head').execute()
    const voidRefused = await t.request({
      method: 'POST',
      url: `/api/receipts/${first.id}/void`,
      token: approver.token,
      payload: { reason: 'Issued twice.' },
    })
    expect(voidRefused.statusCode).toBe(500)
    expect(
      (await t.db.kysely.selectFrom('receipts').select('state').where('receipt_id', '=', first.id).executeTakeFirstOrThrow()).state,
    ).toBe('ISSUED')
    await t.db.kysely.insertInto('audit_chain_head').values(head).execute()
  })

  it('only a COLLECTOR at the site issues; others are refused 403 and people without the application 403', async () => {
    const approver = await setup.person(['APPROVER'])
    const elsewhere = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    for (const token of [approver.token, elsewhere.token, setup.admin]) {
      const answer = await t.request({ method: 'POST', url: '/api/receipts', token, payload: receiptBody(setup.siteId) })
      expect(answer.statusCode).toBe(403)
      expect(answer.json().code).toBe('duty_required')
    }
    const stranger = await t.createUser()
    expect(
      (await t.request({ method: 'POST', url: '/api/receipts', token: await t.signIn(stranger.email), payload: receiptBody(setup.siteId) }))
        .statusCode,
    ).toBe(403)
  })

  it('lists receipts of the sites a person may see, with filters, and hides others as not found', async () => {
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Booster Club' }))
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Ana Ruiz' }))
    const otherCollector = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    const other = await issue(t, otherCollector.token, receiptBody(setup.otherSiteId))
    const viewer = await setup.person(['VIEWER'])
    const listed = await t.request({ method: 'GET', url: '/api/receipts?search=booster', token: viewer.token })
    expect(listed.json().data.map((row: { payer: string }) => row.payer)).toEqual(['Booster Club'])
    expect((await t.request({ method: 'GET', url: '/api/receipts', token: viewer.token })).json().pagination.total).toBe(2)
    expect((await t.request({ method: 'GET', url: '/api/receipts?search=000002', token: viewer.token })).json().data).toHaveLength(1)
    expect((await t.request({ method: 'GET', url: '/api/receipts?from=2026-03-03', token: viewer.token })).json().data).toHaveLength(0)
    expect((await t.request({ method: 'GET', url: `/api/receipts/${other.id}`, token: viewer.token })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/receipts', token: setup.admin })).json().pagination.total).toBe(3)
    expect((await t.request({ method: 'GET', url: '/api/receipts?state=NOPE', token: viewer.token })).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/receipts/abc', token: viewer.token })).statusCode).toBe(400)
  })

  it('a COUNTER sees no amount of cash not yet counted', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const counter = await setup.person(['COUNTER'])
    const seen = (await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}`, token: counter.token })).json().data
    expect(seen.amountCents).toBeNull()
    expect(seen.lines).toBeNull()
    expect((await t.request({ method: 'GET', url: '/api/receipts', token: counter.token })).json().data[0].amountCents).toBeNull()
    expect((await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}/pdf`, token: counter.token })).statusCode).toBe(403)
  })

  it('prints the receipt as a PDF for the payer', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const pdf = await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}/pdf`, token: collector.token })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('voids: an APPROVER who is not the collector, with a reason; the number stays voided; audited', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const approver = await setup.person(['APPROVER'])
    const collectorApprover = await setup.person(['APPROVER', 'COLLECTOR'])
    const own = await issue(t, collectorApprover.token, receiptBody(setup.siteId))

    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/receipts/${receipt.id}/void`,
          token: collector.token,
          payload: { reason: 'Typed the wrong amount' },
        })
      ).json().code,
    ).toBe('duty_required')
    expect(
      (await t.request({ method: 'POST', url: `/api/receipts/${receipt.id}/void`, token: approver.token, payload: { reason: '' } }))
        .statusCode,
    ).toBe(400)
    const refused = await t.request({
      method: 'POST',
      url: `/api/receipts/${own.id}/void`,
      token: collectorApprover.token,
      payload: { reason: 'Typed the wrong amount' },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'separation_of_duties',
      error: expect.stringContaining(`You collected receipt ${own.number}, so another person with the Approver duty must void it.`),
    })
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_id'])
      .where('action', '=', 'finance.separation_refused')
      .execute()
    expect(audit).toEqual([{ actor_user_id: collectorApprover.userId, target_id: own.number }])

    const voided = await t.request({
      method: 'POST',
      url: `/api/receipts/${receipt.id}/void`,
      token: approver.token,
      payload: { reason: 'Typed the wrong amount' },
    })
    expect(voided.statusCode).toBe(200)
    expect(voided.json().data).toMatchObject({ state: 'VOIDED', voidReason: 'Typed the wrong amount', number: 'LHS-2025-26-000001' })
    expect(voided.json().data.history.map((entry: { action: string }) => entry.action)).toEqual(['receipts.issued', 'receipts.voided'])
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/receipts/${receipt.id}/void`,
          token: approver.token,
          payload: { reason: 'Typed the wrong amount' },
        })
      ).statusCode,
    ).toBe(409)
    const ownHistory = (await t.request({ method: 'GET', url: `/api/receipts/${own.id}`, token: approver.token })).json().data.history
    expect(ownHistory.map((entry: { action: string }) => entry.action)).toContain('finance.separation_refused')
  })
})
