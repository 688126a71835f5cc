import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from '@/lib/auth-context'
import { FullPageLoader } from '../layout/full-page-loader'

/** The state /login receives: where the person was going. */
export interface LoginLocationState {
  from?: string
}

/** Lets signed-in people through; sends others to /login, remembering where they were going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, loading } = useAuth()
  const location = useLocation()

  if (!isAuthenticated) {
    if (loading) return <FullPageLoader label="Checking your session..." />
    const from = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to="/login" replace state={{ from } satisfies LoginLocationState} />
  }
  return children ?? <Outlet />
}
