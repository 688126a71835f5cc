import { UPLOAD_LIMITS } from '@platform/contracts/reports'
import { AppError } from '../../../lib/errors.js'
import { officePackageProblem } from '../../../lib/office-package.js'
import { type UploadedTable, createTableCollector, refuse } from './upload-file.js'
import { dateText, readDateStyles, readPart, readSharedStrings, readWorkbook, serialDate } from './xlsx-parts.js'
import { zipEntries } from '../../../lib/zip-entries.js'

function columnNumber(reference: string): number {
  let number = 0
  for (const char of reference) {
    const code = char.charCodeAt(0)
    if (code < 65 || code > 90) break
    number = number * 26 + code - 64
  }
  return number
}

/** XLSX: the first worksheet, its first row as the header; read as a stream, stopping at the first limit passed. */
export async function readXlsx(bytes: Buffer): Promise<UploadedTable> {
  // A zip that only names its entries like a workbook, or one that carries a program or macros, is not read at all.
  const problem = officePackageProblem(bytes, 'XLSX')
  if (problem) throw refuse(problem, 'bad_xlsx')
  try {
    const entries = zipEntries(bytes)
    const budget = { left: UPLOAD_LIMITS.unpackedBytes }
    const { sheet, date1904 } = await readWorkbook(bytes, entries, budget)
    const dateStyles = await readDateStyles(bytes, entries, budget)
    const shared = await readSharedStrings(bytes, entries, budget)

    const table = createTableCollector()
    let row: string[] | null = null
    let rowNumber = 0
    let column = 0
    let type = 'n'
    let style = 0
    let value = ''
    let capturing = false
    let inline = false
    let phonetic = false
    const cellText = (): string => {
      switch (type) {
        case 's':
          return shared[Number(value)] ?? ''
        case 'str':
        case 'inlineStr':
          return value
        case 'b':
          return value.trim() === '1' ? 'true' : 'false'
        case 'e':
          return ''
        case 'd':
          return dateText(new Date(value))
        default: {
          const number = Number(value)
          if (value.trim() === '' || !Number.isFinite(number)) return value
          return dateStyles[style] ? serialDate(number, date1904) : String(number)
        }
      }
    }
    await readPart(bytes, sheet, budget, {
      open(name, attributes) {
        if (name === 'row') {
          row = []
          rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1
          column = 0
        } else if (name === 'c') {
          column = attributes.r ? columnNumber(attributes.r) : column + 1
          if (column > UPLOAD_LIMITS.columns)
            throw refuse(
              `The worksheet has values beyond column ${UPLOAD_LIMITS.columns}; at most ${UPLOAD_LIMITS.columns} columns can be uploaded.`,
              'too_many_columns',
            )
          type = attributes.t ?? 'n'
          style = Number(attributes.s ?? 0)
          value = ''
        } else if (name === 'v') capturing = row !== null
        else if (name === 'is') inline = true
        else if (name === 'rPh') phonetic = true
        else if (name === 't') capturing = inline && !phonetic
      },
      text(text) {
        if (capturing) value += text
      },
      close(name) {
        if (name === 'v' || name === 't') capturing = false
        else if (name === 'is') inline = false
        else if (name === 'rPh') phonetic = false
        else if (name === 'c' && row && column > 0) row[column - 1] = cellText().trim()
        else if (name === 'row' && row) {
          const cells = Array.from(row, (cell) => cell ?? '')
          row = null
          if (cells.some((cell) => cell !== '')) table.add(cells, rowNumber)
        }
      },
    })
    return table.finish()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw refuse(`The file is not a readable Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`, 'bad_xlsx')
  }
}
