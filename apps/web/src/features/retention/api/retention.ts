import { type RetentionSettings, RetentionResponseSchema } from '@platform/contracts/retention'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

const retentionKey = ['retention'] as const

/** GET /api/retention: the settings in force and the last purge. */
export const useRetention = () =>
  useQuery({
    queryKey: retentionKey,
    queryFn: ({ signal }) => api.get('/api/retention', RetentionResponseSchema, { signal }),
    select: (response) => response.data,
  })

/** PUT /api/retention */
export function useSaveRetention() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: RetentionSettings) => api.put('/api/retention', RetentionResponseSchema, input),
    onSuccess: (response) => client.setQueryData(retentionKey, response),
  })
}
