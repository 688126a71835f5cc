import { type SiteAccountsInput, SiteAccountsResponseSchema } from '@platform/contracts/finance-site-accounts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

const siteAccountsKey = (siteId: number) => ['finance', 'sites', siteId, 'accounts'] as const

/** GET /api/finance/sites/{id}/accounts: what a site's collectors may credit beyond its own revenue. */
export const useSiteAccounts = (siteId: number) =>
  useQuery({
    queryKey: siteAccountsKey(siteId),
    queryFn: ({ signal }) => api.get(`/api/finance/sites/${siteId}/accounts`, SiteAccountsResponseSchema, { signal }),
  })

/** PUT /api/finance/sites/{id}/accounts: replaces the site's allowed patterns. */
export function useSaveSiteAccounts(siteId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: SiteAccountsInput) => api.put(`/api/finance/sites/${siteId}/accounts`, SiteAccountsResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: siteAccountsKey(siteId) }),
  })
}
