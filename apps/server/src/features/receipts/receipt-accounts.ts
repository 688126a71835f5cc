import { parseAccountString } from '@platform/contracts/finance-account'

// The segments that say what an account is to a payer: the fund, the resource and the object (what the money is).
const DESCRIBING = ['FUND', 'RESOURCE', 'OBJECT'] as const

/**
 * Each account string's words from the chart's names of its fund, resource and object ('General Fund · Unrestricted ·
 * Other Local Revenue'); an account whose segments have no names in the chart is left out (printed as its string).
 */
export function accountWords(
  accounts: string[],
  names: ReadonlyArray<{ segment: string; value: string; name: string }>,
): Map<string, string> {
  const byValue = new Map(names.map((row) => [`${row.segment}:${row.value}`, row.name]))
  const words = new Map<string, string>()
  for (const account of accounts) {
    const parsed = parseAccountString(account)
    if (!parsed.ok) continue
    const parts = DESCRIBING.map((segment) => byValue.get(`${segment}:${parsed.segments[segment]}`)).filter((name): name is string =>
      Boolean(name),
    )
    if (parts.length > 0) words.set(account, parts.join(' · '))
  }
  return words
}
