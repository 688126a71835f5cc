import { setImmediate as nextTurn } from 'node:timers/promises'
import { parse } from 'csv-parse'
import { AppError } from '../../../lib/errors.js'
import { type UploadedTable, createTableCollector, refuse } from './upload-file.js'

// Small enough that parsing one piece never holds up other calls, even while the parser's code is still cold; the
// event loop turns between pieces.
const PIECE_BYTES = 4 * 1024

/** CSV: UTF-8 only (a BOM is fine), every row as long as the header; read piece by piece, stopping at the first limit. */
export async function readCsv(bytes: Buffer): Promise<UploadedTable> {
  const table = createTableCollector()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 100_000 })
  let failure: unknown = null
  let number = 0
  parser.on('data', (record: string[]) => {
    if (failure) return
    try {
      number += 1
      table.add(record, number)
    } catch (error) {
      failure = error
    }
  })
  const ended = new Promise<void>((resolve) => {
    parser.on('error', (error) => {
      failure ??= error
      resolve()
    })
    parser.on('end', () => resolve())
  })

  for (let offset = 0; offset < bytes.length && !failure; offset += PIECE_BYTES) {
    let text: string
    try {
      text = decoder.decode(bytes.subarray(offset, offset + PIECE_BYTES), { stream: offset + PIECE_BYTES < bytes.length })
    } catch {
      failure = refuse('The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.', 'bad_encoding')
      break
    }
    parser.write(text)
    await nextTurn()
  }
  if (failure) parser.destroy()
  else {
    parser.end()
    await ended
  }
  if (failure instanceof AppError) throw failure
  if (failure) throw refuse(`The file is not valid CSV: ${failure instanceof Error ? failure.message : String(failure)}`, 'bad_csv')
  return table.finish()
}
