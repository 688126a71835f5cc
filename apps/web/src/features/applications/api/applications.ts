import {
  ApplicationDeletedResponseSchema,
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  type CreateApplicationBody,
  type UpdateApplicationBody,
} from '@platform/contracts/applications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'

export const applicationKeys = { all: ['applications'] as const, admin: ['applications', 'admin'] as const }

/** GET /api/admin/metadata/applications (every application, with how many people hold it). */
export const useAdminApplications = () =>
  useQuery({
    queryKey: applicationKeys.admin,
    queryFn: ({ signal }) => api.get('/api/admin/metadata/applications', ApplicationListResponseSchema, { signal }),
    select: (response) => response.data,
  })

/** After any change: the list, the user forms' application choices and the signed-in person's own menu. */
function useAfterApplicationChange() {
  const queryClient = useQueryClient()
  const { refreshProfile } = useAuth()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: applicationKeys.all })
    // User Management caches the grantable applications under ['users', ...]; the keys are plain names.
    void queryClient.invalidateQueries({ queryKey: ['users'] })
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    void refreshProfile()
  }
}

/** POST /api/admin/applications */
export function useCreateApplication() {
  const afterChange = useAfterApplicationChange()
  return useMutation({
    mutationFn: (body: CreateApplicationBody) => api.post('/api/admin/applications', ApplicationResponseSchema, body),
    onSuccess: afterChange,
  })
}

/** PUT /api/admin/applications/{app_id} (the code is sent unchanged or not at all). */
export function useUpdateApplication() {
  const afterChange = useAfterApplicationChange()
  return useMutation({
    mutationFn: ({ appId, body }: { appId: number; body: UpdateApplicationBody }) =>
      api.put(`/api/admin/applications/${encodeURIComponent(appId)}`, ApplicationResponseSchema, body),
    onSuccess: afterChange,
  })
}

/** DELETE /api/admin/applications/{app_id} (removes everyone's grants to it). */
export function useDeleteApplication() {
  const afterChange = useAfterApplicationChange()
  return useMutation({
    mutationFn: (appId: number) => api.delete(`/api/admin/applications/${encodeURIComponent(appId)}`, ApplicationDeletedResponseSchema),
    onSuccess: afterChange,
  })
}
