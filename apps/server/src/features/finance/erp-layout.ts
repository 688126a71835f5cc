import { ERP_LAYOUT_SETTING_KEY, type ErpLayout, erpLayoutOf } from '@platform/contracts/finance-erp-layout'
import type { Db, WrittenAlong } from '../../db/database.js'
import { createSettingsRepository } from '../../db/settings.repository.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'

type Client = { ip: string; userAgent: string | undefined }

/** The district's ERP import layout, kept in the settings table through its one owner (db/settings.repository.ts). */
export function createErpLayoutRepository(db: Db) {
  const settings = createSettingsRepository(db)
  return {
    /** The layout the journals are written in: the platform's CSV until an administrator chooses otherwise. */
    read: async (): Promise<ErpLayout> => erpLayoutOf(await settings.get(ERP_LAYOUT_SETTING_KEY)),
    save: (value: ErpLayout, along: WrittenAlong) =>
      db.kysely.transaction().execute(async (trx) => {
        await settings.put(ERP_LAYOUT_SETTING_KEY, JSON.stringify(value), trx)
        await along(trx)
      }),
  }
}
export type ErpLayoutRepository = ReturnType<typeof createErpLayoutRepository>

/** Choosing the layout (administrators): checked by its contract on the way in, audited with what it replaced. */
export function createErpLayoutService(deps: { layouts: ErpLayoutRepository; audit: AuditService }) {
  return {
    get: () => deps.layouts.read(),
    async save(input: ErpLayout, actor: AuthUser, client: Client): Promise<ErpLayout> {
      const before = await deps.layouts.read()
      await deps.layouts.save(input, (trx) =>
        deps.audit.record(
          {
            action: 'finance.erp_layout_saved',
            outcome: 'success',
            actorUserId: actor.id,
            targetType: 'settings',
            ip: client.ip,
            userAgent: client.userAgent,
            details: { before, after: input },
          },
          trx,
        ),
      )
      return deps.layouts.read()
    },
  }
}
export type ErpLayoutService = ReturnType<typeof createErpLayoutService>
