import { RequirePermission } from '@/components/guards/require-permission'
import { PublicInformation } from '@/features/records/components/public-information'

/** /apps/public-info/*: requires the PUBLIC_INFO application; the server checks each duty on the request. */
export function PublicInfoPage() {
  return (
    <RequirePermission permission="public-info">
      <PublicInformation />
    </RequirePermission>
  )
}
