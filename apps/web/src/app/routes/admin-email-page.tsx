import { RequireAdmin } from '@/components/guards/require-admin'
import { EmailAdministration } from '@/features/email/components/email-administration'

/** /admin/email (administrators only): Email Administration. */
export function AdminEmailPage() {
  return (
    <RequireAdmin>
      <EmailAdministration />
    </RequireAdmin>
  )
}
