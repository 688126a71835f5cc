import type { Attachment } from '@platform/contracts/finance'
import { officeKind, officePackageProblem } from '../../lib/office-package.js'
import { pdfActiveContentProblem } from '../../lib/pdf-active-content.js'

type FileType = Attachment['type']

export const CONTENT_TYPES: Record<FileType, string> = {
  PDF: 'application/pdf',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  CSV: 'text/csv',
  TXT: 'text/plain',
}

const EXTENSIONS: Record<FileType, string[]> = {
  PDF: ['pdf'],
  PNG: ['png'],
  JPEG: ['jpg', 'jpeg'],
  XLSX: ['xlsx'],
  DOCX: ['docx'],
  CSV: ['csv'],
  TXT: ['txt', 'text'],
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte)

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** The file's type read from its content (magic bytes), never from its name; null when it is none we accept. */
export function detectFileType(bytes: Buffer, fileName: string): FileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'PDF'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'JPEG'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes)
  if (bytes.length > 0 && isText(bytes)) return extensionOf(fileName) === 'csv' ? 'CSV' : 'TXT'
  return null
}

export const extensionOf = (fileName: string) => (/\.([A-Za-z0-9]+)$/.exec(fileName)?.[1] ?? '').toLowerCase()

/** True when the name's extension fits the content's type (a text file may be named .csv or .txt). */
export function extensionFits(type: FileType, fileName: string): boolean {
  const extension = extensionOf(fileName)
  if (type === 'CSV' || type === 'TXT') return ['csv', 'txt', 'text'].includes(extension)
  return EXTENSIONS[type].includes(extension)
}

/**
 * Why a file of a type we accept is still refused, in words (null: it may be kept): an Office file that is not a clean
 * package (a program inside, macros), a PDF that runs JavaScript or launches a program.
 */
export function fileProblem(type: FileType, bytes: Buffer): string | null {
  if (type === 'XLSX' || type === 'DOCX') return officePackageProblem(bytes, type)
  if (type === 'PDF') return pdfActiveContentProblem(bytes)
  return null
}
