import {
  AuditActionsResponseSchema,
  AuditCheckpointCreatedSchema,
  AuditCheckpointsResponseSchema,
  AuditListResponseSchema,
} from '@platform/contracts/audit'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob, todayStamp } from '@/lib/download'

/** The filters of the Activity view (empty strings mean "any"). */
export interface AuditFilters {
  person: string
  action: string
  /** YYYY-MM-DD */
  from: string
  to: string
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, limit: number, offset: number) => ['audit', 'list', filters, limit, offset] as const,
  actions: ['audit', 'actions'] as const,
  checkpoints: (limit: number, offset: number) => ['audit', 'checkpoints', limit, offset] as const,
}

/** GET /api/audit (newest first, paged). */
export const useAuditLog = (filters: AuditFilters, limit: number, offset: number) =>
  useQuery({
    queryKey: auditKeys.list(filters, limit, offset),
    queryFn: ({ signal }) => api.get('/api/audit', AuditListResponseSchema, { query: { ...filters, limit, offset }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  })

/** GET /api/audit/actions (the action names that occur, for the filter). */
export const useAuditActions = () =>
  useQuery({
    queryKey: auditKeys.actions,
    queryFn: ({ signal }) => api.get('/api/audit/actions', AuditActionsResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
  })

/** GET /api/audit/export with the same filters, saved as the server names it (else audit_log_{date}.csv). */
export async function exportAuditLog(filters: AuditFilters): Promise<void> {
  const { blob, filename } = await requestFile('/api/audit/export', { query: { ...filters }, accept: 'text/csv' })
  saveBlob(blob, filename ?? `audit_log_${todayStamp()}.csv`)
}

/** GET /api/audit/checkpoints (SUPER_ADMIN): the checkpoint log, newest first, with the published key. */
export const useAuditCheckpoints = (limit: number, offset: number) =>
  useQuery({
    queryKey: auditKeys.checkpoints(limit, offset),
    queryFn: ({ signal }) => api.get('/api/audit/checkpoints', AuditCheckpointsResponseSchema, { query: { limit, offset }, signal }),
    placeholderData: keepPreviousData,
  })

/** POST /api/audit/checkpoints: signs the chain's head now; the log and the activity list then show it. */
export function useSignCheckpoint() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/api/audit/checkpoints', AuditCheckpointCreatedSchema),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  })
}
