import { CenteredPage } from '@/components/layout/centered-page'
import { DebugAuthPanel } from '@/features/auth/components/debug-auth-panel'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /debug-auth */
export function DebugAuthPage() {
  useDocumentTitle('Debug Authentication')
  return (
    <CenteredPage width={800}>
      <DebugAuthPanel />
    </CenteredPage>
  )
}
