import { isAdminRole } from '@platform/contracts/auth'
import type { Duty } from '@platform/contracts/finance'
import type { AttachmentAccessCheck } from './attachments.service.js'

/**
 * A site's own documents (deposit procedures, signature cards, safe logs): administrators add them; anyone with a
 * duty at the site, in any fiscal application, reads them.
 */
export function siteAttachmentAccess(deps: {
  siteExists: (siteId: number) => Promise<boolean>
  dutiesOf: (userId: number) => Promise<Duty[]>
}): AttachmentAccessCheck {
  return async (user, recordId, mode) => {
    const siteId = Number(recordId)
    if (!Number.isSafeInteger(siteId) || !(await deps.siteExists(siteId))) return false
    if (isAdminRole(user.roleCode)) return true
    if (mode === 'write') return false
    return (await deps.dutiesOf(user.id)).some((duty) => duty.siteIds === null || duty.siteIds.includes(siteId))
  }
}
