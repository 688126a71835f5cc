import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReportDefinitionInput, ReportResult } from '@platform/contracts/reports'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { insertProject } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'

/** Projects with known figures: two clients, costs that make the subtotals easy to check. */
const PROJECTS = [
  { client_id: '37-H9', project_number: '04-000001', project_name: 'Adams Elementary', project_status: 'APPROVED', construction_cost: 100 },
  { client_id: '37-H9', project_number: '04-000002', project_name: 'Baker Middle', project_status: 'APPROVED', construction_cost: 300 },
  { client_id: '37-H9', project_number: '04-000003', project_name: 'Clark High', project_status: 'COMPLETED', construction_cost: 600 },
  {
    client_id: '37-58',
    project_number: '04-000004',
    project_name: 'Dewey Elementary',
    project_status: 'COMPLETED',
    construction_cost: 1000,
  },
  { client_id: '37-58', project_number: '04-000005', project_name: 'Evans K-8', project_status: 'PENDING', construction_cost: null },
  {
    client_id: '37-58',
    project_number: '04-000006',
    project_name: '=HYPERLINK("x")',
    project_status: 'COMPLETED',
    construction_cost: 2000,
  },
]

const definition = (overrides: Partial<ReportDefinitionInput>): ReportDefinitionInput => ({
  schemaVersion: 1,
  dataset: 'dsa_projects',
  columns: [{ field: 'project_name' }, { field: 'construction_cost', agg: 'sum' }],
  ...overrides,
})

