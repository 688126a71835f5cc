import { isAdminRole } from '@platform/contracts/auth'
import { type MenuApplication, menuIdForCode } from '@platform/contracts/applications'
import type { ApplicationsRepository } from './applications.repository.js'

export interface ApplicationHolder {
  userId: number
  roleCode: string
  /** The access version read with the session, when the caller has it (saves a query). */
  accessVersion?: string | null
}

export interface Menu {
  permissions: string[]
  applications: MenuApplication[]
}

const MENU_CACHE_SIZE = 10_000

/**
 * Who holds which application: administrators hold every active one, others what they were granted.
 * Menus are cached per access version: any change to applications or grants writes a new version in the same
 * transaction, and every call reads the version with its session, so no instance ever serves an outdated menu.
 */
export function createApplicationsService({ applications }: { applications: ApplicationsRepository }) {
  const cache = new Map<string, Menu>()
  let cachedVersion: string | null = null

  async function menuFor(holder: ApplicationHolder): Promise<Menu> {
    const version = holder.accessVersion ?? (await applications.accessVersion())
    if (version !== cachedVersion) {
      cache.clear()
      cachedVersion = version
    }
    const isAdmin = isAdminRole(holder.roleCode)
    const key = isAdmin ? 'admin' : `user:${holder.userId}`
    const cached = cache.get(key)
    if (cached) return cached
    const rows = isAdmin ? await applications.listActive() : await applications.listGrantedActive(holder.userId)
    const held = rows.map((row) => ({ ...row, has_access: 'Y' as const }))
    const menu = { permissions: held.map((app) => menuIdForCode(app.app_code)), applications: held }
    // Rows read after the version are at least as new as it, so storing them under it is safe.
    if (cachedVersion === version) {
      if (cache.size >= MENU_CACHE_SIZE) cache.clear()
      cache.set(key, menu)
    }
    return menu
  }

  return {
    /** The menu ids and applications of a person (shared objects: read, never change them). */
    menuFor,
    async holds(holder: ApplicationHolder, appCode: string): Promise<boolean> {
      const { applications: held } = await menuFor(holder)
      return held.some((app) => app.app_code === appCode)
    },
    /** Marks every cached menu out of date (after a change to applications or grants). */
    invalidate: () => applications.bumpAccessVersion(),
  }
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>
