import { PARAMETER_OPTIONS_LIMIT, type ReportParameter } from '@platform/contracts/reports'
import type { AppliedParameters, ParameterValue } from './parameters.js'
import type { QueryRunner } from './report-engine.js'
import { DefinitionError, type ReportPlan } from './report-plan.js'
import type { ReportQueries } from './report-queries.js'

type Scalar = string | number | boolean

const valuesOf = (value: ParameterValue | undefined): Scalar[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is Scalar => item !== null && item !== undefined && item !== '')

/** The earlier parameters' values that narrow a parameter's choices; one left empty narrows nothing. */
export function narrowingOf(parameter: ReportParameter, values: Map<string, ParameterValue>) {
  return (parameter.filteredBy ?? []).flatMap((narrow) => {
    const list = valuesOf(values.get(narrow.param))
    return list.length > 0 ? [{ field: narrow.field, values: list }] : []
  })
}

/** The choices of every parameter that takes them from a field, each narrowed by the values before it. */
export async function parameterChoices(plan: ReportPlan, values: Map<string, ParameterValue>, queries: ReportQueries, run: QueryRunner) {
  const options: Record<string, string[]> = {}
  for (const parameter of plan.definition.parameters) {
    if (!parameter.optionsFrom) continue
    const rows = await run(queries.distinct(parameter.optionsFrom, PARAMETER_OPTIONS_LIMIT, narrowingOf(parameter, values)))
    options[parameter.id] = rows.map((row) => String(row.value))
  }
  return options
}

/**
 * A value sent for a narrowed parameter must be one of its choices for the earlier values: the prompt offers only
 * those, and a value kept from before an earlier one changed (or typed into a link) would quietly show nothing.
 */
export async function checkNarrowedValues(
  plan: ReportPlan,
  applied: AppliedParameters,
  supplied: Record<string, unknown>,
  queries: ReportQueries,
  run: QueryRunner,
) {
  for (const parameter of plan.definition.parameters) {
    if (!parameter.optionsFrom || !(parameter.filteredBy?.length ?? 0) || supplied[parameter.id] === undefined) continue
    const narrowing = narrowingOf(parameter, applied.values)
    const sent = valuesOf(applied.values.get(parameter.id))
    if (narrowing.length === 0 || sent.length === 0) continue
    const offered = new Set(
      (await run(queries.distinct(parameter.optionsFrom, sent.length, narrowing, sent))).map((row) => String(row.value)),
    )
    const missing = sent.find((value) => !offered.has(String(value)))
    if (missing === undefined) continue
    const earlier = (parameter.filteredBy ?? [])
      .map((narrow) => plan.definition.parameters.find((candidate) => candidate.id === narrow.param)?.label)
      .filter(Boolean)
      .join(' and ')
    throw new DefinitionError([
      `${parameter.label}: '${String(missing)}' is not one of the choices for the ${earlier} you chose. Choose ${parameter.label.toLowerCase()} again from the list.`,
    ])
  }
}
