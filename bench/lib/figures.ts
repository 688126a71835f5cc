/** How a figure moves on a slower machine: rates fall and times grow with it; memory, sizes and ratios do not. */
export type FigureKind = 'rate' | 'time' | 'memory' | 'size' | 'ratio'

export interface FigureSpec {
  label: string
  unit: string
  kind: FigureKind
  /** The issue's target, if the figure has one. */
  target?: { op: '>=' | '<'; value: number }
}

export interface FigureResult extends FigureSpec {
  samples: number[]
  median: number
  min: number
  max: number
  /** Whether the median meets the target; null without one. */
  met: boolean | null
}

export type RecordFigure = (key: string, spec: FigureSpec, value: number) => void

export const higherIsBetter = (kind: FigureKind) => kind === 'rate' || kind === 'ratio'

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const meets = (target: FigureSpec['target'], value: number) =>
  !target ? null : target.op === '>=' ? value >= target.value : value < target.value

/** Collects every sample of every figure of a run, in the order they were first recorded. */
export function createFigures() {
  const figures = new Map<string, { spec: FigureSpec; samples: number[] }>()
  return {
    scoped(scenario: string): RecordFigure {
      return (key, spec, value) => {
        const name = `${scenario}/${key}`
        const figure = figures.get(name) ?? { spec, samples: [] }
        figure.samples.push(value)
        figures.set(name, figure)
      }
    },
    results(): Record<string, FigureResult> {
      return Object.fromEntries(
        [...figures].map(([name, { spec, samples }]) => {
          const middle = median(samples)
          return [
            name,
            { ...spec, samples, median: middle, min: Math.min(...samples), max: Math.max(...samples), met: meets(spec.target, middle) },
          ]
        }),
      )
    },
  }
}

const formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
export function formatValue(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)} ${unit}`.trim()
}

/** How far the median is from its target, as a share of the target (0.2: met by 20%). */
export function room(figure: FigureResult): number {
  if (!figure.target) return 0
  return figure.target.op === '>=' ? figure.median / figure.target.value - 1 : 1 - figure.median / figure.target.value
}

export function describeFigure(figure: FigureResult): string {
  const spread =
    figure.samples.length > 1
      ? ` (min ${formatValue(figure.min, figure.unit)}, max ${formatValue(figure.max, figure.unit)}, ${figure.samples.length} runs)`
      : ''
  const target = figure.target
    ? `; target ${figure.target.op === '>=' ? '≥' : '<'} ${formatter.format(figure.target.value)} ${figure.unit}: ${figure.met ? `met, ${Math.round(room(figure) * 100)}% room` : 'MISSED'}`
    : ''
  return `${figure.label}: ${formatValue(figure.median, figure.unit)}${spread}${target}`
}
