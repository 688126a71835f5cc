import type { ReportDefinition, ReportParameter } from '@platform/contracts/reports'
import { DefinitionError } from './report-plan.js'

export type ParameterValue = string | number | boolean | null | Array<string | number | boolean | null>

export interface AppliedParameters {
  values: Map<string, ParameterValue>
  /** For the report's header: 'Fiscal year: 2026'. */
  display: Array<{ id: string; label: string; value: string }>
}

const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)

function coerce(parameter: ReportParameter, raw: unknown): ParameterValue {
  const fail = (what: string): never => {
    throw new DefinitionError([`${parameter.label}: ${what}.`])
  }
  const one = (value: unknown): string | number | boolean => {
    switch (parameter.type) {
      case 'integer': {
        const number = typeof value === 'number' ? value : Number(String(value).trim())
        if (!Number.isInteger(number)) fail(`'${String(value)}' is not a whole number`)
        return number
      }
      case 'decimal': {
        const number = typeof value === 'number' ? value : Number(String(value).trim().replace(/,/g, ''))
        if (!Number.isFinite(number)) fail(`'${String(value)}' is not a number`)
        return number
      }
      case 'date': {
        const text = String(value).trim()
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) fail(`'${text}' is not a date (yyyy-mm-dd)`)
        return text
      }
      case 'boolean':
        if (value === true || value === 'true') return true
        if (value === false || value === 'false') return false
        return fail(`'${String(value)}' is not yes or no`)
      default: {
        const text = String(value)
        if (text.length > 500) fail('the value is longer than 500 characters')
        if (parameter.options && (parameter.type === 'select' || parameter.type === 'multiSelect') && !parameter.options.includes(text)) {
          fail(`'${text}' is not one of the choices (${parameter.options.slice(0, 10).join(', ')})`)
        }
        return text
      }
    }
  }
  if (parameter.type === 'multiSelect') {
    const list = Array.isArray(raw)
      ? raw
      : String(raw)
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
    return list.map(one)
  }
  if (Array.isArray(raw)) fail('takes one value')
  return one(raw)
}

/** The viewer's values, checked and converted to each parameter's type; defaults fill what was left empty. */
export function applyParameters(definition: ReportDefinition, supplied: Record<string, unknown>): AppliedParameters {
  const values = new Map<string, ParameterValue>()
  const display: AppliedParameters['display'] = []
  const unknown = Object.keys(supplied).filter((id) => !definition.parameters.some((parameter) => parameter.id === id))
  if (unknown.length > 0) throw new DefinitionError([`The report has no parameter ${unknown.map((id) => `'${id}'`).join(', ')}.`])
  for (const parameter of definition.parameters) {
    const raw = empty(supplied[parameter.id]) ? parameter.default : supplied[parameter.id]
    if (empty(raw)) {
      if (parameter.required) throw new DefinitionError([`${parameter.label} is required.`])
      values.set(parameter.id, null)
      display.push({ id: parameter.id, label: parameter.label, value: 'All' })
      continue
    }
    const value = coerce(parameter, raw)
    values.set(parameter.id, value)
    display.push({ id: parameter.id, label: parameter.label, value: Array.isArray(value) ? value.join(', ') : String(value) })
  }
  return { values, display }
}
