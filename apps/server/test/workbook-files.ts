import { crc32, deflateRawSync } from 'node:zlib'

/*
 * Workbooks built part by part, for what no spreadsheet program would write: a million rows in a few megabytes, a
 * part that unpacks to gigabytes, a value longer than Excel allows.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** A zip of these parts, each deflated (fast, unless a level is given) or stored. */
export function zipOf(parts: Array<{ name: string; content: Buffer; store?: boolean; level?: number }>): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const { name, content, store, level = 1 } of parts) {
    const data = store ? content : deflateRawSync(content, { level })
    const fileName = Buffer.from(name)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(store ? 0 : 8, 8)
    header.writeUInt32LE(crc32(content), 14)
    header.writeUInt32LE(data.length, 18)
    header.writeUInt32LE(content.length, 22)
    header.writeUInt16LE(fileName.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(store ? 0 : 8, 10)
    entry.writeUInt32LE(crc32(content), 16)
    entry.writeUInt32LE(data.length, 20)
    entry.writeUInt32LE(content.length, 24)
    entry.writeUInt16LE(fileName.length, 28)
    entry.writeUInt32LE(offset, 42)
    locals.push(header, fileName, data)
    directory.push(entry, fileName)
    offset += header.length + fileName.length + data.length
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directorySize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...directory, end])
}

/** A one-sheet workbook whose sheet data is the given XML (rows), in pieces so a huge sheet is never one string. */
export function workbookOf(sheetRows: Buffer | Buffer[], level = 1): Buffer {
  const sheet = Buffer.concat([
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`),
    ...[sheetRows].flat(),
    Buffer.from('</sheetData></worksheet>'),
  ])
  return zipOf([
    {
      name: '[Content_Types].xml',
      content: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet, level },
  ])
}

/** A header row and `count` rows of one number each: a million of them compress to under 5 MB. */
export function manyRows(count: number): Buffer[] {
  const pieces: Buffer[] = [Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>Amount</t></is></c></row>')]
  let batch: string[] = []
  for (let row = 2; row <= count + 1; row += 1) {
    batch.push(`<row r="${row}"><c><v>${row % 1000}</v></c></row>`)
    if (batch.length === 10_000) {
      pieces.push(Buffer.from(batch.join('')))
      batch = []
    }
  }
  pieces.push(Buffer.from(batch.join('')))
  return pieces
}
