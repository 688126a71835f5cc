import { type FigureResult, formatValue, higherIsBetter } from './figures.js'

/** What a run writes to bench/results and what bench/recorded.json keeps per database. */
export interface RunResult {
  date: string
  commit: string
  dialect: 'sqlite' | 'postgres'
  node: string
  cpus: string
  runs: number
  /** The health call's rate in the same run: how fast this machine is right now. */
  baseline: FigureResult
  figures: Record<string, FigureResult>
}

export const DEFAULT_TOLERANCE = 0.15

/**
 * Compares a run with the recorded one. A rate is expected to move with the baseline (a machine half as fast serves
 * half the requests), a time against it; memory, sizes and ratios not at all. A figure worse than expected by more
 * than the tolerance is a regression; better by more is reported so the record can be renewed.
 */
export function compareRuns(current: RunResult, recorded: RunResult, tolerance = DEFAULT_TOLERANCE) {
  const speed = current.baseline.median / recorded.baseline.median
  const lines: string[] = [
    `Compared with the run of ${recorded.date} (commit ${recorded.commit}): this machine's baseline ${formatValue(current.baseline.median, 'req/s')} against ${formatValue(recorded.baseline.median, 'req/s')} (× ${speed.toFixed(2)}); tolerance ${Math.round(tolerance * 100)}%.`,
  ]
  const regressions: string[] = []
  for (const [name, figure] of Object.entries(current.figures)) {
    const before = recorded.figures[name]
    if (!before) {
      lines.push(`  ${name}: not in the record`)
      continue
    }
    const expected = figure.kind === 'rate' ? before.median * speed : figure.kind === 'time' ? before.median / speed : before.median
    // Positive: worse than the baseline explains, as a share of what was expected.
    const worse = higherIsBetter(figure.kind) ? 1 - figure.median / expected : figure.median / expected - 1
    const text = `${name}: ${formatValue(figure.median, figure.unit)}, expected ${formatValue(expected, figure.unit)} from ${formatValue(before.median, figure.unit)}`
    if (worse > tolerance && !withinResolution(figure, expected)) {
      regressions.push(name)
      lines.push(`  REGRESSED ${text} (${Math.round(worse * 100)}% worse)`)
    } else if (-worse > tolerance) {
      lines.push(`  improved  ${text} (${Math.round(-worse * 100)}% better)`)
    } else {
      lines.push(`  steady    ${text}`)
    }
  }
  const scenarios = new Set(Object.keys(current.figures).map((name) => name.split('/')[0]))
  for (const name of Object.keys(recorded.figures)) {
    if (scenarios.has(name.split('/')[0]) && !(name in current.figures)) lines.push(`  ${name}: recorded but not measured in this run`)
  }
  return { lines, regressions }
}

/**
 * The load generator gives latencies in whole milliseconds: 1 ms against an expected 0.4 is not a regression, however
 * large the share. A figure within a millisecond of what was expected is steady.
 */
function withinResolution(figure: FigureResult, expected: number): boolean {
  return figure.unit === 'ms' && Number.isInteger(figure.median) && Math.abs(figure.median - expected) <= 1
}
