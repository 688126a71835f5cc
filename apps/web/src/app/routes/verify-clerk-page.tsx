import { CenteredPage } from '@/components/layout/centered-page'
import { DistrictSignInGate } from '@/features/auth/components/district-sign-in-gate'
import { DISTRICT_VERIFY, VerifyLinkPanel } from '@/features/auth/components/verify-link-panel'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /auth/verify-clerk: the district sign-in's link (redirects after 2 s), when the district sign-in is configured. */
export function VerifyClerkPage() {
  useDocumentTitle('Verify sign-in')
  return (
    <DistrictSignInGate>
      {() => (
        <CenteredPage>
          <VerifyLinkPanel variant={DISTRICT_VERIFY} />
        </CenteredPage>
      )}
    </DistrictSignInGate>
  )
}
