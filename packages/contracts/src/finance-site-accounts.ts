import { z } from 'zod'
import { ACCOUNT_SEGMENTS, parseAccountString } from './finance-account.js'

/**
 * The accounts a site's collectors may credit on a receipt: by default the revenue objects (8000–8999) of
 * the site's own school-site segment; beyond that, the patterns an administrator allowed the site, each an account
 * string whose segments are their digits or `*` (any value), such as `13-5310-*-*-*-8634-000`.
 */
export const REVENUE_OBJECTS = { first: 8000, last: 8999 } as const
export const MAX_SITE_ACCOUNT_PATTERNS = 50

const PATTERN = new RegExp(`^${ACCOUNT_SEGMENTS.map((segment) => `(\\d{${segment.length}}|\\*)`).join('-')}$`)
const PATTERN_MESSAGE = 'Enter each pattern as an account string whose segments are digits or * (for example 13-5310-*-*-*-8634-000).'

export const SiteAccountPatternSchema = z.string({ error: PATTERN_MESSAGE }).trim().regex(PATTERN, PATTERN_MESSAGE)

export const SiteAccountsInputSchema = z.object({
  patterns: z
    .array(SiteAccountPatternSchema, { error: 'List the account patterns.' })
    .max(MAX_SITE_ACCOUNT_PATTERNS, `Allow at most ${MAX_SITE_ACCOUNT_PATTERNS} patterns a site (patterns).`)
    .refine((patterns) => new Set(patterns).size === patterns.length, 'A pattern is listed twice.'),
})
export type SiteAccountsInput = z.infer<typeof SiteAccountsInputSchema>

export const SiteAccountsSchema = z.object({
  siteId: z.number().int(),
  /** The site's own school-site segment (null: not set yet, and its collectors credit only the patterns). */
  schoolSegment: z.string().nullable(),
  patterns: z.array(z.string()),
})
export type SiteAccounts = z.infer<typeof SiteAccountsSchema>
export const SiteAccountsResponseSchema = z.object({ data: SiteAccountsSchema })

/** Whether an account string matches a pattern, segment by segment. */
export function matchesPattern(account: string, pattern: string): boolean {
  const parts = account.split('-')
  const wanted = pattern.split('-')
  return parts.length === wanted.length && wanted.every((value, index) => value === '*' || value === parts[index])
}

/**
 * Why a site's collectors may not credit an account: null when they may; otherwise what is wrong with it by default
 * (its object is not revenue, its school-site segment is not the site's), for the server to word with the sites' names.
 */
export function collectableAccountRefusal(
  account: string,
  site: { schoolSegment: string | null },
  patterns: readonly string[],
): { object: string | null; school: string | null; siteHasNoSegment: boolean } | null {
  if (patterns.some((pattern) => matchesPattern(account, pattern))) return null
  const parsed = parseAccountString(account)
  if (!parsed.ok) return { object: null, school: null, siteHasNoSegment: site.schoolSegment === null }
  const object = Number(parsed.segments.OBJECT)
  const revenue = object >= REVENUE_OBJECTS.first && object <= REVENUE_OBJECTS.last
  const own = site.schoolSegment !== null && parsed.segments.SCHOOL === site.schoolSegment
  if (revenue && own) return null
  return {
    object: revenue ? null : parsed.segments.OBJECT,
    school: own || site.schoolSegment === null ? null : parsed.segments.SCHOOL,
    siteHasNoSegment: site.schoolSegment === null,
  }
}
