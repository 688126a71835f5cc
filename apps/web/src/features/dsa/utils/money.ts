import type { DsaProject } from '@platform/contracts/dsa'
import { dsaLabels } from '@platform/contracts/labels/dsa'

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** An amount in US dollars ("$1,250,000", "$1,250,000.50"); '—' when the tracker gave none. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  // Tracker amounts are mostly whole dollars: cents only when there are some, so a column of costs stays easy to scan.
  return Number.isInteger(value) ? wholeDollars.format(value) : withCents.format(value)
}

const COST_SOURCE_LABELS: Record<NonNullable<DsaProject['costSource']>, string> = dsaLabels.costSource

/** Which of the tracker's amounts the construction cost is ("Final cost"), or null when there is no cost. */
export function costSourceLabel(source: DsaProject['costSource']): string | null {
  return source ? COST_SOURCE_LABELS[source] : null
}
