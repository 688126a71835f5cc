import { isAdminRole } from '@platform/contracts/auth'
import { type MenuApplication, menuIdForCode } from '@platform/contracts/applications'
import type { ApplicationsRepository } from './applications.repository.js'

export interface ApplicationHolder {
  userId: number
  roleCode: string
}

/** Who holds which application (DESIGN.md §5): administrators hold every active one, others what they were granted. */
export function createApplicationsService({ applications }: { applications: ApplicationsRepository }) {
  async function heldBy(holder: ApplicationHolder): Promise<MenuApplication[]> {
    const rows = isAdminRole(holder.roleCode)
      ? await applications.listActive()
      : await applications.listGrantedActive(holder.userId)
    return rows.map((row) => ({ ...row, has_access: 'Y' as const }))
  }

  return {
    heldBy,
    /** The menu ids and applications of a session user. */
    async menuFor(holder: ApplicationHolder) {
      const held = await heldBy(holder)
      return { permissions: held.map((app) => menuIdForCode(app.app_code)), applications: held }
    },
    async holds(holder: ApplicationHolder, appCode: string): Promise<boolean> {
      const held = await heldBy(holder)
      return held.some((app) => app.app_code === appCode)
    },
  }
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>
