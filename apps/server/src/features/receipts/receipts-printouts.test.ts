import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReceiptDetail } from '@platform/contracts/receipts'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, type ReceiptsPerson, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'
import { receiptPdf } from './receipt-pdf.js'

/** A PDF's text, its runs joined by spaces, as a reader would copy it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const parts: string[] = []
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return parts.join('\n').replace(/\s+/g, ' ')
}

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

// 8:45 PM on November 27 in Los Angeles is already November 28 in UTC.
const EVENING_PACIFIC = new Date('2026-11-28T04:45:00.000Z')

describe.each(testDialects())('the printed receipt and deposit slip (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  let counter: ReceiptsPerson
  let approver: ReceiptsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
    counter = await setup.person(['COUNTER'])
    approver = await setup.person(['APPROVER'])
  })
  afterEach(() => t.close())

  const print = async (url: string, token: string) => {
    const answer = await t.request({ method: 'GET', url, token })
    expect(answer.statusCode, answer.body).toBe(200)
    return pdfText(answer.rawPayload)
  }

  it('says how the payer paid in words, names each account from the chart, and dates the receipt on the district’s day', async () => {
    t.clock.set(EVENING_PACIFIC)
    collector = await setup.person(['COLLECTOR']) // signed in again: the sessions of March have expired
    const receipt = await issue(
      t,
      collector.token,
      receiptBody(setup.siteId, {
        tender: 'CHECK',
        checkNumber: '1042',
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    )
    const text = await print(`/api/receipts/${receipt.id}/pdf`, collector.token)
    expect(text).toContain('Received from: Ana Ruiz')
    expect(text).toContain('Paid by check no. 1042')
    expect(text).not.toMatch(/Paid by: |CHECK|MONEY_ORDER/)
    expect(text).toContain(`General Fund · Unrestricted · All Other Local Revenue, account ${GENERAL}: $100.00`)
    expect(text).toContain(`Cafeteria Fund · Unrestricted · All Other Local Revenue, account ${CAFETERIA}: $0.50`)
    expect(text).toContain('Date: November 27, 2026 (Nov 27, 2026')
    expect(text).toContain('PST')
    expect(text).not.toContain('November 28')
  })

  it('a cash receipt reads "Paid by cash"', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const text = await print(`/api/receipts/${receipt.id}/pdf`, collector.token)
    expect(text).toContain('Paid by cash')
    expect(text).toContain('Amount: $25.00')
  })

  it('heads the receipt with the district’s name (DISTRICT_NAME)', async () => {
    await t.close()
    t = await buildTestApp({ dialect, env: { DISTRICT_NAME: 'Lincoln Unified School District' } })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const text = await print(`/api/receipts/${receipt.id}/pdf`, collector.token)
    expect(text.startsWith('Lincoln Unified School District Official receipt')).toBe(true)
  })

  it('heads the receipt with the name it is given', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const detail = (await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}`, token: collector.token })).json()
      .data as ReceiptDetail
    const text = await pdfText(
      await streamBytes(
        receiptPdf(detail, { districtName: 'Lincoln Unified School District', siteName: 'Lincoln High', timeZone: 'America/Los_Angeles' }),
      ),
    )
    expect(text.startsWith('Lincoln Unified School District Official receipt')).toBe(true)
  })

  /** Cash $25 and $10, and a check $100.50 (no. 1042), gathered, counted `short` cents short and approved. */
  async function approvedDeposit(shortCents = 0) {
    const cash = await issue(t, collector.token, receiptBody(setup.siteId))
    const check = await issue(
      t,
      collector.token,
      receiptBody(setup.siteId, {
        tender: 'CHECK',
        checkNumber: '1042',
        amountCents: 10050,
        lines: [{ account: GENERAL, amountCents: 10050 }],
      }),
    )
    const more = await issue(
      t,
      collector.token,
      receiptBody(setup.siteId, { amountCents: 1000, lines: [{ account: GENERAL, amountCents: 1000 }] }),
    )
    const gathered = await t.request({
      method: 'POST',
      url: '/api/deposits',
      token: collector.token,
      payload: { siteId: setup.siteId, receiptIds: [cash.id, check.id, more.id] },
    })
    const deposit = gathered.json().data as { id: number; label: string }
    const counted = await step(t, counter.token, deposit.id, 'count', {
      cash: cashFor(3500 - shortCents),
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      bagNumber: 'B-77',
      note: shortCents ? 'A five-dollar bill is missing' : null,
    })
    expect(counted.statusCode, counted.body).toBe(200)
    expect((await step(t, approver.token, deposit.id, 'approve')).statusCode).toBe(200)
    return { deposit, check }
  }

  it('the slip has its date, cash and check subtotals, checks by their numbers, and the count against what was expected', async () => {
    const { deposit, check } = await approvedDeposit()
    t.clock.set(EVENING_PACIFIC)
    approver = await setup.person(['APPROVER']) // signed in again: the sessions of March have expired
    expect((await step(t, approver.token, deposit.id, 'submit')).statusCode).toBe(200)
    const text = await print(`/api/deposits/${deposit.id}/slip`, approver.token)
    expect(text).toContain(`Deposit: ${deposit.label}`)
    expect(text).toContain('Date: November 27, 2026')
    expect(text).toContain('Cash subtotal: $35.00')
    expect(text).toContain('Checks subtotal: $100.50')
    // Check number first, then the amount, then the receipt it came with.
    expect(text).toMatch(new RegExp(`1042 +\\$100\\.50 +${check.number}`))
    expect(text).toContain('Total deposited: $135.50')
    expect(text).toContain('Counted $135.50 against $135.50 expected from the receipts: they agree.')
  })

  it('a short count says by how much on the slip', async () => {
    const { deposit } = await approvedDeposit(500)
    const text = await print(`/api/deposits/${deposit.id}/slip`, approver.token)
    expect(text).toContain('Cash subtotal: $30.00')
    expect(text).toContain('Counted $130.50 against $135.50 expected from the receipts: $5.00 short.')
    // Not yet submitted: dated the day it is printed (the test clock's March 2, 2026).
    expect(text).toContain('Date: March 2, 2026')
  })
})
