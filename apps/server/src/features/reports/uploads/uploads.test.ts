import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { testDialects } from '../../../../test/test-database.js'
import { workbookOf } from '../../../../test/workbook-files.js'
import { convert, fieldNames, inferType } from './upload-types.js'
import { createUploadsRepository } from './uploads.repository.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const CSV = [
  'Fund,Department,Budget,Spent,Posted on,Closed',
  '100,Science,"$1,200.50",300,2026-01-15,no',
  '100,Math,800,(50.25),1/31/2026,yes',
  '200,Science,400,400,2026-02-01,no',
].join('\n')

describe('column types of uploaded files', () => {
  it('proposes the narrowest type each column fits', () => {
    expect(inferType(['1', '22', ''])).toBe('integer')
    expect(inferType(['1.5', '2,000'])).toBe('decimal')
    expect(inferType(['$1,200.50', '(50.25)', '3'])).toBe('money')
    expect(inferType(['2026-01-15', '1/31/2026'])).toBe('date')
    expect(inferType(['yes', 'No'])).toBe('boolean')
    expect(inferType(['100', 'abc'])).toBe('string')
    expect(convert('(50.25)', 'money')).toBe(-50.25)
    expect(convert('2/30/2026', 'date')).toBeUndefined()
    expect(fieldNames(['Posted on', 'Posted on', '2026 total', 'row id', ''])).toEqual([
      'posted_on',
      'posted_on_2',
      'column_2026_total',
      'row_id_2',
      'column_5',
    ])
  })
})

