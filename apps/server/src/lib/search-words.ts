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

/** The rows of user_search_terms for a person: each distinct word of their name and address. */
export function searchTermRows(userId: number, fullName: string, email: string): Array<{ term: string; user_id: number }> {
  return [...new Set([...searchWords(fullName), ...searchWords(email)])].map((term) => ({ term, user_id: userId }))
}
