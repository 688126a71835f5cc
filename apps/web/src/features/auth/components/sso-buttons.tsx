import { Button, Divider, Stack } from '@mantine/core'
import type { AuthConfigResponse } from '@platform/contracts/auth'
import { ssoStartUrl } from '../utils/sso'
import { ProviderLogo } from './provider-logos'

export interface SsoButtonsProps {
  providers: AuthConfigResponse['sso']
  /** district on /login-clerk: a failure comes back there instead of /login. */
  from?: 'standard' | 'district'
  /** Called as the person leaves for the identity provider (to remember where to go afterwards). */
  onStart?: () => void
}

/**
 * 'Sign in with Microsoft' / 'Sign in with Google'. Plain links, not fetches: the server answers with a redirect
 * to the identity provider, which must happen in the top-level page.
 */
export function SsoButtons({ providers, from = 'standard', onStart }: SsoButtonsProps) {
  if (providers.length === 0) return null
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={ssoStartUrl(provider.id, from)}
          onClick={onStart}
          variant="default"
          fullWidth
          leftSection={<ProviderLogo provider={provider.id} />}
        >
          {provider.label}
        </Button>
      ))}
    </Stack>
  )
}
