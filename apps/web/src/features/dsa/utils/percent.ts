const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A 0–100 rate as "87.5%"; '—' when there is none yet (no finished run). */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—'
  return `${share.format(rate)}%`
}

/** `part` as a percentage of `whole` ("25%"), '—' when the whole is 0. */
export function percentOf(part: number, whole: number): string {
  return whole > 0 ? formatPercent((part / whole) * 100) : '—'
}
