import { UNSTORABLE_TEXT_MESSAGE, isStorableText } from '@platform/contracts/input'
import { UPLOAD_LIMITS } from '@platform/contracts/reports'
import { AppError } from '../../../lib/errors.js'

/** A file's header and rows, every value as text (what a person typed or Excel showed). */
export interface UploadedTable {
  header: string[]
  rows: string[][]
}

export const refuse = (message: string, code = 'bad_upload') => new AppError('bad_request', message, { code })
export const tooLarge = (message: string) => new AppError('too_large', message, { code: 'too_large' })

const count = (value: number) => value.toLocaleString('en-US')

/**
 * Rows as a reader finds them, checked as they come: the first limit passed stops the reading there, so a file far
 * past the limits costs no more than one just past them.
 */
export function createTableCollector() {
  let header: string[] | null = null
  const rows: string[][] = []
  let width = 0
  let characters = 0

  function checkWidth(length: number) {
    if (length > UPLOAD_LIMITS.columns)
      throw refuse(`The file has ${count(length)} columns; at most ${UPLOAD_LIMITS.columns} can be uploaded.`, 'too_many_columns')
    width = Math.max(width, length)
  }

  return {
    /** The next row (the first is the header); `number` is its row in the file, for messages. */
    add(cells: string[], number: number) {
      checkWidth(cells.length)
      for (const [index, cell] of cells.entries()) {
        if (!isStorableText(cell)) {
          const column = header?.[index]?.trim() || `column ${index + 1}`
          throw refuse(
            `Row ${count(number)}, ${header ? `column '${column}'` : column}: the value ${UNSTORABLE_TEXT_MESSAGE}.`,
            'bad_value',
          )
        }
        characters += cell.length
      }
      if (characters > UPLOAD_LIMITS.values)
        throw tooLarge(
          `The file holds more than ${count(UPLOAD_LIMITS.values / 1024 / 1024)} million characters of values; split it, or upload a summary.`,
        )
      if (!header) {
        header = cells
        return
      }
      if (rows.length === UPLOAD_LIMITS.rows) {
        throw refuse(
          `The file has more than ${count(UPLOAD_LIMITS.rows)} rows; at most ${count(UPLOAD_LIMITS.rows)} can be uploaded. Split it, or upload a summary.`,
          'too_many_rows',
        )
      }
      rows.push(cells)
    },

    /** The table, every row as wide as the widest. */
    finish(): UploadedTable {
      const names = header ?? []
      if (names.length === 0 || names.every((name) => name.trim() === ''))
        throw refuse('The file is empty. Its first row must name the columns.')
      if (rows.length === 0) throw refuse('The file has no rows below its header.')
      const pad = (cells: string[]) => (cells.length < width ? [...cells, ...Array<string>(width - cells.length).fill('')] : cells)
      return { header: pad(names).map((name) => name.trim()), rows: rows.map(pad) }
    },
  }
}
