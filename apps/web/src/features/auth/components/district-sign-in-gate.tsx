import type { AuthConfigResponse } from '@platform/contracts/auth'
import { useState, type ReactNode } from 'react'
import { CenteredPage } from '@/components/layout/centered-page'
import { UnknownRoute } from '@/components/unknown-route'
import { useAuthConfig } from '../api/auth-config'
import { ProviderStatusError, ProviderStatusLoading } from './provider-status'

/**
 * /login-clerk and /auth/verify-clerk exist only while the district sign-in is configured: until the configuration
 * is known the page waits (status loading, or error with Retry); when it is off they answer as an unknown path does.
 */
export function DistrictSignInGate({ children }: { children: (config: AuthConfigResponse) => ReactNode }) {
  const config = useAuthConfig()
  // A sign-in empties the query cache; the page under way must not fall back to 'loading' (and lose its state) then.
  const [known, setKnown] = useState<AuthConfigResponse | null>(null)
  if (config.data && config.data !== known) setKnown(config.data)
  const current = config.data ?? known

  if (current) return current.districtSignIn.enabled ? children(current) : <UnknownRoute />
  if (config.isPending) {
    return (
      <CenteredPage>
        <ProviderStatusLoading />
      </CenteredPage>
    )
  }
  return (
    <CenteredPage>
      <ProviderStatusError onRetry={() => void config.refetch()} retrying={config.isFetching} />
    </CenteredPage>
  )
}
