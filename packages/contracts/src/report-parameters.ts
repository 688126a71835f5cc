import type { ReportParameter } from './reports.js'

/** A parameter's value once checked: one value, or a list for multiSelect. */
export type ParameterValue = string | number | boolean | null | Array<string | number | boolean | null>

export type ParameterCheck = { ok: true; value: ParameterValue } | { ok: false; problem: string }

/** Nothing given: the default applies (or "All", or "is required"). */
export const emptyParameterValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)

/**
 * A value given for a report parameter, checked and converted to the parameter's type. The one rule for it: the
 * server's engine applies it before a report runs, the viewer's prompts before they send (saving a round trip).
 * The problem reads after the parameter's label: "Fiscal year: 'abc' is not a whole number".
 */
export function checkParameterValue(parameter: ReportParameter, raw: unknown): ParameterCheck {
  const one = (value: unknown): { value: string | number | boolean } | { problem: string } => {
    switch (parameter.type) {
      case 'integer': {
        const number = typeof value === 'number' ? value : Number(String(value).trim())
        return Number.isInteger(number) && String(value).trim() !== ''
          ? { value: number }
          : { problem: `'${String(value)}' is not a whole number` }
      }
      case 'decimal': {
        const number = typeof value === 'number' ? value : Number(String(value).trim().replace(/,/g, ''))
        return Number.isFinite(number) && String(value).trim() !== ''
          ? { value: number }
          : { problem: `'${String(value)}' is not a number` }
      }
      case 'date': {
        const text = String(value).trim()
        return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
          ? { value: text }
          : { problem: `'${text}' is not a date (yyyy-mm-dd)` }
      }
      case 'boolean':
        if (value === true || value === 'true') return { value: true }
        if (value === false || value === 'false') return { value: false }
        return { problem: `'${String(value)}' is not yes or no` }
      default: {
        const text = String(value)
        if (text.length > 500) return { problem: 'the value is longer than 500 characters' }
        if (parameter.options && (parameter.type === 'select' || parameter.type === 'multiSelect') && !parameter.options.includes(text))
          return { problem: `'${text}' is not one of the choices (${parameter.options.slice(0, 10).join(', ')})` }
        return { value: text }
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
    const values: Array<string | number | boolean> = []
    for (const item of list) {
      const checked = one(item)
      if ('problem' in checked) return { ok: false, problem: checked.problem }
      values.push(checked.value)
    }
    return { ok: true, value: values }
  }
  if (Array.isArray(raw)) return { ok: false, problem: 'takes one value' }
  const checked = one(raw)
  return 'problem' in checked ? { ok: false, problem: checked.problem } : { ok: true, value: checked.value }
}
