import { XLSX_CONTENT_TYPE } from '@platform/contracts/accruals'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SUPPLIES, TITLE_I, accrualBody, draft, reviewTeam, setUpAccruals } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { workbookOf } from '../../../test/workbook-files.js'

const HEADER =
  'site,type,clearing,for_goods,vendor,description,po_number,invoice_number,received_on,basis,basis_note,account,amount,restricted_justification,duplicate_note'

describe.each(testDialects())('accruals: import from the template (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpAccruals>>
  let team: Awaited<ReturnType<typeof reviewTeam>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpAccruals(t)
    team = await reviewTeam(setup)
  })
  afterEach(() => t.close())

  const send = (body: string | Buffer, options: { apply?: boolean; token?: string; type?: string; cycleId?: number } = {}) =>
    t.request({
      method: 'POST',
      url: `/api/accruals/import?cycleId=${options.cycleId ?? setup.cycleId}${options.apply ? '&apply=true' : ''}`,
      token: options.token ?? team.requester.token,
      payload: typeof body === 'string' ? Buffer.from(body) : body,
      headers: { 'content-type': options.type ?? 'text/csv' },
    })
  const count = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('accruals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it("previews each row's problems, saves nothing; applying saves the accepted rows as drafts", async () => {
    await draft(t, team.requester.token, accrualBody(setup.cycleId, setup.siteId))
    const csv = [
      HEADER,
      `LHS,PAYABLE,REVERSE,yes,Pacific Gas,June utilities,,,2026-06-28,ESTIMATE,Average of April and May,${SUPPLIES},"1,234.56",,`,
      `LHS,PAYABLE,REVERSE,yes,Late Supply Co,Desks,PO-9,I-9,2026-07-03,ACTUAL,,${SUPPLIES},500.00,,`,
      `LHS,PAYABLE,PAY_AGAINST,no,Reading Partners,Title I tutoring,,,,ACTUAL,,${TITLE_I},800.00,,`,
      `LHS,PAYABLE,REVERSE,yes,Office Depot,Supplies again,PO-1001,INV-77,2026-06-20,ACTUAL,,${SUPPLIES},2500.00,,`,
      `XYZ,LOAN,REVERSE,maybe,,Nothing right,,,,GUESS,,01-9999,12.345,,`,
      `LHS,RECEIVABLE,PAY_AGAINST,no,California Lottery,Lottery Q4,,,,ESTIMATE,Per the state's schedule,01-0000-0-1110-1000-8699-010,9000.00,,`,
    ].join('\n')
    const preview = await send(csv)
    expect(preview.statusCode).toBe(200)
    const body = preview.json()
    expect(body).toMatchObject({ applied: false, summary: { create: 2, reject: 4 } })
    expect(body.rows.map((row: { line: number; action: string }) => `${row.line}:${row.action}`)).toEqual([
      '2:create',
      '3:reject',
      '4:reject',
      '5:reject',
      '6:reject',
      '7:create',
    ])
    expect(body.rows[0]).toMatchObject({ amountCents: 123_456, id: null })
    expect(body.rows[1].reasons.join(' ')).toContain('after the cut-off date 2026-06-30')
    expect(body.rows[2].reasons.join(' ')).toContain('restricted resource')
    // Every reason is in words: no code and no API name of a field reaches the preview.
    for (const row of body.rows as Array<{ reasons: string[] }>)
      for (const reason of row.reasons) expect(reason).not.toMatch(/\(([a-z]+[A-Z]\w*)\)|REQUESTER|PAYABLE|_/)
    expect(body.rows[3].reasons.join(' ')).toContain('may duplicate accrual')
    expect(body.rows[4].reasons.join(' ')).toEqual(expect.stringContaining('“XYZ” is not a site’s code.'))
    expect(body.rows[4].reasons.join(' ')).toEqual(expect.stringContaining('For goods reads “maybe”: write yes or no.'))
    expect(await count()).toBe(1)

    const applied = await send(csv, { apply: true })
    expect(applied.json()).toMatchObject({ applied: true, summary: { create: 2, reject: 4 } })
    const ids = applied
      .json()
      .rows.filter((row: { action: string }) => row.action === 'create')
      .map((row: { id: number }) => row.id)
    expect(ids).toHaveLength(2)
    const stored = await t.db.kysely
      .selectFrom('accruals')
      .select(['accrual_id', 'state', 'vendor', 'amount_cents', 'requester_id'])
      .where('accrual_id', 'in', ids)
      .orderBy('accrual_id')
      .execute()
    expect(stored.map((row) => [row.state, row.vendor, Number(row.amount_cents), row.requester_id])).toEqual([
      ['DRAFT', 'Pacific Gas', 123_456, team.requester.userId],
      ['DRAFT', 'California Lottery', 900_000, team.requester.userId],
    ])
    const audited = await t.db.kysely.selectFrom('audit_log').select('target_id').where('action', '=', 'accruals.drafted').execute()
    expect(audited).toHaveLength(3)
  })

  it('reads the template as XLSX too', async () => {
    const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`
    const row = (number: number, values: string[]) =>
      `<row r="${number}">${values.map((value, index) => cell(`${String.fromCharCode(65 + index)}${number}`, value)).join('')}</row>`
    const sheet = Buffer.from(
      [
        row(1, ['site', 'type', 'clearing', 'vendor', 'description', 'basis', 'account', 'amount']),
        row(2, ['LHS', 'PAYROLL', 'REVERSE', 'Summer school teachers', 'June hours paid in July', 'ACTUAL', SUPPLIES, '4200.00']),
      ].join(''),
    )
    const answer = await send(workbookOf(sheet), { type: XLSX_CONTENT_TYPE, apply: true })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ applied: true, summary: { create: 1, reject: 0 } })
    expect(await count()).toBe(1)
  })

  it('two rows of one file that duplicate each other: the second needs a note', async () => {
    const line = `LHS,PAYABLE,REVERSE,yes,Acme,Chairs,,,2026-06-10,ACTUAL,,${SUPPLIES},700.00,,`
    const answer = await send([HEADER, line, line, `${line}Two deliveries`].join('\n'))
    expect(answer.json().rows.map((row: { action: string }) => row.action)).toEqual(['create', 'reject', 'create'])
    expect(answer.json().rows[1].reasons.join(' ')).toContain('This may duplicate line 2 of this file.')
  })

  it('refuses wrong columns, a file that is not CSV, too many rows, and people without the duty', async () => {
    const wrong = await send('site,kind,amount\nLHS,PAYABLE,1.00')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'wrong_columns' })
    expect(wrong.json().error).toContain('missing columns type, clearing, vendor, description, basis, account')
    expect(wrong.json().error).toContain('unknown column kind')
    const empty = await send('')
    expect(empty.statusCode).toBe(400)
    const binary = await send(Buffer.from([0xff, 0xfe, 0x00, 0x41]))
    expect(binary.statusCode).toBe(400)
    const notZip = await send('not a workbook', { type: XLSX_CONTENT_TYPE })
    expect(notZip.statusCode).toBe(400)
    const rows = Array.from({ length: 50_000 }, (_, index) => `LHS,PAYABLE,REVERSE,no,V${index},D,,,,ACTUAL,,${SUPPLIES},1.00,,`)
    const huge = await send([HEADER, ...rows].join('\n'))
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error).toMatch(/at most 5,000|too large|5 MB|exceeds/i)
    const viewer = await send([HEADER, `LHS,PAYABLE,REVERSE,no,V,D,,,,ACTUAL,,${SUPPLIES},1.00,,`].join('\n'), {
      token: team.viewer.token,
      apply: true,
    })
    expect(viewer.json()).toMatchObject({ summary: { create: 0, reject: 1 } })
    expect(viewer.json().rows[0].reasons.join(' ')).toContain('You do not hold the Requester duty at LHS.')
    const noCycle = await send(HEADER, { cycleId: 999 })
    expect(noCycle.statusCode).toBe(400)
    expect(await count()).toBe(0)
  })
})
