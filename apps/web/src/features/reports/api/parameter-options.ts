import { ParameterOptionsResponseSchema, type ReportParameter } from '@platform/contracts/reports'
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

const fetchOptions = (body: { reportId?: number; definition?: unknown }, signal: AbortSignal) =>
  api.post('/api/reportoptions', ParameterOptionsResponseSchema, body, { signal }).then((response) => response.options)

/** POST /api/reportoptions for a saved report: the server reads the choices from the definition it holds. */
export const useSavedReportOptions = (reportId: number, version: number, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: reportKeys.options(reportId, version),
    queryFn: ({ signal }) => fetchOptions({ reportId }, signal),
    staleTime: 60_000,
  })

/**
 * POST /api/reportoptions for the designer's draft (`definitionJson`, already debounced; null asks nothing). The id of
 * the report being edited goes too, so its creator may ask without the designer role. The choices on screen stay
 * while the next draft's load.
 */
export const useDraftOptions = (reportId: number | null, definitionJson: string | null, enabled: boolean) =>
  useQuery({
    enabled: enabled && definitionJson !== null,
    queryKey: reportKeys.draftOptions(reportId, definitionJson ?? ''),
    queryFn: ({ signal }) => fetchOptions({ reportId: reportId ?? undefined, definition: JSON.parse(definitionJson!) as unknown }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

/** The query's state as the prompts read it; undefined when nothing is asked (the prompts then take free text). */
export function fieldChoicesOf(query: UseQueryResult<OptionsByParameter>, asked: boolean): FieldChoices | undefined {
  if (!asked) return undefined
  return { options: query.data, loading: query.isPending || query.isFetching, failed: query.isError }
}
