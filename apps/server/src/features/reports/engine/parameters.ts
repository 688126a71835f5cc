import { checkParameterValue, emptyParameterValue, type ParameterValue } from '@platform/contracts/report-parameters'
import type { ReportDefinition } from '@platform/contracts/reports'
import { DefinitionError } from './report-plan.js'

export type { ParameterValue }

export interface AppliedParameters {
  values: Map<string, ParameterValue>
  /** For the report's header: 'Fiscal year: 2026'. */
  display: Array<{ id: string; label: string; value: string }>
}

/** The viewer's values, checked and converted to each parameter's type; defaults fill what was left empty. */
export function applyParameters(definition: ReportDefinition, supplied: Record<string, unknown>): AppliedParameters {
  const values = new Map<string, ParameterValue>()
  const display: AppliedParameters['display'] = []
  const unknown = Object.keys(supplied).filter((id) => !definition.parameters.some((parameter) => parameter.id === id))
  if (unknown.length > 0) throw new DefinitionError([`The report has no parameter ${unknown.map((id) => `'${id}'`).join(', ')}.`])
  for (const parameter of definition.parameters) {
    const raw = emptyParameterValue(supplied[parameter.id]) ? parameter.default : supplied[parameter.id]
    if (emptyParameterValue(raw)) {
      if (parameter.required) throw new DefinitionError([`${parameter.label} is required.`])
      values.set(parameter.id, null)
      display.push({ id: parameter.id, label: parameter.label, value: 'All' })
      continue
    }
    const checked = checkParameterValue(parameter, raw)
    if (!checked.ok) throw new DefinitionError([`${parameter.label}: ${checked.problem}.`])
    values.set(parameter.id, checked.value)
    display.push({
      id: parameter.id,
      label: parameter.label,
      value: Array.isArray(checked.value) ? checked.value.join(', ') : String(checked.value),
    })
  }
  return { values, display }
}
