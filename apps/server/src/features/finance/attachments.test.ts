import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ATTACHMENT_MAX_BYTES } from '@platform/contracts/finance'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite, appId } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')])
const DOCX = readFileSync(new URL('../../../test/fixtures/attachments/tiny.docx', import.meta.url))

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Deposits').addRow(['bag', 'amount'])
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe.each(testDialects())('attachments (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  let siteId: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    siteId = await addSite(t, admin)
  })
  afterEach(() => t.close())

  const upload = (fileName: string, body: Buffer, token = admin, record = siteId) =>
    t.request({
      method: 'POST',
      url: `/api/finance/attachments/FINANCE/site/${record}?fileName=${encodeURIComponent(fileName)}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
      token,
    })
  const list = (token = admin, record = siteId) =>
    t.request({ method: 'GET', url: `/api/finance/attachments/FINANCE/site/${record}`, token })

  it('takes each accepted type, judged by content, keeps its SHA-256 and always downloads it as an attachment', async () => {
    const files: Array<[string, Buffer, string]> = [
      ['slip.pdf', PDF, 'PDF'],
      ['check.png', PNG, 'PNG'],
      ['check.JPG', JPEG, 'JPEG'],
      ['tally.xlsx', await xlsx(), 'XLSX'],
      ['memo.docx', DOCX, 'DOCX'],
      ['counts.csv', Buffer.from('bag,amount\n1,100\n'), 'CSV'],
      ['note.txt', Buffer.from('Safe opened at 8:05.\n'), 'TXT'],
    ]
    for (const [name, bytes, type] of files) {
      const answer = await upload(name, bytes)
      expect(answer.statusCode, name).toBe(201)
      expect(answer.json().data, name).toMatchObject({
        fileName: name,
        type,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
    }
    const listed = (await list()).json().data
    expect(listed.map((file: { type: string }) => file.type)).toEqual(files.map(([, , type]) => type))
    const pdf = listed[0]
    const download = await t.request({ method: 'GET', url: `/api/finance/attachments/${pdf.id}/download`, token: admin })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe('attachment; filename="slip.pdf"; filename*=UTF-8\'\'slip.pdf')
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.rawPayload.equals(PDF)).toBe(true)
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'finance.attachment_added').execute()
    expect(audit).toHaveLength(files.length)
  })

  it('refuses a file that lies about its type, an unknown type, an empty file and one over 25 MB', async () => {
    const lie = await upload('invoice.pdf', PNG)
    expect(lie.statusCode).toBe(400)
    expect(lie.json()).toMatchObject({ code: 'file_type_mismatch', error: expect.stringContaining('PNG') })
    const html = await upload('page.html', Buffer.from('<html><script>alert(1)</script></html>'))
    expect(html.json().code).toBe('file_type_mismatch')
    const exe = await upload('tool.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]))
    expect(exe.json().code).toBe('unsupported_file_type')
    const zip = await upload('archive.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not an office file')]))
    expect(zip.json().code).toBe('unsupported_file_type')
    expect((await upload('empty.txt', Buffer.alloc(0))).statusCode).toBe(400)
    const big = await upload('big.txt', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x61))
    expect(big.statusCode).toBe(413)
    expect((await upload('', PDF)).statusCode).toBe(400)
    expect((await list()).json().data).toEqual([])
    const refused = await t.db.kysely.selectFrom('audit_log').select('action').where('action', '=', 'finance.attachment_refused').execute()
    expect(refused.length).toBeGreaterThanOrEqual(3)
  })

  it("reaches a file only through its record and the owning application's check", async () => {
    const { json } = await upload('slip.pdf', PDF)
    const fileId = json().data.id
    const receipts = await appId(t, 'PAYMENT_RECEIPTS')
    const orgId = (await t.request({ method: 'GET', url: '/api/metaorgs', token: admin })).json().data[0].org_id
    const roleId = (await t.request({ method: 'GET', url: '/api/metaroles', token: admin }))
      .json()
      .data.find((role: { role_code: string }) => role.role_code === 'STAFF').role_id
    const otherSite = await addSite(t, admin, { code: 'MMS', name: 'Madison' })
    const withDuty = await t.request({
      method: 'POST',
      url: '/api/createuser',
      token: admin,
      payload: {
        email: 'counter@district.test',
        fullName: 'Cole Counter',
        organizationId: orgId,
        roleId,
        permissions: [{ appId: receipts }],
        duties: [{ appId: receipts, duty: 'COUNTER', siteIds: [siteId] }],
      },
    })
    expect(withDuty.statusCode).toBe(201)
    const counter = await t.signIn('counter@district.test')
    const stranger = await t.signIn((await t.createUser({ applications: ['PAYMENT_RECEIPTS'] })).email)
    expect((await list(counter)).json().data).toHaveLength(1)
    expect((await t.request({ method: 'GET', url: `/api/finance/attachments/${fileId}/download`, token: counter })).statusCode).toBe(200)
    expect((await list(counter, otherSite)).statusCode).toBe(404)
    expect((await upload('more.pdf', PDF, counter)).statusCode).toBe(404)
    expect((await list(stranger)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/finance/attachments/${fileId}/download`, token: stranger })).statusCode).toBe(404)
    expect(
      (await t.request({ method: 'GET', url: '/api/finance/attachments/PAYMENT_RECEIPTS/unknown-type/1', token: admin })).statusCode,
    ).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/finance/attachments/99999/download', token: admin })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/finance/attachments/${fileId}/download` })).statusCode).toBe(401)
  })
})
