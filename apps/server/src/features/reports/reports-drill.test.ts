import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReportDefinitionInput, ReportResult } from '@platform/contracts/reports'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { issue, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

const LINCOLN = 'Lincoln High School'
const JEFFERSON = 'Jefferson Middle School'

/** A site parameter, and a payer parameter whose choices the site narrows. */
const PROMPTED: Pick<ReportDefinitionInput, 'parameters' | 'filters'> = {
  parameters: [
    { id: 'site', label: 'Site', type: 'select', optionsFrom: 'site_name' },
    { id: 'payer', label: 'Payer', type: 'select', optionsFrom: 'payer', filteredBy: [{ param: 'site', field: 'site_name' }] },
  ],
  filters: [
    { field: 'site_name', op: 'eq', value: { param: 'site' }, ignoreIfEmpty: true },
    { field: 'payer', op: 'eq', value: { param: 'payer' }, ignoreIfEmpty: true },
    { field: 'tender', op: 'eq', value: 'CASH' },
  ],
}
const receiptsReport = (overrides: Partial<ReportDefinitionInput>): ReportDefinitionInput => ({
  schemaVersion: 1,
  dataset: 'receipts',
  ...PROMPTED,
  columns: [{ field: 'payer' }, { field: 'amount', agg: 'sum' }],
  ...overrides,
})

describe.each(testDialects())('Reports Studio: dependent parameters and drill-through (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  let viewer: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    const setup = await setUpReceipts(t)
    admin = setup.admin
    const collector = await setup.person(['COLLECTOR'])
    const otherCollector = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Ana Ruiz' }))
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Ben Cho' }))
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Ana Ruiz', purpose: 'Dues' }))
    await issue(t, otherCollector.token, receiptBody(setup.otherSiteId, { payer: 'Cruz Diaz' }))
    // A viewer of Lincoln High's receipts only.
    const person = await setup.person(['VIEWER'])
    await grantApplication(t.db, person.userId, 'REPORTS_STUDIO')
    viewer = person.token
  })
  afterEach(() => t.close())

  const post = (url: string, payload: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url, token, payload })
  const ok = async (url: string, payload: Record<string, unknown>, token = admin): Promise<ReportResult> => {
    const answer = await post(url, payload, token)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }
  const details = (result: ReportResult) => result.rows.filter((row) => row.kind === 'detail').map((row) => row.cells)
  const save = async (definition: ReportDefinitionInput) => {
    const answer = await post('/api/reportcreate', { name: 'Receipts by site', definition })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json().report.REPORT_ID as number
  }

  it('narrows the payers offered by the site chosen, and refuses a payer not offered for it', async () => {
    const definition = receiptsReport({})
    const options = async (parameters: Record<string, unknown>, token = admin) =>
      (await post('/api/reportoptions', { definition, parameters }, token)).json().options
    expect(await options({})).toEqual({ site: [JEFFERSON, LINCOLN], payer: ['Ana Ruiz', 'Ben Cho', 'Cruz Diaz'] })
    expect((await options({ site: LINCOLN })).payer).toEqual(['Ana Ruiz', 'Ben Cho'])
    expect((await options({ site: JEFFERSON })).payer).toEqual(['Cruz Diaz'])

    const refused = await post('/api/reportrun', { definition, parameters: { site: JEFFERSON, payer: 'Ana Ruiz' } })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toBe(
      "Payer: 'Ana Ruiz' is not one of the choices for the Site you chose. Choose payer again from the list.",
    )
    const chosen = await ok('/api/reportrun', { definition, parameters: { site: LINCOLN, payer: 'Ana Ruiz' } })
    expect(details(chosen)).toEqual([
      ['Ana Ruiz', 25],
      ['Ana Ruiz', 25],
    ])

    // The viewer is offered only what they may see, and a site they may not see narrows to nothing.
    const reportId = await save(definition)
    const viewerOptions = (await post('/api/reportoptions', { reportId, parameters: { site: JEFFERSON } }, viewer)).json().options
    expect(viewerOptions).toEqual({ site: [LINCOLN], payer: [] })

    // Narrowing names a parameter before it, through a field of the dataset.
    const backwards = await post('/api/reportrun', {
      definition: receiptsReport({
        parameters: [
          { id: 'payer', label: 'Payer', type: 'select', optionsFrom: 'payer', filteredBy: [{ param: 'site', field: 'site_nam' }] },
          { id: 'site', label: 'Site', type: 'select', optionsFrom: 'site_name' },
        ],
      }),
    })
    expect(backwards.statusCode).toBe(422)
    expect(backwards.json().error).toContain("its choices can be narrowed only by a parameter before it, and 'site' is not one")
    expect(backwards.json().error).toContain("has no field 'site_nam'")
  })

  it('opens the rows behind a summary row and a group header: the detail report filtered by hand', async () => {
    const summary = receiptsReport({
      rows: { mode: 'summary' },
      groups: [{ field: 'site_name' }],
      columns: [
        { field: 'amount', agg: 'sum' },
        { field: 'id', agg: 'count' },
      ],
    })
    const summed = await ok('/api/reportrun', { definition: summary })
    const lincoln = summed.rows.find((row) => row.drill?.site_name === LINCOLN)!
    expect(lincoln.cells).toEqual([75, 3])
    const drilled = await ok('/api/reportdrill', { definition: summary, drill: lincoln.drill })
    const byHand = await ok('/api/reportrun', {
      definition: receiptsReport({
        columns: [{ field: 'site_name' }, { field: 'amount' }, { field: 'id' }],
        filters: [...PROMPTED.filters!, { field: 'site_name', op: 'eq', value: LINCOLN }],
      }),
    })
    expect(details(byHand)).toHaveLength(3)
    expect(details(drilled)).toEqual(details(byHand))
    expect(drilled.subtitle).toBe(`Site: ${LINCOLN}`)
    // The records add up to the summary's row.
    expect(drilled.rows.find((row) => row.kind === 'grandTotal')!.cells).toEqual([null, 75, 3])

    // A grouped detail report: its group header opens its rows, with the report's parameters still applied.
    const grouped = receiptsReport({ groups: [{ field: 'site_name' }] })
    const parameters = { payer: 'Ana Ruiz' }
    const header = (await ok('/api/reportrun', { definition: grouped, parameters })).rows.find((row) => row.kind === 'groupHeader')!
    expect(header.drill).toEqual({ site_name: LINCOLN })
    const rows = await ok('/api/reportdrill', { definition: grouped, parameters, drill: header.drill })
    const filtered = await ok('/api/reportrun', {
      definition: receiptsReport({ filters: [...PROMPTED.filters!, { field: 'site_name', op: 'eq', value: LINCOLN }] }),
      parameters,
    })
    expect(details(rows)).toEqual(details(filtered))
    expect(details(rows)).toEqual([
      ['Ana Ruiz', 25],
      ['Ana Ruiz', 25],
    ])

    // Only the report's own group fields open rows; a value is a value, never SQL.
    const otherField = await post('/api/reportdrill', { definition: grouped, drill: { payer: 'Ana Ruiz' } })
    expect(otherField.statusCode).toBe(422)
    expect(otherField.json().error).toBe("This report is not grouped by 'Payer', so its rows cannot be opened by it.")
    const injected = await ok('/api/reportdrill', { definition: grouped, drill: { site_name: "x' or '1'='1" } })
    expect(details(injected)).toEqual([])
    const ungrouped = await post('/api/reportdrill', { definition: receiptsReport({}), drill: { site_name: LINCOLN } })
    expect(ungrouped.statusCode).toBe(422)
  })

  it('drills as the person: a site out of their scope gives none of its rows, on screen or exported', async () => {
    const reportId = await save(
      receiptsReport({ rows: { mode: 'summary' }, groups: [{ field: 'site_name' }], columns: [{ field: 'amount', agg: 'sum' }] }),
    )
    const adminRows = await ok('/api/reportdrill', { reportId, drill: { site_name: JEFFERSON } })
    expect(details(adminRows)).toEqual([[JEFFERSON, 25]])

    const viewerRows = await ok('/api/reportdrill', { reportId, drill: { site_name: JEFFERSON } }, viewer)
    expect(details(viewerRows)).toEqual([])
    expect(viewerRows.page.total).toBe(0)
    const exported = await post('/api/reportexport', { reportId, format: 'csv', drill: { site_name: JEFFERSON } }, viewer)
    expect(exported.statusCode).toBe(200)
    expect(exported.body).not.toContain('Jefferson')

    const own = await post('/api/reportexport', { reportId, format: 'csv', drill: { site_name: LINCOLN } }, viewer)
    expect(own.statusCode).toBe(200)
    const lines = own.body.trim().split(/\r?\n/)
    expect(lines.filter((line) => line.includes(LINCOLN))).toHaveLength(3)
    expect(own.body).not.toContain('Jefferson')
  })
})
