import { DUPLICATE_SIMILARITY } from '@platform/contracts/records-portal'
import type { PreferredFormat } from '@platform/contracts/records'
import { normalizeEmail } from '../../lib/email-address.js'

/** How a request's requester is answered: by e-mail when an address is known, else by post. */
export interface RequesterFields {
  email: string | null
  postalAddress: string | null
  preferredFormat: PreferredFormat | null
  /** What the duplicate check compares: the address in lower case, or the postal address folded the same way. */
  contactKey: string
  viaPortal: boolean
}

const EMAIL_ONLY = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The key two contacts are compared by: case, Unicode form and runs of spaces or punctuation do not count. */
export const contactKeyOf = (contact: string): string =>
  contact
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s,.;]+/g, ' ')
    .trim()

/** Staff intake keeps one free contact line: an e-mail address alone is used to answer by e-mail, anything else by post. */
export function requesterFromContact(contact: string): RequesterFields {
  const trimmed = contact.trim()
  const email = EMAIL_ONLY.test(trimmed) ? normalizeEmail(trimmed) : null
  return {
    email,
    postalAddress: email ? null : trimmed,
    preferredFormat: null,
    contactKey: email ?? contactKeyOf(trimmed),
    viaPortal: false,
  }
}

/** The portal's fields: an address wins over the post for answers; the key is the address when there is one. */
export function requesterFromPortal(input: { email?: string | null; postalAddress?: string | null; preferredFormat: PreferredFormat }) {
  const email = input.email ? normalizeEmail(input.email) : null
  const postalAddress = input.postalAddress?.trim() || null
  return {
    email,
    postalAddress,
    preferredFormat: input.preferredFormat,
    contactKey: email ?? contactKeyOf(postalAddress ?? ''),
    viaPortal: true,
  } satisfies RequesterFields
}

/** The words of a text that carry meaning: lower case, letters and digits, at least three characters. */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3),
  )
}

/** How alike two requests' texts are, 0 to 1: the words they share over the words either uses. */
export function textSimilarity(a: string, b: string): number {
  const left = wordsOf(a)
  const right = wordsOf(b)
  if (left.size === 0 || right.size === 0) return 0
  let shared = 0
  for (const word of left) if (right.has(word)) shared += 1
  return shared / (left.size + right.size - shared)
}

/** The most alike of the contact's recent requests, when it is alike enough to flag; never a refusal. */
export function possibleDuplicate<T extends { request_text: string; clarified_text: string | null }>(
  text: string,
  recent: readonly T[],
): T | null {
  let best: { row: T; score: number } | null = null
  for (const row of recent) {
    const score = Math.max(textSimilarity(text, row.request_text), row.clarified_text ? textSimilarity(text, row.clarified_text) : 0)
    if (score >= DUPLICATE_SIMILARITY && (!best || score > best.score)) best = { row, score }
  }
  return best?.row ?? null
}
