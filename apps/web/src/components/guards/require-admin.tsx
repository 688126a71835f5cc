import { isAdminRole } from '@platform/contracts/auth'
import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useAuth } from '@/lib/auth-context'
import { AccessMessage } from '../access-message'

/** Only SUPER_ADMIN and ADMIN pass (a convenience: the server enforces it too). */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user } = useAuth()
  if (!isAdminRole(user?.roleCode)) {
    return <AccessMessage title="Admin Access Required" message="Only administrators can access this page." />
  }
  return children ?? <Outlet />
}
