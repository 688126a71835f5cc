import { Anchor, Group, Stack } from '@mantine/core'
import { Building2 } from 'lucide-react'
import { Link } from 'react-router'
import { useAuthConfig } from '../api/auth-config'
import { ProviderStatusError, ProviderStatusLoading } from './provider-status'
import { SsoButtons } from './sso-buttons'

/**
 * What /login offers besides the e-mailed link, as configured on the server: single sign-on and the district
 * sign-in. The e-mail form works whatever this shows, so loading and errors stay small.
 */
export function SignInOptions({ onSsoStart }: { onSsoStart?: () => void }) {
  const config = useAuthConfig()
  if (config.isPending) return <ProviderStatusLoading compact />
  if (config.isError) return <ProviderStatusError compact onRetry={() => void config.refetch()} retrying={config.isFetching} />

  const { districtSignIn, sso } = config.data
  if (!districtSignIn.enabled && sso.length === 0) return null
  return (
    <Stack gap="md">
      <SsoButtons providers={sso} onStart={onSsoStart} />
      {districtSignIn.enabled ? (
        <Group justify="center" gap={6}>
          <Building2 size={16} aria-hidden="true" />
          <Anchor component={Link} to="/login-clerk" size="sm" fw={600}>
            Sign in with your district email
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  )
}
