import { CenteredPage } from '@/components/layout/centered-page'
import { UnsubscribePanel } from '@/features/reports/components/subscriptions/unsubscribe-page'

/** /unsubscribe: a report e-mail's unsubscribe link, without sign-in, in the plain frame of the public pages. */
export function UnsubscribePage() {
  return (
    <CenteredPage width={520}>
      <UnsubscribePanel />
    </CenteredPage>
  )
}
