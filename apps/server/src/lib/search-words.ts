/** The words of a text as search matches them: accents dropped, lower case, split at anything not a letter or digit. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** The smallest string after every string that starts with `prefix` (byte order): the end of a prefix range. */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1)
  return prefix.slice(0, -1) + String.fromCharCode(last + 1)
}

/** A person as their search words describe them: who, and what a filtered list asks of them. */
export interface SearchablePerson {
  user_id: number
  full_name: string
  email: string
  role_id: number
  organization_id: number
  is_active: number
}

/** The rows of user_search_terms for a person: each distinct word of their name and address, with what filters them. */
export function searchTermRows({ user_id, full_name, email, role_id, organization_id, is_active }: SearchablePerson) {
  return [...new Set([...searchWords(full_name), ...searchWords(email)])].map((term) => ({
    term,
    user_id,
    role_id,
    organization_id,
    is_active,
    full_name,
  }))
}
