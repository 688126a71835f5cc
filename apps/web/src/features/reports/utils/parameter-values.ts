import { checkParameterValue } from '@platform/contracts/report-parameters'
import type { ReportParameter } from '@platform/contracts/reports'

/*
 * The viewer's parameter prompts: what the inputs hold (text, or a list for multiSelect), which values are missing or
 * malformed, and the typed values sent to /api/reportrun and /api/reportexport.
 */

export type PromptValue = string | string[]
export type PromptValues = Record<string, PromptValue>
type Scalar = string | number | boolean | null
export type ParameterValues = Record<string, Scalar | Scalar[]>

/** An input's value as one text (a list joined with commas)… */
export const promptText = (value: PromptValue): string => (typeof value === 'string' ? value : value.join(', '))

/** … and as a list (a text split at its commas). */
export const promptList = (value: PromptValue): string[] =>
  Array.isArray(value)
    ? value
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)

function defaultText(parameter: ReportParameter): PromptValue {
  const value = parameter.default
  if (parameter.type === 'multiSelect') {
    if (Array.isArray(value)) return value.filter((item) => item !== null).map(String)
    return value === undefined || value === null || value === ''
      ? []
      : String(value)
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
  }
  if (Array.isArray(value)) return value.map(String).join(', ')
  return value === undefined || value === null ? '' : String(value)
}

export function initialPromptValues(parameters: readonly ReportParameter[]): PromptValues {
  return Object.fromEntries(parameters.map((parameter) => [parameter.id, defaultText(parameter)]))
}

const isEmpty = (value: PromptValue | undefined) => value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '')

/** Whether the report can run at once: every required parameter has a default. */
export function readyToRun(parameters: readonly ReportParameter[]): boolean {
  const values = initialPromptValues(parameters)
  return parameters.every((parameter) => !parameter.required || !isEmpty(values[parameter.id]))
}

/** The problem with each input, by parameter id: the contract's rule the server applies (this saves a round trip). */
export function promptProblems(parameters: readonly ReportParameter[], values: PromptValues): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const parameter of parameters) {
    const value = values[parameter.id]
    if (value === undefined || isEmpty(value)) {
      if (parameter.required) problems[parameter.id] = `${parameter.label} is required`
      continue
    }
    const checked = checkParameterValue(parameter, Array.isArray(value) ? value : value.trim())
    if (!checked.ok) problems[parameter.id] = `${checked.problem[0]!.toUpperCase()}${checked.problem.slice(1)}`
  }
  return problems
}

/** The values as the server takes them, typed; empty inputs are left out so the server applies the defaults. */
export function toParameterValues(parameters: readonly ReportParameter[], values: PromptValues): ParameterValues {
  const out: ParameterValues = {}
  for (const parameter of parameters) {
    const value = values[parameter.id]
    if (value === undefined || isEmpty(value)) continue
    if (Array.isArray(value)) {
      out[parameter.id] = value
      continue
    }
    const text = value.trim()
    switch (parameter.type) {
      case 'integer':
        out[parameter.id] = /^-?\d+$/.test(text) ? Number(text) : text
        break
      case 'decimal': {
        const number = Number(text.replace(/,/g, ''))
        out[parameter.id] = Number.isFinite(number) ? number : text
        break
      }
      case 'boolean':
        out[parameter.id] = text === 'true'
        break
      case 'multiSelect':
        out[parameter.id] = text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
        break
      default:
        out[parameter.id] = text
    }
  }
  return out
}

/** A default typed in the designer, as the parameter's type holds it (a list for multiSelect). */
export function parseParameterDefault(text: string, type: ReportParameter['type']): ReportParameter['default'] {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (type === 'multiSelect')
    return trimmed
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  if ((type === 'integer' || type === 'decimal') && Number.isFinite(Number(trimmed))) return Number(trimmed)
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true'
  return trimmed
}

export function parameterDefaultText(value: ReportParameter['default']): string {
  if (value === undefined || value === null) return ''
  return Array.isArray(value) ? value.filter((item) => item !== null).join(', ') : String(value)
}
