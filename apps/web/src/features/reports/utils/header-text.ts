import type { ReportResult } from '@platform/contracts/reports'
import { formatCell } from './format-cell'

/* Mirrors the server's exports/header-text.ts: the words around the table read the same on screen and in the files. */

/** 'Fiscal year: 2026 · Fund(s): 100, 200', or '' when there is nothing to show. */
export function parametersLine(parameters: ReportResult['parameters']): string {
  return parameters
    .filter((parameter) => parameter.value !== '')
    .map((parameter) => `${parameter.label}: ${parameter.value}`)
    .join(' · ')
}

/**
 * 'Run Mar 1, 2026 2:05 PM UTC'. generatedAt is an ISO instant; the cell rules show times as written, so say which
 * zone that is when the instant carries one.
 */
export function runAtText(generatedAt: string): string {
  const shown = formatCell(generatedAt, 'datetime')
  if (!shown) return ''
  const offset = /T.*([+-]\d{2}:?\d{2})$/.exec(generatedAt)?.[1]
  const zone = /Z$/i.test(generatedAt) ? ' UTC' : offset ? ` UTC${offset}` : ''
  return `Run ${shown}${zone}`
}
