import ExcelJS from 'exceljs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { insertUser } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'

// People created at instants that fall on the other side of midnight, or of a daylight-saving change, in Pacific time
// than in UTC: every export must read them on the district's clock and name the zone of each time.
const PEOPLE = [
  { email: 'evening@district.test', createdAt: '2026-03-01T05:10:00.000Z', time: 'Feb 28, 2026 9:10 PM PST', day: 'Feb 28, 2026' },
  { email: 'midnight@district.test', createdAt: '2026-01-02T08:00:00.000Z', time: 'Jan 2, 2026 12:00 AM PST', day: 'Jan 2, 2026' },
  { email: 'summer@district.test', createdAt: '2026-03-08T10:00:00.000Z', time: 'Mar 8, 2026 3:00 AM PDT', day: 'Mar 8, 2026' },
]

const DEFINITION = {
  schemaVersion: 1,
  dataset: 'users',
  rows: { mode: 'detail' },
  columns: [
    { field: 'email', label: 'Email' },
    { field: 'created_at', label: 'Created' },
    { field: 'last_login', label: 'Signed in on', format: 'date' },
  ],
  filters: [{ field: 'email', op: 'in', value: PEOPLE.map((person) => person.email) }],
  sort: [{ key: 'email', dir: 'asc' }],
  layout: { title: 'Accounts by creation' },
}
const sorted = [...PEOPLE].sort((a, b) => a.email.localeCompare(b.email))

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const page = await document.getPage(1)
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ')
  await document.destroy()
  return text.replace(/\s+/g, ' ')
}

describe.each(testDialects())('report exports on the district clock (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    for (const person of PEOPLE) {
      const { userId } = await insertUser(t.db, { email: person.email, createdAt: person.createdAt })
      // The same instant as a sign-in, shown as a date: the district's day it fell on.
      await t.db.kysely.updateTable('users').set({ last_login: person.createdAt }).where('user_id', '=', userId).execute()
    }
  })
  afterAll(() => t.close())

  const exported = (format: 'csv' | 'xlsx' | 'pdf') =>
    t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { definition: DEFINITION, format } })

  it('the result tells the viewer the district zone to read its times in', async () => {
    const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition: DEFINITION } })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().timeZone).toBe('America/Los_Angeles')
  })

  it('CSV: times with the district offset, dates as the district day', async () => {
    const answer = await exported('csv')
    expect(answer.statusCode, answer.body).toBe(200)
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines.slice(1)).toEqual([
      'evening@district.test,2026-02-28T21:10:00-08:00,2026-02-28',
      'midnight@district.test,2026-01-02T00:00:00-08:00,2026-01-02',
      'summer@district.test,2026-03-08T03:00:00-07:00,2026-03-08',
      'Total,,',
    ])
  })

  it('XLSX: dates with the district digits, each time formatted with its own zone', async () => {
    const answer = await exported('xlsx')
    expect(answer.statusCode, answer.body).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(answer.rawPayload as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]!
    let header = 0
    sheet.eachRow((row, number) => {
      if (!header && row.getCell(1).value === 'Email') header = number
    })
    const cells = [1, 2, 3].map((offset) => {
      const row = sheet.getRow(header + offset)
      return [(row.getCell(2).value as Date).toISOString(), row.getCell(2).numFmt, (row.getCell(3).value as Date).toISOString()]
    })
    expect(cells).toEqual([
      ['2026-02-28T21:10:00.000Z', 'mmm d, yyyy h:mm AM/PM "PST"', '2026-02-28T00:00:00.000Z'],
      ['2026-01-02T00:00:00.000Z', 'mmm d, yyyy h:mm AM/PM "PST"', '2026-01-02T00:00:00.000Z'],
      ['2026-03-08T03:00:00.000Z', 'mmm d, yyyy h:mm AM/PM "PDT"', '2026-03-08T00:00:00.000Z'],
    ])
  })

  it('PDF: the times and days a person reads on screen', async () => {
    const answer = await exported('pdf')
    expect(answer.statusCode, answer.body).toBe(200)
    const text = await pdfText(answer.rawPayload)
    for (const person of sorted) expect(text).toContain(`${person.email} ${person.time} ${person.day}`)
    expect(text).not.toMatch(/5:10 AM/)
  })
})

describe.each(testDialects())("a dataset's days and weeks are the district's (%s)", (dialect) => {
  let t: TestApp
  afterAll(() => t.close())

  it('puts an evening sign-in on its Pacific day and week, not on the next day in UTC', async () => {
    t = await buildTestApp({ dialect })
    // 9:30 PM Pacific on Monday Mar 2, and 11:30 PM on Sunday Mar 8 (the day daylight time began): both already the
    // next day, and the second the next week, in UTC.
    for (const instant of ['2026-03-03T05:30:00.000Z', '2026-03-09T06:30:00.000Z']) {
      t.clock.set(new Date(instant))
      await t.signIn('admin@example.org')
    }
    t.clock.set(new Date('2026-03-10T20:00:00.000Z'))
    const admin = await t.signIn('admin@example.org')
    const definition = {
      schemaVersion: 1,
      dataset: 'audit_log',
      rows: { mode: 'detail' },
      columns: [
        { field: 'occurred_at', label: 'When' },
        { field: 'occurred_date', label: 'Day' },
        { field: 'occurred_week', label: 'Week' },
      ],
      filters: [
        { field: 'action', op: 'eq', value: 'sign_in.success' },
        { field: 'occurred_at', op: 'lt', value: '2026-03-09T12:00:00.000Z' },
      ],
      sort: [{ key: 'occurred_at', dir: 'asc' }],
      layout: { title: 'Sign-ins by day' },
    }
    const answer = await t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { definition, format: 'csv' } })
    expect(answer.statusCode, answer.body).toBe(200)
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1, -1)
    expect(lines).toEqual(['2026-03-02T21:30:00-08:00,2026-03-02,2026-03-02', '2026-03-08T23:30:00-07:00,2026-03-08,2026-03-02'])
  })
})
