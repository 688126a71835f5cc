import type { Page } from '@playwright/test'
import { expect } from './test.js'

/*
 * The code-token scan: a code a program uses (a state, a role, a field name, a queue's name) must never be what a person
 * reads. Every screen of the walk (screen-walk.ts) is scanned for words shaped like code:
 *   SCREAMING_SNAKE     FIELD_FACILITIES, SUPER_ADMIN
 *   snake_case          construction_cost, dsa_projects
 *   camelCase           extendedDueOn, restrictedJustification
 *   UPPER CASE words    REQUESTER, PAYABLE: five or more capitals, unless a known acronym (ALLOWED_UPPER)
 *   code words          outbox: names of program parts that are ordinary-looking words
 * What a person typed or imported is theirs to spell (a DSA project name in capitals, a site's code), so text inside an
 * element marked `data-verbatim`, or inside <code>/<kbd>/<pre> (a formula's field names), is not read; nor are e-mail
 * addresses, web addresses, file names and identifiers with digits (REC-2026-03-000123), recognised by their shape.
 */

/**
 * Upper-case words of five letters or more that are words people use, each for a reason. Kept short: a code that is
 * really a word belongs in a label table, not here.
 */
export const ALLOWED_UPPER: ReadonlySet<string> = new Set([
  'HTTPS', // a web address's scheme, named in security settings
  'CALPADS', // the state's student data system, always written so
  'FERPA', // the federal privacy law, always written so
  'COVID', // the disease, as districts write it
])

/** lower-first camelCase words that are brand names, spelled as their owners spell them. */
export const ALLOWED_CAMEL: ReadonlySet<string> = new Set(['iPhone', 'iPad', 'iOS', 'macOS', 'eSignature'])

/** Program names that look like ordinary words: whole words, any case. */
export const CODE_WORDS: readonly string[] = ['outbox']

export interface CodeToken {
  token: string
  /** Why it is code-shaped. */
  kind: 'SCREAMING_SNAKE' | 'snake_case' | 'camelCase' | 'UPPER CASE word' | 'code word'
  /** The words around it, to find it on the screen. */
  context: string
}

// Shapes of things that are not codes even though they may contain code-like parts.
const WEB_ADDRESS = /\b(?:https?:\/\/|www\.)\S+/gi
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
const FILE_NAME = /\b[\w.-]+\.(?:csv|xlsx|xls|pdf|png|jpe?g|gif|txt|json|zip|docx?|html?)\b/gi
const IDENTIFIER_WITH_DIGITS = /\b(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g

const SHAPES: Array<{ kind: CodeToken['kind']; pattern: RegExp; allowed?: ReadonlySet<string> }> = [
  { kind: 'SCREAMING_SNAKE', pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g },
  { kind: 'snake_case', pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g },
  { kind: 'camelCase', pattern: /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g, allowed: ALLOWED_CAMEL },
  { kind: 'UPPER CASE word', pattern: /\b[A-Z]{5,}\b/g, allowed: ALLOWED_UPPER },
]

const codeWordPattern = () => new RegExp(`\\b(?:${CODE_WORDS.join('|')})\\b`, 'gi')

/** The code-shaped tokens in a text, once each, in the order they first appear. */
export function findCodeTokens(text: string): CodeToken[] {
  // Blanked out rather than removed, so positions (and the context shown) stay those of the original text.
  const blank = (match: string) => ' '.repeat(match.length)
  const scanned = text
    .replace(WEB_ADDRESS, blank)
    .replace(EMAIL_ADDRESS, blank)
    .replace(FILE_NAME, blank)
    .replace(IDENTIFIER_WITH_DIGITS, blank)
  const found = new Map<string, CodeToken & { at: number }>()
  const take = (kind: CodeToken['kind'], match: RegExpExecArray) => {
    const earlier = found.get(match[0])
    if (earlier && earlier.at <= match.index) return
    const from = Math.max(0, match.index - 30)
    const context = text
      .slice(from, match.index + match[0].length + 30)
      .replace(/\s+/g, ' ')
      .trim()
    found.set(match[0], { token: match[0], kind, context, at: match.index })
  }
  for (const { kind, pattern, allowed } of SHAPES) {
    for (const match of scanned.matchAll(pattern)) if (!allowed?.has(match[0])) take(kind, match as RegExpExecArray)
  }
  for (const match of scanned.matchAll(codeWordPattern())) take('code word', match as RegExpExecArray)
  return [...found.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...token }) => token)
}

/**
 * The text a person can see on the page, as written in the document (not as CSS upper-cases it: a badge's "Active" is
 * not "ACTIVE"), leaving out hidden elements and anything inside `data-verbatim`, <code>, <kbd>, <pre>, <script>,
 * <style> and <title>. Text that only screen readers get (visually hidden) is read: people hear it.
 */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const SKIPPED = 'script, style, noscript, template, title, code, kbd, pre, [data-verbatim]'
    const parts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      if (!text.trim()) continue
      const parent = node.parentElement
      if (!parent || parent.closest(SKIPPED)) continue
      // Closed menus and inactive tabs are in the document but nobody sees them.
      if (!parent.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })) continue
      parts.push(text)
    }
    return parts.join('\n')
  })
}

/** Fails (softly: one screen's findings do not hide another's) when the visible text of the page has a code-shaped token. */
export async function expectNoCodeTokens(page: Page, screen: string): Promise<void> {
  const tokens = findCodeTokens(await visibleText(page))
  expect
    .soft(
      tokens.map((token) => `${token.token} (${token.kind}): "${token.context}"`),
      `code-shaped words on ${screen}`,
    )
    .toEqual([])
}
