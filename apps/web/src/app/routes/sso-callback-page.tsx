import { CenteredPage } from '@/components/layout/centered-page'
import { SsoCompletePanel } from '@/features/auth/components/sso-complete-panel'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /auth/sso */
export function SsoCallbackPage() {
  useDocumentTitle('Single sign-on')
  return (
    <CenteredPage>
      <SsoCompletePanel />
    </CenteredPage>
  )
}
