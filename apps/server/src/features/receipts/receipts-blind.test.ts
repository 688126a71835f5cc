import { REPORT_SCHEMA_VERSION } from '@platform/contracts/reports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { GENERAL, type ReceiptsPerson, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

/**
 * The blind count on every read, generated from the route table: every GET route under these prefixes is called as a
 * COUNTER (who holds only COUNTER at the site) with every id it takes, and no answer may carry an amount of cash not
 * yet counted, in cents or in dollars. A route added under them is walked the same way; one the walk cannot call, or
 * that never answers the counter, fails the test until it is walked or listed below with the reason.
 */
const PREFIXES = [
  '/api/receipts',
  '/api/deposits',
  '/api/my-queue',
  '/api/dashboard',
  '/api/audit',
  '/api/report',
  '/api/finance/attachments',
]

/** GET routes not walked, each with why no uncounted amount can come out of it. */
const EXEMPT: Record<string, string> = {
  '/api/finance/attachments/:id/download':
    "a stored file's bytes, reached only through a record the person may see; no amount is written into it",
  '/api/reportversions': 'saved versions of a report definition: no rows of any dataset',
  '/api/reportdetails': 'a report definition: no rows of any dataset',
  '/api/reportexports/:id': "a large export's progress: its state, file name and counts of rows, no row of any dataset",
  '/api/reportexports/:id/file':
    'the file of a large export, written from the same read of the dataset (exportOf) as /api/reportexport, whose files the Reports Studio test below checks for every dataset and format',
  '/api/reportsubscriptions/recipients': 'the people a report may be sent to: names and addresses, no row of any dataset',
  '/api/reportsubscriptions/:id':
    'a subscription: its report, schedule, the parameter values as typed and its recipients; no row of any dataset',
  '/api/reportsubscriptions/:id/runs':
    "a subscription's history: who was sent what, with counts of rows and sizes; its files are written as each recipient by the same read (exportOf) as /api/reportexport",
}

/** GET routes that refuse a COUNTER at the site whatever is asked, with why (the walk still reads their answers). */
const REFUSE_THE_COUNTER: Record<string, string> = {
  '/api/receipts/journal.csv': 'the ERP journal is for administrators and approvers or reconcilers of all sites',
  '/api/audit': 'the Activity view is for administrators',
  '/api/audit/export': 'the Activity view is for administrators',
  '/api/audit/actions': 'the Activity view is for administrators',
  '/api/audit/verify': 'for super administrators',
  '/api/audit/checkpoints': 'for super administrators',
}

/** Amounts of cash never counted: an undeposited receipt and the two receipts of an open deposit, and their sums. */
const UNDEPOSITED = 987_654
const OPEN_CHECK = 876_543
const OPEN_CASH = 765_432
const SECRETS = [UNDEPOSITED, OPEN_CHECK, OPEN_CASH, OPEN_CHECK + OPEN_CASH]

/** Every way an amount can be written: cents, dollars as JSON or a report shows them, with or without separators. */
function spellings(cents: number): string[] {
  const dollars = (cents / 100).toFixed(2)
  const grouped = Number(dollars).toLocaleString('en-US', { minimumFractionDigits: 2 })
  return [String(cents), dollars, grouped]
}
const FORBIDDEN = SECRETS.flatMap(spellings)

