import type { Attachment } from '@platform/contracts/finance'

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

/** An Office file is a zip whose entries name what it is; the names sit in plain text in the local headers. */
function officeType(bytes: Buffer): FileType | null {
  if (!bytes.includes('[Content_Types].xml')) return null
  if (bytes.includes('xl/workbook.xml') || bytes.includes('xl/')) return 'XLSX'
  if (bytes.includes('word/document.xml') || bytes.includes('word/')) return 'DOCX'
  return null
}

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
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeType(bytes)
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
