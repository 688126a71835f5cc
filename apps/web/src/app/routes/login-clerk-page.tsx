import { Anchor, Group, Stack } from '@mantine/core'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { DistrictSignInGate } from '@/features/auth/components/district-sign-in-gate'
import { LoginPageBody } from '@/features/auth/components/login-page-body'
import { SsoButtons } from '@/features/auth/components/sso-buttons'
import { SsoErrorAlert } from '@/features/auth/components/sso-error-alert'
import { PROVIDER_VERIFY_REDIRECT_DELAY_MS } from '@/features/auth/utils/redirect-delays'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /login-clerk: the district sign-in (addresses of the district's domains only), when it is configured. */
export function LoginClerkPage() {
  useDocumentTitle('District sign-in')
  return (
    <DistrictSignInGate>
      {(config) => (
        <LoginPageBody
          flow="district"
          allowedDomains={config.districtSignIn.domains}
          title="District sign-in"
          description="Enter your district email address and we will email you a sign-in link and a 6-digit code."
          backLabel="Use a different email"
          redirectDelayMs={PROVIDER_VERIFY_REDIRECT_DELAY_MS}
          notice={<SsoErrorAlert />}
          footer={(remember) => (
            <Stack gap="md">
              <SsoButtons providers={config.sso} from="district" onStart={remember} />
              <Group justify="center" gap={6}>
                <ArrowLeft size={16} aria-hidden="true" />
                <Anchor component={Link} to="/login" size="sm" fw={600}>
                  Other ways to sign in
                </Anchor>
              </Group>
            </Stack>
          )}
        />
      )}
    </DistrictSignInGate>
  )
}
