import { Navigate } from 'react-router'

/** What an unknown path renders (SPEC.md §2: it redirects to /dashboard); also used by routes that are switched off. */
export function UnknownRoute() {
  return <Navigate to="/dashboard" replace />
}