describe.each(testDialects())('uploaded datasets on %s', (dialect) => {
  let t: TestApp
  let writer: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    writer = await t.signIn((await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['REPORTS_STUDIO'] })).email)
  })
  afterEach(() => t.close())

  const upload = (path: string, body: string | Buffer, query: string, token = writer, type = 'text/csv') =>
    t.request({
      method: 'POST',
      url: `/api/reportuploads${path}?${query}`,
      token,
      payload: body,
      headers: { 'content-type': type, 'x-file-name': 'budget.csv' },
    })

  it('previews types, stores the rows typed, runs reports over them, and replaces them in place', async () => {
    const preview = await upload('/preview', CSV, 'name=Budget')
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().columns.map((column: { name: string; type: string }) => `${column.name}:${column.type}`)).toEqual([
      'fund:integer',
      'department:string',
      'budget:money',
      'spent:money',
      'posted_on:date',
      'closed:boolean',
    ])
    expect(preview.json().rowCount).toBe(3)
    expect((await t.request({ method: 'GET', url: '/api/reportdatasets', token: writer })).json().datasets).toEqual([])

    // The fund codes are labels, not amounts: the writer says so.
    const columns = preview
      .json()
      .columns.map(({ samples: _s, ...column }: { samples: string[]; type: string; name: string }) =>
        column.name === 'fund' ? { ...column, type: 'string' } : column,
      )
    const saved = await upload(
      '',
      CSV,
      `name=Budget&description=FY26&types=${columns.map((column: { type: string }) => column.type).join(',')}`,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ message: 'Budget: 3 rows uploaded.', dataset: { id: 'upload_1', kind: 'upload', rowCount: 3 } })

    const definition = {
      schemaVersion: 1,
      dataset: 'upload_1',
      rows: { mode: 'summary' },
      groups: [{ field: 'fund' }],
      calculations: [{ id: 'used', label: 'Used', expr: 'sum(spent) / sum(budget)', format: 'percent' }],
      columns: [{ field: 'department' }, { field: 'budget', agg: 'sum' }, { field: 'spent', agg: 'sum' }, { calc: 'used' }],
    }
    const ran = await t.request({ method: 'POST', url: '/api/reportrun', token: writer, payload: { definition } })
    expect(ran.statusCode, ran.body).toBe(200)
    const rows = ran.json().rows.map((row: { kind: string; cells: unknown[] }) => [row.kind, ...row.cells])
    expect(rows).toContainEqual(['subtotal', null, 2000.5, 249.75, 249.75 / 2000.5])
    expect(rows.at(-1)).toEqual(['grandTotal', null, 2400.5, 649.75, 649.75 / 2400.5])

    const created = await t.request({
      method: 'POST',
      url: '/api/reportcreate',
      token: writer,
      payload: { name: 'Budget use', definition },
    })
    expect(created.statusCode).toBe(200)
    const replaced = await upload(
      '',
      `${CSV}\n300,Art,100,10,2026-03-01,no`,
      `name=Budget&replace=upload_1&columns=${encodeURIComponent(JSON.stringify(columns))}`,
    )
    expect(replaced.json()).toMatchObject({
      message: 'Budget: 4 rows replaced the earlier ones.',
      dataset: { id: 'upload_1', rowCount: 4 },
    })
    const again = await t.request({
      method: 'POST',
      url: '/api/reportrun',
      token: writer,
      payload: { reportId: created.json().report.REPORT_ID },
    })
    expect(again.json().rows.at(-1).cells).toEqual([null, 2500.5, 659.75, 659.75 / 2500.5])
  })

  it('reads the first worksheet of an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Data')
    sheet.addRow(['School', 'Enrollment', 'Opened'])
    sheet.addRow(['Adams', 420, new Date(Date.UTC(1998, 8, 1))])
    sheet.addRow(['Baker', 515, new Date(Date.UTC(2004, 8, 1))])
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer())
    const preview = await upload(
      '/preview',
      bytes,
      'name=Schools',
      writer,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(preview.statusCode, preview.body).toBe(200)
    expect(
      preview
        .json()
        .columns.map((column: { name: string; type: string; samples: string[] }) => [column.name, column.type, column.samples[0]]),
    ).toEqual([
      ['school', 'string', 'Adams'],
      ['enrollment', 'integer', '420'],
      ['opened', 'date', '1998-09-01'],
    ])
  })

  it('refuses bad files with a message that says what is wrong, and stores nothing', async () => {
    const latin1 = Buffer.from('Name,City\nJos\xe9,San Jos\xe9\n', 'latin1')
    const cases: Array<[string | Buffer, string, string, string?]> = [
      [latin1, 'name=X', 'not UTF-8 text'],
      ['a,b\n1,2,3\n', 'name=X', 'not valid CSV'],
      ['a,b\n', 'name=X', 'no rows below its header'],
      [
        CSV,
        `name=X&columns=${encodeURIComponent(JSON.stringify([{ name: 'fund', label: 'Fund', type: 'integer' }]))}`,
        'but 1 types were sent',
      ],
      [CSV, 'name=X&types=string,string', 'but 2 types were sent'],
      [CSV, 'name=X&types=string,string,money,money,date,colour', "'colour' is not a column type"],
      [
        CSV,
        `name=X&columns=${encodeURIComponent(JSON.stringify(['fund', 'department', 'budget', 'spent', 'posted_on', 'closed'].map((name) => ({ name, label: name, type: name === 'department' ? 'integer' : 'string' }))))}`,
        "row 2, column 'department': 'Science' is not a whole number",
      ],
      [
        Buffer.from('not a zip'),
        'name=X',
        'not a readable Excel workbook',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [CSV, 'name=X', 'Send the request body as JSON', 'application/pdf'],
    ]
    for (const [body, query, message, type] of cases) {
      const answer = await upload('', body, query, writer, type)
      expect(answer.statusCode, message).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode, message).toBeLessThan(500)
      expect(answer.json().error, message).toContain(message)
    }
    const tooMany = ['n', ...Array.from({ length: 100_001 }, (_unused, index) => String(index))].join('\n')
    expect((await upload('/preview', tooMany, 'name=X')).json().error).toContain('at most 100,000 can be uploaded')
    expect(await t.db.kysely.selectFrom('report_uploads').selectAll().execute()).toEqual([])
  })

  it('reads the file name from X-File-Name, percent-encoded, and refuses one that is not', async () => {
    const send = (name: string) =>
      t.request({
        method: 'POST',
        url: '/api/reportuploads?name=Budget',
        token: writer,
        payload: CSV,
        headers: { 'content-type': 'text/csv', 'x-file-name': name },
      })
    for (const [name, message] of [
      ['%E0%A4%A', 'The X-File-Name header is not a percent-encoded file name'],
      ['budget%ZZ.csv', 'The X-File-Name header is not a percent-encoded file name'],
      ['bad%00name.csv', 'The X-File-Name header must not contain NUL characters'],
      ['half%ED%A0%80.csv', 'The X-File-Name header is not a percent-encoded file name'],
    ] as const) {
      const answer = await send(name)
      expect(answer.statusCode, name).toBe(400)
      expect(answer.json(), name).toEqual({ code: 'bad_file_name', error: expect.stringContaining(message) })
    }
    expect(await t.db.kysely.selectFrom('report_uploads').selectAll().execute()).toEqual([])
    const saved = await send(encodeURIComponent('Budget – été 2026.csv'))
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().dataset.description).toBe('Uploaded from Budget – été 2026.csv.')
  })

  it('refuses a cell the database cannot store, naming its row and column, and stores nothing', async () => {
    const answer = await upload('', 'Fund,Department\n100,Science\n200,Ma\u0000th\n', 'name=X')
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      code: 'bad_value',
      error: "Row 3, column 'Department': the value must not contain NUL characters or broken Unicode (lone surrogates).",
    })
    expect(await t.db.kysely.selectFrom('report_uploads').selectAll().execute()).toEqual([])
  })

  const stagingTables = () => createUploadsRepository(t.db).stagingTables()

  it('stores a large file without holding the database: other queries run while its rows go in, then it appears whole', async () => {
    const rows = 20_000
    const csv = ['Name,Amount', ...Array.from({ length: rows }, (_unused, row) => `N${row},${row}`)].join('\n')
    let done = false
    const uploading = upload('', csv, 'name=Big').finally(() => {
      done = true
    })
    const seen: number[] = []
    while (!done) {
      // A query of another call: it would wait for the whole file if the rows went in as one open transaction.
      for (const staging of await stagingTables()) {
        const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(staging)}`.execute(t.db.kysely).catch(() => null) // published (renamed) meanwhile
        if (counted) seen.push(Number(counted.rows[0]!.n))
      }
      const listed = await t.db.kysely.selectFrom('report_uploads').select('row_count').execute()
      // Not listed until every row is in, and then whole.
      expect(listed.every((upload) => upload.row_count === rows)).toBe(true)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect((await uploading).statusCode).toBe(200)
    expect(
      seen.some((count) => count > 0 && count < rows),
      `rows seen going in: ${seen.slice(0, 5).join(', ')}…`,
    ).toBe(true)
    expect(await stagingTables()).toEqual([])
    const [stored] = await t.db.kysely.selectFrom('report_uploads').select('upload_id').execute()
    const { rows: count } = await sql<{ n: number }>`select count(*) as n from ${sql.table(`report_upload_${stored!.upload_id}`)}`.execute(
      t.db.kysely,
    )
    expect(Number(count[0]!.n)).toBe(rows)
  })

  it("drops the staging table a stopped process left over an hour ago, and leaves another upload's alone", async () => {
    const abandoned = `report_upload_staging_${Date.now() - 2 * 60 * 60 * 1000}_0a0b0c`
    const current = `report_upload_staging_${Date.now()}_0d0e0f`
    for (const table of [abandoned, current]) await sql`create table ${sql.table(table)} (row_id integer primary key)`.execute(t.db.kysely)
    expect((await upload('', CSV, 'name=Budget')).statusCode).toBe(200)
    expect(await stagingTables()).toEqual([current])
  })

  it(
    'stops reading a workbook at the first limit it passes: unpacked size, a value longer than Excel allows, columns',
    { timeout: 90_000 },
    async () => {
      // 150 MB of XML (blank stretches just under the longest allowed, between empty tags) in a few hundred kilobytes.
      const bomb = workbookOf(Buffer.alloc(150 * 1024 * 1024, `${' '.repeat(1000 * 1000)}<x/>`), 9)
      expect(bomb.length).toBeLessThan(1024 * 1024)
      const unpacked = await upload('/preview', bomb, 'name=X', writer, XLSX)
      expect(unpacked.statusCode).toBe(413)
      expect(unpacked.json()).toEqual({ code: 'too_large', error: expect.stringContaining('The workbook unpacks to more than 128 MB') })

      const long = await upload(
        '/preview',
        workbookOf(Buffer.from(`<row><c t="inlineStr"><is><t>${'x'.repeat(2 * 1024 * 1024)}</t></is></c></row>`)),
        'name=X',
        writer,
        XLSX,
      )
      expect(long.statusCode).toBe(400)
      expect(long.json().error).toContain('holds a value longer than Excel allows')

      const wide = await upload(
        '/preview',
        workbookOf(Buffer.from('<row><c r="A1"><v>1</v></c><c r="CW1"><v>2</v></c></row>')),
        'name=X',
        writer,
        XLSX,
      )
      expect(wide.json()).toEqual({
        code: 'too_many_columns',
        error: 'The worksheet has values beyond column 100; at most 100 columns can be uploaded.',
      })
    },
  )

  it('reads workbooks written part by part: inline strings, booleans, formulas, gaps between columns and rows', async () => {
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Active</t></is></c><c r="D1" t="inlineStr"><is><r><t>Sco</t></r><r><t>re</t></r></is></c></row>',
      '<row r="3"><c r="A3" t="inlineStr"><is><t> Adams </t></is></c><c r="B3" t="b"><v>1</v></c><c r="D3"><f>1+1</f><v>2</v></c></row>',
      '<row r="4"><c r="A4" t="str"><f>"Ba"&amp;"ker"</f><v>Baker</v></c><c r="B4" t="b"><v>0</v></c><c r="C4" t="e"><v>#DIV/0!</v></c><c r="D4"><v>2.5</v></c></row>',
    ]
    const preview = await upload('/preview', workbookOf(Buffer.from(rows.join(''))), 'name=People', writer, XLSX)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().rowCount).toBe(2)
    expect(
      preview
        .json()
        .columns.map((column: { label: string; type: string; samples: string[] }) => [column.label, column.type, column.samples]),
    ).toEqual([
      ['Name', 'string', ['Adams', 'Baker']],
      ['Active', 'boolean', ['true', 'false']],
      ['column_3', 'string', []],
      ['Score', 'decimal', ['2', '2.5']],
    ])
  })

  it('is for report writers and administrators; only the uploader or an administrator replaces or deletes', async () => {
    const staff = await t.signIn((await t.createUser({ applications: ['REPORTS_STUDIO'] })).email)
    expect((await upload('/preview', CSV, 'name=X', staff)).statusCode).toBe(403)
    await upload('', CSV, 'name=Budget')
    const otherWriter = await t.signIn((await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['REPORTS_STUDIO'] })).email)
    const manage = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/reportdatasets', token }))
        .json()
        .datasets.find((dataset: { id: string }) => dataset.id === 'upload_1').canManage
    expect(await manage(writer)).toBe(true)
    expect(await manage(otherWriter)).toBe(false)
    expect(await manage(await t.signIn('admin@example.org'))).toBe(true)
    expect((await upload('', CSV, 'name=Budget&replace=upload_1', otherWriter)).statusCode).toBe(403)
    expect((await t.request({ method: 'DELETE', url: '/api/reportuploads?datasetId=upload_1', token: otherWriter })).statusCode).toBe(403)
    const admin = await t.signIn('admin@example.org')
    const deleted = await t.request({ method: 'DELETE', url: '/api/reportuploads?datasetId=upload_1', token: admin })
    expect(deleted.json().message).toContain("The dataset 'Budget' was deleted")
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/reportrun',
          token: writer,
          payload: { definition: { schemaVersion: 1, dataset: 'upload_1', columns: [{ field: 'fund' }] } },
        })
      ).json().code,
    ).toBe('unknown_dataset')
  })
})