describe.each(testDialects())('Reports Studio on %s', (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    for (const project of PROJECTS) {
      await insertProject(t.db, at, { ...project, project_type: 'School (K-12)', cost_source: 'final', received_date: '2024-05-06' })
    }
  })
  afterEach(() => t.close())

  const run = async (body: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/api/reportrun', token, payload: body })
  const result = async (body: Record<string, unknown>, token = admin): Promise<ReportResult> => {
    const answer = await run(body, token)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }
  const summarise = (rows: ReportResult['rows']) => rows.map((row) => [row.kind, row.level, row.label, ...row.cells])

  it('ships starter reports that run, and lists reports with who may edit them', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/reportlist', token: admin })).json()
    expect(list.canCreate).toBe(true)
    expect(list.reports.map((report: { REPORT_NAME: string }) => report.REPORT_NAME)).toEqual([
      'Accrual listing by fund and resource',
      'DSA projects by client and status',
      'Deposits by fund and resource',
      'Public records: on-time determinations by month',
      'Public records: open requests by age',
      'Receipt register',
      'Sign-in activity by week',
      'Undeposited cash aging',
      'Unliquidated accruals by age',
      'Users by organization and role',
      'Variance of estimates against what was paid',
    ])
    for (const report of list.reports) {
      const answer = await run({ reportId: report.REPORT_ID })
      expect(
        answer.statusCode,
        `${report.REPORT_NAME}: ${answer.body} ${t.logLines.filter((line) => line.includes('"level":50')).join('\n')}`,
      ).toBe(200)
      // The fiscal applications' starter reports have no rows in this district; their dataset tests run them with data.
      if (
        ![
          'Accrual listing by fund and resource',
          'Unliquidated accruals by age',
          'Variance of estimates against what was paid',
          'Receipt register',
          'Undeposited cash aging',
          'Deposits by fund and resource',
          'Public records: on-time determinations by month',
          'Public records: open requests by age',
        ].includes(report.REPORT_NAME)
      )
        expect(answer.json().rows.length, report.REPORT_NAME).toBeGreaterThan(0)
    }
    // Installed with the platform, not by a person: credited to the platform.
    for (const report of list.reports) expect(report.CREATOR_NAME).toBe('District Staff Platform (starter report)')
    const byClient = await result({
      reportId: list.reports.find((report: { REPORT_NAME: string }) => report.REPORT_NAME === 'DSA projects by client and status')
        .REPORT_ID,
    })
    expect(byClient.rows.at(-1)).toMatchObject({ kind: 'grandTotal', label: 'All clients', cells: [null, 6, 4000, 800] })

    // A staff member lists only the reports they can run: each listed one runs, the DSA one only with the tracker.
    for (const applications of [['REPORTS_STUDIO'], ['REPORTS_STUDIO', 'DSA_TRACKER']]) {
      const staff = await t.signIn((await t.createUser({ applications })).email)
      const theirs = (await t.request({ method: 'GET', url: '/api/reportlist', token: staff })).json().reports as Array<{
        REPORT_ID: number
        REPORT_NAME: string
      }>
      expect(
        theirs.some((report) => report.REPORT_NAME === 'DSA projects by client and status'),
        applications.join('+'),
      ).toBe(applications.includes('DSA_TRACKER'))
      for (const report of theirs) {
        const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: staff, payload: { reportId: report.REPORT_ID } })
        expect(answer.statusCode, `${report.REPORT_NAME} for ${applications.join('+')}`).toBe(200)
      }
    }
    expect(byClient.chart).toMatchObject({
      type: 'bar',
      categoryLabel: 'Client',
      categories: ['37-58', '37-H9'],
      series: [{ key: 'sum_construction_cost', values: [3000, 1000] }],
    })
  })

  it('summary rows: groups with subtotals rolled up in code, averages from sums and counts, calculations worked out again at each level', async () => {
    const ran = await result({
      definition: definition({
        rows: { mode: 'summary' },
        groups: [{ field: 'client_id' }],
        calculations: [
          { id: 'share_done', label: 'Completed share', expr: "sum(if(project_status = 'COMPLETED', 1, 0)) / count()", format: 'percent' },
        ],
        columns: [
          { field: 'project_status' },
          { field: 'id', agg: 'count' },
          { field: 'construction_cost', agg: 'sum' },
          { field: 'construction_cost', agg: 'avg' },
          { calc: 'share_done' },
        ],
      }),
    })
    expect(ran.columns.map((column) => [column.key, column.format])).toEqual([
      ['project_status', 'text'],
      ['count_id', 'integer'],
      ['sum_construction_cost', 'money'],
      ['avg_construction_cost', 'money'],
      ['share_done', 'percent'],
    ])
    expect(summarise(ran.rows)).toEqual([
      ['groupHeader', 0, 'Client: 37-58', null, null, null, null, null],
      ['detail', 1, null, 'COMPLETED', 2, 3000, 1500, 1],
      ['detail', 1, null, 'PENDING', 1, null, null, 0],
      ['subtotal', 0, '37-58', null, 3, 3000, 1500, 2 / 3],
      ['groupHeader', 0, 'Client: 37-H9', null, null, null, null, null],
      ['detail', 1, null, 'APPROVED', 2, 400, 200, 0],
      ['detail', 1, null, 'COMPLETED', 1, 600, 600, 1],
      ['subtotal', 0, '37-H9', null, 3, 1000, 333.33, 1 / 3],
      ['grandTotal', 0, 'Total', null, 6, 4000, 800, 0.5],
    ])
  })

  it('summary rows page by summary rows, repeating the header of a group that continues', async () => {
    const body = {
      definition: definition({
        rows: { mode: 'summary' },
        groups: [{ field: 'client_id' }],
        columns: [{ field: 'project_status' }, { field: 'construction_cost', agg: 'sum' }],
      }),
      limit: 1,
    }
    const second = await result({ ...body, offset: 1 })
    expect(second.page).toEqual({ offset: 1, limit: 1, total: 4, hasMore: true })
    expect(summarise(second.rows)).toEqual([
      ['groupHeader', 0, 'Client: 37-58 (continued)', null, null],
      ['detail', 1, null, 'PENDING', null],
      ['subtotal', 0, '37-58', null, 3000],
    ])
    const last = await result({ ...body, offset: 3 })
    expect(summarise(last.rows)).toEqual([
      ['groupHeader', 0, 'Client: 37-H9 (continued)', null, null],
      ['detail', 1, null, 'COMPLETED', 600],
      ['subtotal', 0, '37-H9', null, 1000],
      ['grandTotal', 0, 'Total', null, 4000],
    ])
  })

  it('detail rows: group headers, subtotals where a group ends, pages that continue a group, the grand total at the very end', async () => {
    const body = {
      definition: definition({
        groups: [{ field: 'client_id' }],
        columns: [{ field: 'project_name' }, { field: 'construction_cost', agg: 'sum' }],
        sort: [{ key: 'project_name', dir: 'asc' }],
      }),
      limit: 4,
    }
    const first = await result(body)
    expect(first.page).toEqual({ offset: 0, limit: 4, total: 6, hasMore: true })
    expect(summarise(first.rows)).toEqual([
      ['groupHeader', 0, 'Client: 37-58', null, null],
      ['detail', 1, null, '=HYPERLINK("x")', 2000],
      ['detail', 1, null, 'Dewey Elementary', 1000],
      ['detail', 1, null, 'Evans K-8', null],
      ['subtotal', 0, '37-58', null, 3000],
      ['groupHeader', 0, 'Client: 37-H9', null, null],
      ['detail', 1, null, 'Adams Elementary', 100],
    ])
    const second = await result({ ...body, offset: 4 })
    expect(summarise(second.rows)).toEqual([
      ['groupHeader', 0, 'Client: 37-H9 (continued)', null, null],
      ['detail', 1, null, 'Baker Middle', 300],
      ['detail', 1, null, 'Clark High', 600],
      ['subtotal', 0, '37-H9', null, 1000],
      ['grandTotal', 0, 'Total', null, 4000],
    ])
  })

  it('filters with parameters, row-level calculations that never divide by zero, conditional formats', async () => {
    const ran = await result({
      definition: definition({
        parameters: [
          { id: 'status', label: 'Status', type: 'multiSelect', options: ['APPROVED', 'COMPLETED', 'PENDING'] },
          { id: 'min', label: 'Least cost', type: 'decimal' },
        ],
        filters: [
          { field: 'project_status', op: 'in', value: { param: 'status' }, ignoreIfEmpty: true },
          { field: 'construction_cost', op: 'gte', value: { param: 'min' }, ignoreIfEmpty: true },
        ],
        calculations: [
          { id: 'thousands', label: 'Thousands', expr: 'construction_cost / 1000', format: 'decimal' },
          { id: 'odd', label: 'Odd', expr: 'construction_cost / (construction_cost - construction_cost)', format: 'decimal' },
        ],
        columns: [{ field: 'project_name' }, { calc: 'thousands' }, { calc: 'odd' }],
        sort: [{ key: 'project_name', dir: 'asc' }],
        totals: { grand: false, label: 'Total' },
        conditionalFormats: [{ column: 'thousands', when: { op: 'gt', value: 0.5 }, style: { bold: true, color: '#B00020' } }],
      }),
      parameters: { status: ['APPROVED', 'COMPLETED'], min: '250' },
    })
    expect(ran.parameters).toEqual([
      { id: 'status', label: 'Status', value: 'APPROVED, COMPLETED' },
      { id: 'min', label: 'Least cost', value: '250' },
    ])
    expect(summarise(ran.rows)).toEqual([
      ['detail', 0, null, '=HYPERLINK("x")', 2, null],
      ['detail', 0, null, 'Baker Middle', 0.3, null],
      ['detail', 0, null, 'Clark High', 0.6, null],
      ['detail', 0, null, 'Dewey Elementary', 1, null],
    ])
    expect(ran.rows[0]!.styles).toEqual([null, { bold: true, color: '#B00020' }, null])
    expect(ran.rows[1]!.styles).toBeUndefined()
  })

  it.each([
    [{ dataset: 'payroll' }, "There is no dataset 'payroll'"],
    [{ columns: [{ field: 'salary' }] }, "DSA projects has no field 'salary'"],
    [
      { columns: [{ field: 'project_name', agg: 'sum' }] },
      "sum does not apply to 'Project name' (text); it takes lowest, highest, count, count distinct",
    ],
    [
      { calculations: [{ id: 'x', label: 'X', expr: 'construction_cost * (2' }], columns: [{ calc: 'x' }] },
      "Calculation 'X': A closing parenthesis is missing",
    ],
    [{ calculations: [{ id: 'x', label: 'X', expr: 'sum(construction_cost)' }], columns: [{ calc: 'x' }] }, 'works in summary rows only'],
    [
      { calculations: [{ id: 'x', label: 'X', expr: 'project_name * 2' }], columns: [{ calc: 'x' }] },
      "'*' needs numbers, but 'Project name' is text",
    ],
    [{ calculations: [{ id: 'x', label: 'X', expr: 'eval(1)' }], columns: [{ calc: 'x' }] }, 'eval at position 1 is not a function'],
    [
      { filters: [{ field: 'construction_cost', op: 'contains', value: '1' }] },
      "'contains' works on text, and 'Construction cost' is money",
    ],
    [{ sort: [{ key: 'nope', dir: 'asc' }] }, "Sort: 'nope' is not a column"],
  ] as Array<[Partial<ReportDefinitionInput>, string]>)(
    'an invalid definition is refused with 422 naming the problem (%#)',
    async (change, message) => {
      const answer = await run({ definition: definition(change) })
      expect(answer.statusCode, answer.body).toBe(422)
      expect(answer.json().error).toContain(message)
    },
  )

  it('refuses wrong parameter values', async () => {
    const base = definition({
      parameters: [
        { id: 'year', label: 'Fiscal year', type: 'integer', required: true },
        { id: 'pick', label: 'Pick', type: 'select', options: ['A'] },
      ],
      filters: [{ field: 'received_year', op: 'eq', value: { param: 'year' } }],
    })
    for (const [parameters, message] of [
      [{}, 'Fiscal year is required.'],
      [{ year: 'twenty' }, "Fiscal year: 'twenty' is not a whole number."],
      [{ year: 2024, pick: 'B' }, "Pick: 'B' is not one of the choices (A)."],
      [{ year: 2024, nope: 1 }, "The report has no parameter 'nope'."],
    ] as const) {
      const answer = await run({ definition: base, parameters })
      expect(answer.statusCode).toBe(422)
      expect(answer.json().error).toBe(message)
    }
    expect((await result({ definition: base, parameters: { year: '2024' } })).rows.filter((row) => row.kind === 'detail')).toHaveLength(6)
  })

  it("applies the studio's rules: writers create, creators and designers edit, everyone else views; datasets are checked on every run", async () => {
    const writerUser = await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['REPORTS_STUDIO', 'DSA_TRACKER'] })
    const writer = await t.signIn(writerUser.email)
    const staff = await t.signIn((await t.createUser({ applications: ['REPORTS_STUDIO'] })).email)
    const created = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: writer,
      payload: { name: 'Costs', description: 'All costs', definition: definition({}) },
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Report saved successfully!',
      report: { REPORT_NAME: 'Costs', CREATED_BY: writerUser.userId, canEdit: true, version: 1 },
    })
    const reportId = created.json().report.REPORT_ID

    expect(
      (await t.request({ method: 'POST', url: '/api/reportcreate', token: staff, payload: { name: 'Mine', definition: definition({}) } }))
        .statusCode,
    ).toBe(403)
    expect(
      (
        await t.request({ method: 'POST', url: '/api/reportcreate', token: writer, payload: { name: ' ', definition: definition({}) } })
      ).json().error,
    ).toContain('A name is required')
    const noDataset = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: writer,
      payload: { name: 'Not yet', definition: { ...definition({}), dataset: '' } },
    })
    expect(noDataset.statusCode).toBe(422)
    expect(noDataset.json()).toEqual({ error: 'Choose a dataset: the report reads its rows from it.', code: 'dataset_required' })
    const staffList = (await t.request({ method: 'GET', url: '/api/reportlist', token: staff })).json()
    expect(staffList.canCreate).toBe(false)
    // Over a dataset they may not read (they do not hold DSA_TRACKER), the report is not listed to them at all.
    expect(staffList.reports.find((report: { REPORT_ID: number }) => report.REPORT_ID === reportId)).toBeUndefined()
    const trackerStaff = await t.signIn((await t.createUser({ applications: ['REPORTS_STUDIO', 'DSA_TRACKER'] })).email)
    const trackerList = (await t.request({ method: 'GET', url: '/api/reportlist', token: trackerStaff })).json()
    expect(trackerList.reports.find((report: { REPORT_ID: number }) => report.REPORT_ID === reportId).canEdit).toBe(false)
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/reportupdate?reportId=${reportId}`,
          token: staff,
          payload: { definition: definition({}) },
        })
      ).statusCode,
    ).toBe(403)
    expect((await t.request({ method: 'DELETE', url: `/api/reportdelete?reportId=${reportId}`, token: staff })).statusCode).toBe(403)
    // Asked for by its id all the same, it does not run for them.
    const refused = await run({ reportId }, staff)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'dataset_forbidden' })
    expect((await run({ definition: definition({}) }, staff)).statusCode).toBe(403)

    // A writer who becomes staff still edits what they created.
    const staffRole = await t.db.kysely.selectFrom('roles').select('role_id').where('role_code', '=', 'STAFF').executeTakeFirstOrThrow()
    await t.db.kysely.updateTable('users').set({ role_id: staffRole.role_id }).where('user_id', '=', writerUser.userId).execute()
    const creator = await t.signIn(writerUser.email)
    const updated = await t.request({
      method: 'PUT',
      url: `/api/reportupdate?reportId=${reportId}`,
      token: creator,
      payload: { definition: definition({ layout: { title: 'Costs v2' } }) },
    })
    expect(updated.json()).toMatchObject({ message: 'Report updated successfully!', report: { version: 2 } })
    // …and previews changes to it, which other staff may not.
    expect((await run({ reportId, definition: definition({ layout: { title: 'Draft' } }) }, creator)).statusCode).toBe(200)
    const draft = { reportId, definition: { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_name' }] } }
    expect((await run(draft, staff)).json().code).toBe('designer_only')
    const stale = await t.request({
      method: 'PUT',
      url: `/api/reportupdate?reportId=${reportId}`,
      token: creator,
      payload: { definition: definition({}), version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toContain('after you opened version 1')
    expect((await t.request({ method: 'GET', url: '/api/reportlist' })).statusCode).toBe(401)
    const outsider = await t.signIn((await t.createUser({ applications: ['DASHBOARD'] })).email)
    expect((await t.request({ method: 'GET', url: '/api/reportlist', token: outsider })).statusCode).toBe(403)
  })

  it('keeps every version and restores an earlier one as the newest', async () => {
    const created = (
      await t.request({
        method: 'POST',
        url: '/api/reportcreate',
        token: admin,
        payload: { name: 'History', definition: definition({ layout: { title: 'One' } }) },
      })
    ).json()
    const reportId = created.report.REPORT_ID
    for (const title of ['Two', 'Three']) {
      await t.request({
        method: 'PUT',
        url: `/api/reportupdate?reportId=${reportId}`,
        token: admin,
        payload: { definition: definition({ layout: { title } }) },
      })
    }
    const versions = (await t.request({ method: 'GET', url: `/api/reportversions?reportId=${reportId}`, token: admin })).json().versions
    expect(versions.map((version: { version: number; current: boolean }) => [version.version, version.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ])
    const restored = await t.request({ method: 'POST', url: `/api/reportrestore?reportId=${reportId}&version=1`, token: admin })
    expect(restored.json()).toMatchObject({ message: 'Version 1 was restored as version 4.', report: { version: 4 } })
    expect(
      (await t.request({ method: 'GET', url: `/api/reportdetails?reportId=${reportId}`, token: admin })).json().definition.layout.title,
    ).toBe('One')
    expect((await t.request({ method: 'POST', url: `/api/reportrestore?reportId=${reportId}&version=9`, token: admin })).statusCode).toBe(
      404,
    )
    expect((await t.request({ method: 'DELETE', url: `/api/reportdelete?reportId=${reportId}`, token: admin })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/reportdetails?reportId=${reportId}`, token: admin })).statusCode).toBe(404)
  })

  it('exports CSV, XLSX and PDF of the same rows as the screen', async () => {
    const body = { definition: definition({ groups: [{ field: 'client_id' }], layout: { title: 'Costs by client' } }) }
    const csv = await t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { ...body, format: 'csv' } })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="report_\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(csv.body).toContain("'=HYPERLINK")
    expect(csv.body).toContain('4000')
    for (const format of ['xlsx', 'pdf'] as const) {
      const answer = await t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { ...body, format } })
      expect(answer.statusCode, format).toBe(200)
      expect(answer.rawPayload.length, format).toBeGreaterThan(1000)
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { ...body, format: 'docx' } })).statusCode,
    ).toBe(400)
  })

  it('offers the choices of parameters taken from a field', async () => {
    const reportId = (await t.request({ method: 'GET', url: '/api/reportlist', token: admin }))
      .json()
      .reports.find((report: { REPORT_NAME: string }) => report.REPORT_NAME === 'DSA projects by client and status').REPORT_ID
    const answer = await t.request({ method: 'POST', url: '/api/reportoptions', token: admin, payload: { reportId } })
    expect(answer.json()).toEqual({ options: { client: ['37-58', '37-H9'] } })
    const ran = await result({ reportId, parameters: { client: '37-58' } })
    expect(ran.rows.at(-1)!.cells[1]).toBe(3)
  })

  it('lists the datasets a person may read', async () => {
    const names = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/reportdatasets', token })).json().datasets.map((dataset: { id: string }) => dataset.id)
    expect(await names(admin)).toEqual([
      'dsa_projects',
      'dsa_scrape_logs',
      'users',
      'application_grants',
      'audit_log',
      'receipts',
      'deposits',
      'accruals',
      'liquidations',
      'records_requests',
    ])
    const writer = await t.signIn((await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['REPORTS_STUDIO'] })).email)
    expect(await names(writer)).toEqual([])
  })
})
