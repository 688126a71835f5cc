/** Placeholders are written {{name}} (spaces inside the braces are tolerated). */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g

export const placeholderToken = (name: string) => `{{${name}}}`

export interface Insertion {
  value: string
  /** Where the cursor goes: just after the inserted placeholder. */
  cursor: number
}

/**
 * Inserts {{name}} into `value` at the selection (replacing what is selected); a selection out of range is clamped, and a
 * missing one means the end of the text.
 */
export function insertPlaceholder(value: string, name: string, selectionStart?: number | null, selectionEnd?: number | null): Insertion {
  const token = placeholderToken(name)
  const clamp = (n: number) => Math.min(Math.max(0, n), value.length)
  const start = clamp(selectionStart ?? value.length)
  const end = Math.max(start, clamp(selectionEnd ?? start))
  return { value: value.slice(0, start) + token + value.slice(end), cursor: start + token.length }
}

/** The distinct placeholder names used in these texts, in order of first use. */
export function usedPlaceholders(...texts: string[]): string[] {
  const names = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!)
  return [...names]
}

/** Required placeholders not used anywhere, and used ones the kind does not offer (a hint: the server decides on save). */
export function checkPlaceholders(
  subject: string,
  body: string,
  offered: readonly { name: string; required: boolean }[],
): { missing: string[]; unknown: string[] } {
  const used = usedPlaceholders(subject, body)
  const known = new Set(offered.map((placeholder) => placeholder.name))
  return {
    missing: offered
      .filter((placeholder) => placeholder.required && !used.includes(placeholder.name))
      .map((placeholder) => placeholder.name),
    unknown: used.filter((name) => !known.has(name)),
  }
}
