import { Navigate, useLocation } from 'react-router'

/** What the redirect of an unknown address carries, so the dashboard can say the page did not exist. */
export interface UnknownRouteState {
  notFound: string
}

/** What an unknown path renders (it leads to /dashboard); also used by routes that are switched off. */
export function UnknownRoute() {
  const { pathname } = useLocation()
  const state: UnknownRouteState = { notFound: pathname }
  return <Navigate to="/dashboard" replace state={state} />
}

/** The address that did not exist, when this page was reached by the redirect above. */
export function notFoundPath(state: unknown): string | null {
  const path = (state as Partial<UnknownRouteState> | null)?.notFound
  return typeof path === 'string' && path !== '' ? path : null
}
