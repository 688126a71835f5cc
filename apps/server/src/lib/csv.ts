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

/**
 * A large text (an export) gathered into pieces of a moderate size for the socket. Not larger: V8 keeps a very long
 * string in a space of its own that only a full collection frees, so large pieces pile up between collections. Not
 * much smaller: each piece is one write to the socket.
 */
export function textPieces(size = 64 * 1024) {
  let text = ''
  return {
    /** Adds to the piece; answers the piece when it is full (then starts the next), otherwise null. */
    add(more: string): string | null {
      text += more
      if (text.length < size) return null
      const full = text
      text = ''
      return full
    },
    /** What is left (possibly empty), at the end. */
    rest(): string {
      const left = text
      text = ''
      return left
    },
  }
}
