import { deflateSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import PDFDocument from 'pdfkit'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { addSite } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'
import { zipOf } from '../../../test/workbook-files.js'

/*
 * An XLSX or DOCX is a valid Office package (content types declaring its main part, no program, no
 * macros), and a PDF that runs JavaScript or launches a program is refused, each saying why. Files built by hand.
 */

const TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types'
const WORKBOOK_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'
const DOCUMENT_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
const MACRO_WORKBOOK_MAIN = 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])

const contentTypes = (part: string, type: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${TYPES}"><Override PartName="/${part}" ContentType="${type}"/></Types>`)
const workbook = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
)
/** A package whose content types declare a workbook, with these parts besides. */
const xlsxWith = (parts: Array<{ name: string; content: Buffer; store?: boolean }>, main = WORKBOOK_MAIN) =>
  zipOf([
    { name: '[Content_Types].xml', content: contentTypes('xl/workbook.xml', main) },
    { name: 'xl/workbook.xml', content: workbook },
    ...parts,
  ])
const docxWith = (parts: Array<{ name: string; content: Buffer }>) =>
  zipOf([
    { name: '[Content_Types].xml', content: contentTypes('word/document.xml', DOCUMENT_MAIN) },
    {
      name: 'word/document.xml',
      content: Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
    },
    ...parts,
  ])

