import { ApiError } from '@/lib/api-client'

/** The reason a call failed, for the "Failed to …: <reason>" messages (the server's words when it sent some). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message
  return 'Unexpected error'
}

/** A 422: the server checked the definition or the parameter values and names every problem; shown as it is. */
export function isDefinitionProblem(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 422 && error.fromServer
}

/** A 409 on saving: someone saved the report after this designer opened it (or the version moved on meanwhile). */
export function isReportChanged(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'report_changed' || error.status === 409)
}
