import { type ErpLayout, ErpLayoutResponseSchema } from '@platform/contracts/finance-erp-layout'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

const erpLayoutKey = ['finance', 'erp-layout'] as const

/** GET /api/finance/settings/erp-layout: the layout the journals are written in. */
export const useErpLayout = () =>
  useQuery({
    queryKey: erpLayoutKey,
    queryFn: ({ signal }) => api.get('/api/finance/settings/erp-layout', ErpLayoutResponseSchema, { signal }),
    select: (response) => response.data,
  })

/** PUT /api/finance/settings/erp-layout */
export function useSaveErpLayout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: ErpLayout) => api.put('/api/finance/settings/erp-layout', ErpLayoutResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: erpLayoutKey }),
  })
}