describe.each(testDialects())('the blind count on every read, walked from the route table (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let counter: ReceiptsPerson
  const ids = { receipts: [] as number[], deposits: [] as number[], attachments: [] as number[] }
  let openLabel = ''

  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    const collector = await setup.person(['COLLECTOR'])
    const approver = await setup.person(['APPROVER'])
    const reconciler = await setup.person(['RECONCILER'])
    // The counter writes reports too: the Reports Studio datasets are read through any definition, not only the starters.
    const user = await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['PAYMENT_RECEIPTS', 'REPORTS_STUDIO', 'DASHBOARD'] })
    await t.db.kysely
      .insertInto('finance_duties')
      .values({
        user_id: user.userId,
        app_id: setup.appId,
        duty: 'COUNTER',
        site_id: setup.siteId,
        granted_at: '2026-01-01T00:00:00.000Z',
        granted_by: null,
      })
      .execute()
    counter = { ...user, token: await t.signIn(user.email) }
    const receipt = (cents: number, tender = 'CASH') =>
      issue(
        t,
        collector.token,
        receiptBody(setup.siteId, {
          amountCents: cents,
          tender,
          checkNumber: tender === 'CASH' ? null : '5150',
          lines: [{ account: GENERAL, amountCents: cents }],
        }),
      )
    const gather = async (receiptIds: number[]) =>
      (
        await t.request({ method: 'POST', url: '/api/deposits', token: collector.token, payload: { siteId: setup.siteId, receiptIds } })
      ).json().data as {
        id: number
        label: string
      }

    // A deposit counted and carried through to the treasury: its amounts are counted, and may be seen.
    const counted = [await receipt(1234), await receipt(4321, 'CHECK')]
    const done = await gather(counted.map((r) => r.id))
    await step(t, counter.token, done.id, 'count', {
      cash: cashFor(1234),
      checks: [{ receiptId: counted[1]!.id, amountCents: 4321 }],
      bagNumber: 'B-1',
    })
    await step(t, approver.token, done.id, 'approve')
    await step(t, approver.token, done.id, 'submit')
    await step(t, reconciler.token, done.id, 'confirm', { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' })
    await t.request({
      method: 'POST',
      url: `/api/receipts/${counted[1]!.id}/returned-check`,
      token: reconciler.token,
      payload: { reason: 'NSF check' },
    })
    // A voided receipt, an undeposited one and an open deposit (one of its receipts voided out of it, the rest uncounted).
    const voided = await receipt(2222)
    await t.request({ method: 'POST', url: `/api/receipts/${voided.id}/void`, token: approver.token, payload: { reason: 'Entered twice' } })
    const waiting = await receipt(UNDEPOSITED)
    const open = [await receipt(OPEN_CHECK, 'CHECK'), await receipt(OPEN_CASH), await receipt(3333)]
    const openDeposit = await gather(open.map((r) => r.id))
    openLabel = openDeposit.label
    await t.request({ method: 'POST', url: `/api/receipts/${open[2]!.id}/void`, token: approver.token, payload: { reason: 'Wrong payer' } })
    // A file on the open deposit and on the undeposited receipt.
    for (const [recordType, recordId] of [
      ['deposit', openDeposit.id],
      ['receipt', waiting.id],
    ] as const) {
      const uploaded = await t.request({
        method: 'POST',
        url: `/api/finance/attachments/PAYMENT_RECEIPTS/${recordType}/${recordId}?fileName=note.txt`,
        token: collector.token,
        payload: Buffer.from('Bag sealed in front of the principal.'),
        headers: { 'content-type': 'application/octet-stream' },
      })
      if (uploaded.statusCode === 201) ids.attachments.push(uploaded.json().data.id)
    }
    expect(ids.attachments).toHaveLength(2)
    ids.receipts = [...counted, voided, waiting, ...open].map((r) => r.id)
    ids.deposits = [done.id, openDeposit.id]
  })
  afterAll(() => t.close())

  /** The URLs a route is called with: each id it takes, and the queries its lists and reports are read with. */
  function urlsOf(route: string): string[] | null {
    // A record's files: every receipt and deposit of the walk.
    if (route === '/api/finance/attachments/:appCode/:recordType/:recordId')
      return [
        ...ids.receipts.map((id) => `/api/finance/attachments/PAYMENT_RECEIPTS/receipt/${id}`),
        ...ids.deposits.map((id) => `/api/finance/attachments/PAYMENT_RECEIPTS/deposit/${id}`),
      ]
    const params = [...route.matchAll(/:(\w+)/g)].map((match) => match[1])
    let bases = [route]
    if (params.length > 1) return null
    if (params.length === 1) {
      if (params[0] !== 'id') return null
      const pool = route.startsWith('/api/receipts/')
        ? ids.receipts
        : route.startsWith('/api/deposits/')
          ? ids.deposits
          : route.startsWith('/api/finance/attachments/')
            ? ids.attachments
            : null
      if (!pool) return null
      bases = pool.map((id) => route.replace(':id', String(id)))
    }
    const site = setup.siteId
    const queries: Record<string, string[]> = {
      '/api/receipts': ['', '?undeposited=true', `?siteId=${site}&state=DEPOSITED`, '?search=Ruiz', '?state=ISSUED'],
      '/api/receipts/register': [`?siteId=${site}&fiscalYear=2025-26`],
      '/api/receipts/returned-checks': ['', `?siteId=${site}`],
      '/api/receipts/exceptions': ['', `?siteId=${site}`],
      '/api/receipts/journal.csv': ['?from=2026-01-01&to=2026-12-31'],
      '/api/deposits': ['', '?state=OPEN', `?siteId=${site}`],
      '/api/audit': ['', '?limit=200'],
      '/api/audit/export': [''],
    }
    return bases.flatMap((base) => (queries[route] ?? ['']).map((query) => `${base}${query}`))
  }

  const leaks = (body: string) => FORBIDDEN.filter((spelling) => body.includes(spelling))

  it('no GET answer under the prefixes carries an uncounted amount; every such route is walked or exempt with a reason', async () => {
    const routes = [...new Set(t.routes.filter((route) => route.method === 'GET').map((route) => route.url))].filter((url) =>
      PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || (prefix === '/api/report' && url.startsWith(prefix))),
    )
    expect(routes.length).toBeGreaterThan(10)
    const unwalked: string[] = []
    const neverAnswered: string[] = []
    const found: string[] = []
    for (const route of routes) {
      if (EXEMPT[route]) continue
      const urls = urlsOf(route)
      if (!urls || urls.length === 0) {
        unwalked.push(route)
        continue
      }
      let answered = false
      for (const url of urls) {
        const answer = await t.request({ method: 'GET', url, token: counter.token })
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500)
        if (answer.statusCode < 300) answered = true
        for (const spelling of leaks(answer.body)) found.push(`${url} carries ${spelling}`)
      }
      if (!answered && !REFUSE_THE_COUNTER[route]) neverAnswered.push(route)
    }
    expect(unwalked, 'GET routes the walk cannot call: give them ids and queries here, or exempt them with a reason').toEqual([])
    expect(neverAnswered, 'GET routes that never answered the counter: give them what they need, or list why they refuse').toEqual([])
    expect(found).toEqual([])
  }, 120_000)

  it("the counter's pages still show what a blind count needs, and the amounts appear once the deposit is counted", async () => {
    const open = ids.deposits[1]!
    const shown = (await t.request({ method: 'GET', url: `/api/deposits/${open}`, token: counter.token })).json().data
    expect(shown).toMatchObject({ label: openLabel, amountCents: null, receiptCount: 2, actions: { count: true } })
    expect(shown.checksToCount).toHaveLength(1)
    const gathered = shown.history.find((entry: { action: string }) => entry.action === 'receipts.deposit_gathered')
    expect(Object.keys(gathered.details)).toEqual(['siteId', 'receiptIds'])
    // An approver at the site sees the amounts the counter may not (the walk above would catch them if the counter did).
    const approver = await setup.person(['APPROVER'])
    const seen = await t.request({ method: 'GET', url: `/api/deposits/${open}`, token: approver.token })
    expect(seen.json().data.amountCents).toBe(OPEN_CHECK + OPEN_CASH)
    const register = await t.request({
      method: 'GET',
      url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`,
      token: approver.token,
    })
    expect(leaks(register.body).length).toBeGreaterThan(0)
  })

  it('the Reports Studio datasets carry no uncounted amount to the counter, through any definition, run or exported', async () => {
    const reports = (await t.request({ method: 'GET', url: '/api/reportlist', token: counter.token })).json().reports as Array<{
      REPORT_ID: number
      REPORT_NAME: string
    }>
    const starters = reports.filter((report) =>
      ['Receipt register', 'Undeposited cash aging', 'Deposits by fund and resource'].includes(report.REPORT_NAME),
    )
    expect(starters).toHaveLength(3)
    const datasets = (await t.request({ method: 'GET', url: '/api/reportdatasets', token: counter.token })).json().datasets as Array<{
      id: string
      fields: Array<{ name: string }>
    }>
    const ours = datasets.filter((dataset) => dataset.id === 'receipts' || dataset.id === 'deposits')
    expect(ours).toHaveLength(2)
    // Every field of each dataset in detail, and every amount summed by site: a total would tell the hidden amount too.
    const definitions = ours.flatMap((dataset) => [
      { schemaVersion: REPORT_SCHEMA_VERSION, dataset: dataset.id, columns: dataset.fields.map((field) => ({ field: field.name })) },
      {
        schemaVersion: REPORT_SCHEMA_VERSION,
        dataset: dataset.id,
        rows: { mode: 'summary' },
        columns: [{ field: 'site_name' }, { field: 'amount', agg: 'sum' }, { field: 'amount', agg: 'max' }],
      },
    ])
    const sources = [...starters.map((report) => ({ reportId: report.REPORT_ID })), ...definitions.map((definition) => ({ definition }))]
    for (const source of sources) {
      const run = await t.request({ method: 'POST', url: '/api/reportrun', token: counter.token, payload: { ...source, limit: 500 } })
      expect(run.statusCode, run.body.slice(0, 300)).toBe(200)
      expect(leaks(run.body), JSON.stringify(source).slice(0, 200)).toEqual([])
      for (const format of ['csv', 'xlsx'] as const) {
        const exported = await t.request({ method: 'POST', url: '/api/reportexport', token: counter.token, payload: { ...source, format } })
        expect(exported.statusCode).toBe(200)
        if (format === 'csv') expect(leaks(exported.body)).toEqual([])
      }
    }
    // The same detail run as an approver carries them: the walk reads real rows.
    const approver = await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['PAYMENT_RECEIPTS', 'REPORTS_STUDIO'] })
    await t.db.kysely
      .insertInto('finance_duties')
      .values({
        user_id: approver.userId,
        app_id: setup.appId,
        duty: 'APPROVER',
        site_id: setup.siteId,
        granted_at: '2026-01-01T00:00:00.000Z',
        granted_by: null,
      })
      .execute()
    const seen = await t.request({
      method: 'POST',
      url: '/api/reportrun',
      token: await t.signIn(approver.email),
      payload: { definition: definitions[0], limit: 500 },
    })
    expect(leaks(seen.body).length).toBeGreaterThan(0)
  }, 120_000)

  it('an administrator who also counts reads no receipt amount in the Activity view or its export; one who does not, does', async () => {
    const asAdmin = async (counts: boolean) => {
      const admin = await t.createUser({ roleCode: 'ADMIN', applications: ['PAYMENT_RECEIPTS'] })
      if (counts)
        await t.db.kysely
          .insertInto('finance_duties')
          .values({
            user_id: admin.userId,
            app_id: setup.appId,
            duty: 'COUNTER',
            site_id: setup.siteId,
            granted_at: '2026-01-01T00:00:00.000Z',
            granted_by: null,
          })
          .execute()
      return t.signIn(admin.email)
    }
    const read = async (token: string) => {
      const page = await t.request({ method: 'GET', url: '/api/audit?limit=200', token })
      const exported = await t.request({ method: 'GET', url: '/api/audit/export', token })
      expect([page.statusCode, exported.statusCode]).toEqual([200, 200])
      return page.body + exported.body
    }
    expect(leaks(await read(await asAdmin(true)))).toEqual([])
    expect(leaks(await read(await asAdmin(false))).length).toBeGreaterThan(0)
  })
})
