import { CenteredPage } from '@/components/layout/centered-page'
import { VerifyLinkPanel } from '@/features/auth/components/verify-link-panel'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /auth/verify */
export function VerifyPage() {
  useDocumentTitle('Verify sign-in')
  return (
    <CenteredPage>
      <VerifyLinkPanel />
    </CenteredPage>
  )
}