/** A PDF of these objects, written by hand (offsets are not needed to find what it would run). */
const pdfOf = (...objects: string[]) =>
  Buffer.from(
    `%PDF-1.7\n${objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('')}trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  )
const PAGES = '<< /Type /Pages /Kids [] /Count 0 >>'
/** An object stream (PDF 1.5) holding a JavaScript action, deflated so the names are not in the file as written. */
function objectStreamPdf(): Buffer {
  const hidden = '3 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>'
  const packed = deflateSync(Buffer.from(hidden, 'latin1'))
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>\nendobj\n2 0 obj\n' + PAGES + '\nendobj\n',
      'latin1',
    ),
    Buffer.from(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ])
}

function cleanPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.text('A deposit slip')
  doc.end()
  return done
}

describe.each(testDialects())('files that are what they claim (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  let siteId: number
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    siteId = await addSite(t, admin)
  })
  afterEach(() => t.close())

  const upload = (fileName: string, body: Buffer) =>
    t.request({
      method: 'POST',
      url: `/api/finance/attachments/FINANCE/site/${siteId}?fileName=${encodeURIComponent(fileName)}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
      token: admin,
    })
  const refusal = async (fileName: string, body: Buffer) => {
    const answer = await upload(fileName, body)
    return { status: answer.statusCode, ...(answer.json() as { code: string; error: string }) }
  }

  it('takes a real workbook, a real document and a plain PDF', async () => {
    const book = new ExcelJS.Workbook()
    book.addWorksheet('Deposits').addRow(['bag', 'amount'])
    expect((await upload('tally.xlsx', Buffer.from(await book.xlsx.writeBuffer()))).statusCode).toBe(201)
    expect((await upload('letter.docx', docxWith([]))).statusCode).toBe(201)
    expect((await upload('slip.pdf', await cleanPdf())).statusCode).toBe(201)
  })

  it('refuses an archive named like an Office file, a program inside one, and macros, saying why', async () => {
    // Entries named like a workbook's, but no [Content_Types].xml: an archive, not a workbook.
    const archive = zipOf([
      { name: 'xl/workbook.xml', content: workbook },
      { name: 'payload.exe', content: PROGRAM },
    ])
    expect(await refusal('archive.xlsx', archive)).toMatchObject({ status: 400, code: 'unsupported_file_type' })
    // Content types present but not declaring the workbook.
    const undeclared = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from(`<Types xmlns="${TYPES}"/>`) },
      { name: 'xl/workbook.xml', content: workbook },
    ])
    expect(await refusal('undeclared.xlsx', undeclared)).toMatchObject({ status: 400, code: 'unsupported_file_type' })

    expect(await refusal('tally.xlsx', xlsxWith([{ name: 'xl/payload.exe', content: PROGRAM }]))).toEqual({
      status: 422,
      code: 'file_refused',
      error: 'The file carries a program (xl/payload.exe), so it cannot be accepted. Save the workbook again without it.',
    })
    for (const name of ['xl/tool.dll', 'docProps/run.ps1', 'xl/media/script.js', 'x/lib.jar', 'setup.MSI', 'go.bat']) {
      expect((await refusal('tally.xlsx', xlsxWith([{ name, content: Buffer.from('x') }]))).error, name).toContain(
        `carries a program (${name})`,
      )
    }
    // A program under an innocent name, stored or deflated: its MZ header gives it away.
    for (const store of [true, false]) {
      const disguised = xlsxWith([{ name: 'xl/media/image1.png', content: PROGRAM, store }])
      expect((await refusal('tally.xlsx', disguised)).error).toBe(
        'The file carries a program (xl/media/image1.png is a Windows executable), so it cannot be accepted. Save the workbook again without it.',
      )
    }
    expect((await refusal('tally.xlsx', xlsxWith([{ name: 'xl/vbaProject.bin', content: Buffer.from('macro') }]))).error).toBe(
      'The file carries macros (xl/vbaProject.bin), so it cannot be accepted. Save it as an Excel workbook (.xlsx) without macros.',
    )
    expect((await refusal('tally.xlsx', xlsxWith([], MACRO_WORKBOOK_MAIN))).error).toContain(
      'its content types declare macro-enabled parts',
    )
    expect((await refusal('letter.docx', docxWith([{ name: 'word/embeddings/old.docm', content: Buffer.from('x') }]))).error).toContain(
      'carries macros (word/embeddings/old.docm)',
    )
    expect((await refusal('letter.docx', docxWith([{ name: 'word/run.vbs', content: Buffer.from('x') }]))).error).toContain(
      'Save the document again without it.',
    )
    expect(await t.db.kysely.selectFrom('finance_attachments').select('attachment_id').execute()).toEqual([])
    const refused = await t.db.kysely.selectFrom('audit_log').select('details').where('action', '=', 'finance.attachment_refused').execute()
    expect(refused.some((row) => row.details?.includes('unsafe_content'))).toBe(true)
  })

  it('refuses a PDF that runs JavaScript or launches a program, wherever the action is written', async () => {
    const opens = 'This PDF runs JavaScript when opened, so it cannot be attached. Print it to a new PDF and attach that.'
    const openAction = pdfOf('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>', PAGES)
    expect(await refusal('slip.pdf', openAction)).toEqual({ status: 422, code: 'file_refused', error: opens })
    // Names spelt with #xx escapes, an additional action (/AA) on a page, and a JavaScript action inside an object stream.
    const escaped = pdfOf('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (x) >> >>', PAGES)
    expect((await refusal('slip.pdf', escaped)).error).toBe(opens)
    const pageAction = pdfOf('<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Page /AA << /O << /S /JavaScript /JS (x) >> >> >>')
    expect((await refusal('slip.pdf', pageAction)).error).toBe(opens)
    expect((await refusal('slip.pdf', objectStreamPdf())).error).toBe(opens)
    const named = pdfOf(
      '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 3 0 R >> >>',
      PAGES,
      '<< /Names [(a) << /S /JavaScript /JS (x) >>] >>',
    )
    expect((await refusal('slip.pdf', named)).error).toBe(
      'This PDF carries JavaScript, so it cannot be attached. Print it to a new PDF and attach that.',
    )
    const launch = pdfOf('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /F (cmd.exe) >> >>', PAGES)
    expect((await refusal('slip.pdf', launch)).error).toBe(
      'This PDF launches another program (a launch action), so it cannot be attached. Print it to a new PDF and attach that.',
    )
  })

  it('applies the same package rule to the Reports Studio workbook upload', async () => {
    const writer = await t.signIn((await t.createUser({ roleCode: 'REPORT_WRITER', applications: ['REPORTS_STUDIO'] })).email)
    const send = (body: Buffer) =>
      t.request({
        method: 'POST',
        url: '/api/reportuploads/preview?name=Tally',
        token: writer,
        payload: body,
        headers: { 'content-type': XLSX_TYPE, 'x-file-name': 'tally.xlsx' },
      })
    const archive = zipOf([
      { name: 'xl/workbook.xml', content: workbook },
      { name: 'payload.exe', content: PROGRAM },
    ])
    expect((await send(archive)).json()).toEqual({
      code: 'bad_xlsx',
      error: 'The file is not a readable Excel workbook (.xlsx): it has no [Content_Types].xml, so it is a zip archive named like one.',
    })
    expect((await send(xlsxWith([{ name: 'xl/payload.exe', content: PROGRAM }]))).json().error).toBe(
      'The file carries a program (xl/payload.exe), so it cannot be accepted. Save the workbook again without it.',
    )
    const book = new ExcelJS.Workbook()
    book.addWorksheet('Tally').addRows([
      ['bag', 'amount'],
      ['B-1', 10],
    ])
    const fine = await send(Buffer.from(await book.xlsx.writeBuffer()))
    expect(fine.statusCode, fine.body).toBe(200)
  })
})
