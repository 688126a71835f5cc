import { ParameterOptionsResponseSchema, type ReportParameter } from '@platform/contracts/reports'
import type { PromptValues } from '../utils/parameter-values'
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { reportKeys } from './reports'

type OptionsByParameter = Record<string, string[]>

/** What the prompts need to offer a field's values: the choices by parameter id, and how asking for them went. */
export interface FieldChoices {
  /** Undefined until the first answer. */
  options: OptionsByParameter | undefined
  loading: boolean
  failed: boolean
}

/** A select or multiSelect whose choices are a field's distinct values, which only the server knows. */
export const takesFieldChoices = (parameter: ReportParameter) =>
  Boolean(parameter.optionsFrom) && (parameter.type === 'select' || parameter.type === 'multiSelect')

/**
 * The values of the parameters that narrow others' choices (a site narrows the accounts), as the prompts hold them:
 * only these are sent for choices, so typing into any other parameter asks nothing again.
 */
export function narrowingValues(parameters: readonly ReportParameter[], values: PromptValues): PromptValues {
  const narrowing = new Set(parameters.flatMap((parameter) => (parameter.filteredBy ?? []).map((narrow) => narrow.param)))
  return Object.fromEntries(Object.entries(values).filter(([id, value]) => narrowing.has(id) && value !== '' && value.length > 0))
}

const fetchOptions = (body: { reportId?: number; definition?: unknown; parameters?: PromptValues }, signal: AbortSignal) =>
  api.post('/api/reportoptions', ParameterOptionsResponseSchema, body, { signal }).then((response) => response.options)

/**
 * POST /api/reportoptions for a saved report: the server reads the choices from the definition it holds, narrowed by
 * the values chosen so far (`narrowing`). The choices on screen stay while narrower ones load.
 */
export const useSavedReportOptions = (reportId: number, version: number, enabled: boolean, narrowing: PromptValues = {}) =>
  useQuery({
    enabled,
    queryKey: [...reportKeys.options(reportId, version), narrowing],
    queryFn: ({ signal }) => fetchOptions({ reportId, ...(Object.keys(narrowing).length > 0 ? { parameters: narrowing } : {}) }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/**
 * POST /api/reportoptions for the designer's draft (`definitionJson`, already debounced; null asks nothing). The id of
 * the report being edited goes too, so its creator may ask without the designer role. The choices on screen stay
 * while the next draft's load.
 */
export const useDraftOptions = (reportId: number | null, definitionJson: string | null, enabled: boolean, narrowing: PromptValues = {}) =>
  useQuery({
    enabled: enabled && definitionJson !== null,
    queryKey: [...reportKeys.draftOptions(reportId, definitionJson ?? ''), narrowing],
    queryFn: ({ signal }) =>
      fetchOptions(
        {
          reportId: reportId ?? undefined,
          definition: JSON.parse(definitionJson!) as unknown,
          ...(Object.keys(narrowing).length > 0 ? { parameters: narrowing } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/** The query's state as the prompts read it; undefined when nothing is asked (the prompts then take free text). */
export function fieldChoicesOf(query: UseQueryResult<OptionsByParameter>, asked: boolean): FieldChoices | undefined {
  if (!asked) return undefined
  return { options: query.data, loading: query.isPending || query.isFetching, failed: query.isError }
}
