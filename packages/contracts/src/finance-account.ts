import { z } from 'zod'

/** The seven segments of a California SACS account string, in order, with their widths. */
export const ACCOUNT_SEGMENTS = [
  { key: 'FUND', label: 'Fund', length: 2 },
  { key: 'RESOURCE', label: 'Resource', length: 4 },
  { key: 'PROJECT_YEAR', label: 'Project year', length: 1 },
  { key: 'GOAL', label: 'Goal', length: 4 },
  { key: 'FUNCTION', label: 'Function', length: 4 },
  { key: 'OBJECT', label: 'Object', length: 4 },
  { key: 'SCHOOL', label: 'School site', length: 3 },
] as const

export type AccountSegmentKey = (typeof ACCOUNT_SEGMENTS)[number]['key']
export const ACCOUNT_SEGMENT_KEYS = ACCOUNT_SEGMENTS.map((segment) => segment.key) as [AccountSegmentKey, ...AccountSegmentKey[]]
export const ACCOUNT_FORMAT = 'FF-RRRR-Y-GGGG-FFFF-OOOO-SSS'

export type AccountSegments = Record<AccountSegmentKey, string>

/** Splits `01-0000-0-1110-1000-4300-001` into its segments, or says what is wrong with its shape. */
export function parseAccountString(text: string): { ok: true; segments: AccountSegments } | { ok: false; error: string } {
  const parts = text.trim().split('-')
  if (parts.length !== ACCOUNT_SEGMENTS.length) {
    return { ok: false, error: `An account string has ${ACCOUNT_SEGMENTS.length} segments separated by '-' (${ACCOUNT_FORMAT}).` }
  }
  const segments = {} as AccountSegments
  for (const [index, segment] of ACCOUNT_SEGMENTS.entries()) {
    const value = parts[index]!
    if (!new RegExp(`^\\d{${segment.length}}$`).test(value)) {
      return {
        ok: false,
        error: `The ${segment.label.toLowerCase()} segment must be ${segment.length} digits (${ACCOUNT_FORMAT}), not '${value}'.`,
      }
    }
    segments[segment.key] = value
  }
  return { ok: true, segments }
}

/** Checks one segment value's shape (digits of the segment's width). */
export function isSegmentValue(key: AccountSegmentKey, value: string): boolean {
  const segment = ACCOUNT_SEGMENTS.find((candidate) => candidate.key === key)!
  return new RegExp(`^\\d{${segment.length}}$`).test(value)
}

export function formatAccountString(segments: AccountSegments): string {
  return ACCOUNT_SEGMENTS.map((segment) => segments[segment.key]).join('-')
}

/** An account string of the right shape (whether it exists in the chart is the server's question). */
export const AccountStringSchema = z
  .string({ error: `must be an account string (${ACCOUNT_FORMAT})` })
  .trim()
  .superRefine((value, context) => {
    const parsed = parseAccountString(value)
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error })
  })
