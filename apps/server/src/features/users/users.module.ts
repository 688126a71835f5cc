import type { Transaction } from 'kysely'
import type { Core, FeatureModule } from '../../core.js'
import type { Database } from '../../db/schema.js'
import type { InvitationsService } from '../auth/invitations.service.js'
import type { SessionsService } from '../auth/sessions.service.js'
import type { DutiesRepository } from './duties.repository.js'
import { usersRoutes } from './users.routes.js'
import { createUsersService } from './users.service.js'
import { createUsersImportService } from './users-import.service.js'

interface UsersModuleDeps {
  sessions: SessionsService
  invitations: InvitationsService
  duties: DutiesRepository
  /** The finance sites, whose ids duties name. */
  sites: Parameters<typeof createUsersImportService>[0]['sites']
}

/** User Management: people, their roles, applications and duties, invitations, and importing people from a file. */
export function usersModule(core: Core, { sessions, invitations, duties, sites }: UsersModuleDeps) {
  const { users, audit, clock, inTransaction, applicationsRepository } = core
  const adminDeps = {
    users,
    audit,
    clock,
    inTransaction,
    duties,
    siteIds: async () => (await sites()).map((site) => site.site_id),
    sites,
    catalogue: () => applicationsRepository.catalogue(),
    invalidateMenus: (trx: Transaction<Database>) => applicationsRepository.bumpAccessVersion(trx),
    sendInvitation: invitations.send,
  }
  const usersService = createUsersService({
    ...adminDeps,
    resendInvitation: invitations.resend,
    endAllAccess: (userId, reason) => sessions.endAllAccess(userId, reason),
    endSessions: (userId, reason) => sessions.endSessions(userId, reason),
  })
  const importer = createUsersImportService({ ...adminDeps, queueInvitation: invitations.queue })
  const module: FeatureModule = {
    async routes(api) {
      await api.register(usersRoutes, { users: usersService, importer, catalogue: () => applicationsRepository.catalogue() })
    },
  }
  return { ...module, usersService }
}
