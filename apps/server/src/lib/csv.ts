/**
 * A cell a spreadsheet will not run as a formula: text starting with =, +, -, @, tab or carriage return gets a
 * leading apostrophe (OWASP's advice for CSV injection). Numbers and empty values pass unchanged.
 */
export function spreadsheetSafe(value: unknown): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  const text = String(value)
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** One CSV record (RFC 4180: quoted when it holds a comma, quote or line break), every cell made spreadsheet-safe. */
export function csvRecord(values: readonly unknown[]): string {
  let line = ''
  for (let i = 0; i < values.length; i += 1) {
    const cell = String(spreadsheetSafe(values[i]))
    if (i > 0) line += ','
    line += /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell
  }
  return `${line}\r\n`
}
