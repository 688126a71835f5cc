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
