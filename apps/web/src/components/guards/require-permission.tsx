import type { SessionUser } from '@platform/contracts/auth'
import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useAuth } from '@/lib/auth-context'
import { AccessMessage } from '../access-message'

export interface RequirePermissionProps {
  /** A menu id that must be in the person's permissions. */
  permission?: string
  /** Or any other rule about the person. */
  allow?: (user: SessionUser) => boolean
  children?: ReactNode
}

/** Lets through people who hold the permission; others read 'Access Denied'. */
export function RequirePermission({ permission, allow, children }: RequirePermissionProps) {
  const { user } = useAuth()
  const permitted =
    user !== null && (permission === undefined || user.permissions.includes(permission)) && (allow === undefined || allow(user))
  if (!permitted) {
    return <AccessMessage title="Access Denied" message="You don't have permission to view this page." />
  }
  return children ?? <Outlet />
}
