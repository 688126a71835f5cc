import { menuIdForCode, type MenuApplication } from '@platform/contracts/applications'
import { isAdminRole, type SessionUser } from '@platform/contracts/auth'

/** Where a menu item (or a dashboard tile) leads: a route of the app, or a new browser tab. */
export type AppDestination = { kind: 'route'; to: string } | { kind: 'new-tab'; to: string }

/** Applications whose screens exist only for administrators. */
export const ADMIN_ONLY_MENU_IDS: readonly string[] = ['weblogic-monitoring', 'user-management', 'email-admin']

/** Where a menu id leads: Reports Studio in a tab of its own, the tracker and the overview on their routes, every other application inside the dashboard. */
export function destinationForMenuId(menuId: string): AppDestination {
  switch (menuId) {
    case 'reports-studio':
      return { kind: 'new-tab', to: '/reports-studio' }
    case 'dsa-tracker':
      return { kind: 'route', to: '/dsa-tracker' }
    case 'dashboard':
      return { kind: 'route', to: '/apps/dashboard' }
    default:
      // weblogic-monitoring and user-management included: they render inside the dashboard's main area.
      return { kind: 'route', to: `/apps/${encodeURIComponent(menuId)}` }
  }
}

/** The destination of an application by its code. */
export function destinationForApplication(app: Pick<MenuApplication, 'app_code'>): AppDestination {
  return destinationForMenuId(menuIdForCode(app.app_code))
}

/** True when the person holds the DSA Project Tracker application. */
export function hasDsaTracker(user: Pick<SessionUser, 'applications'>): boolean {
  return user.applications.some((app) => app.app_code === 'DSA_TRACKER' && app.has_access === 'Y')
}

/** True when a menu item may be shown to this person. */
export function canSeeApplication(user: Pick<SessionUser, 'permissions' | 'applications' | 'roleCode'>, app: MenuApplication): boolean {
  const menuId = menuIdForCode(app.app_code)
  const admin = isAdminRole(user.roleCode)
  if ((app.admin_only === 1 || ADMIN_ONLY_MENU_IDS.includes(menuId)) && !admin) return false
  if (app.app_code === 'DSA_TRACKER') return app.has_access === 'Y'
  return user.permissions.includes(menuId)
}

/** The person's menu: their applications, in the server's display order, that they may see. */
export function visibleApplications(user: Pick<SessionUser, 'permissions' | 'applications' | 'roleCode'>): MenuApplication[] {
  return user.applications.filter((app) => canSeeApplication(user, app))
}

/** The application with this menu id among the person's applications. */
export function findApplicationByMenuId(user: Pick<SessionUser, 'applications'>, menuId: string): MenuApplication | undefined {
  return user.applications.find((app) => menuIdForCode(app.app_code) === menuId)
}

/** True when the path in the address bar belongs to this destination (for aria-current). */
export function isDestinationActive(destination: AppDestination, pathname: string): boolean {
  return pathname === destination.to || pathname.startsWith(`${destination.to}/`)
}

/** An application's own address, when it is an absolute https:// URL that may be opened. */
export function externalAppUrl(appUrl: string | null | undefined): string | null {
  if (!appUrl) return null
  try {
    const url = new URL(appUrl)
    return url.protocol === 'https:' && /^https:\/\//i.test(appUrl.trim()) ? url.toString() : null
  } catch {
    return null
  }
}
