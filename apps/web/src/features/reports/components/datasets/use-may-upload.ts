import { REPORT_DESIGNER_ROLES } from '@platform/contracts/reports'
import { useAuth } from '@/lib/auth-context'

/** Report writers and administrators upload datasets (the server checks again); a report's creator alone does not. */
export function useMayUploadDatasets(): boolean {
  const { user } = useAuth()
  return user !== null && REPORT_DESIGNER_ROLES.includes(user.roleCode)
}
