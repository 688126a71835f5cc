import { SUPER_ADMIN } from '@platform/contracts/auth'
import type { User, UserListParams } from '@platform/contracts/users'
import { UserInputSchema } from '@platform/contracts/users'
import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { normalizeEmail } from '../../lib/email-address.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { ListedRow, UserRow, UsersRepository } from './users.repository.js'
import type { DutiesRepository } from './duties.repository.js'
import { type DutyRequest, resolveDuties } from './duties.js'
import type { ClientInfo } from '../../lib/client-info.js'

export type UserInputData = z.output<typeof UserInputSchema>

export interface CatalogueEntry {
  app_id: number
  app_code: string
  app_name: string
  admin_only: number
}

export type { ClientInfo } from '../../lib/client-info.js'

/** What sign-in and single sign-on may do with people: look them up and mark a sign-in (app.ts hands them the repository). */
export type UserDirectory = Pick<UsersRepository, 'findById' | 'findByEmail' | 'recordSignIn'>

export const USER_RULE_TEXT = {
  duplicate: 'A user with this email address already exists.',
  notFound: (id: number) => `There is no user with id ${id}.`,
  emailImmutable: 'The email address cannot be changed. Create a new user for the new address instead.',
  onlySuperAdmin: 'Only a super administrator can create, change or promote a super administrator.',
  ownAccess: 'You cannot change your own role or application access. Ask another administrator.',
  selfDeactivate: 'You cannot deactivate your own account.',
  lastSuperAdmin: 'There must always be at least one active super administrator.',
  inactiveInvite: 'This user is inactive: reactivate them before sending an invitation.',
  onlySuperAdminSignOut: 'Only a super administrator can sign a super administrator out everywhere.',
}

/** User Management's rules, enforced here whatever the client sends. */
export function createUsersService(deps: {
  users: UsersRepository
  duties: DutiesRepository
  /** Every finance site's id, for checking the sites of duties. */
  siteIds: () => Promise<number[]>
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  catalogue: () => Promise<CatalogueEntry[]>
  /** Marks cached menus out of date, inside the transaction that changed grants. */
  invalidateMenus: (trx: Transaction<Database>) => Promise<unknown>
  sendInvitation: (
    invitee: { userId: number; email: string; fullName: string },
    inviter: { id: number; fullName: string },
  ) => Promise<{ delivered: boolean; error?: string; willRetry?: boolean }>
  resendInvitation: (
    invitee: { userId: number; email: string; fullName: string },
    inviter: { id: number; fullName: string },
  ) => Promise<void>
  endAllAccess: (userId: number, reason: string) => Promise<void>
  /** Ends every session of a person (their links stay usable); returns how many. */
  endSessions: (userId: number, reason: string) => Promise<number>
}) {
  const { users, audit, clock, inTransaction, catalogue } = deps

  /** People as the list and the forms show them: with their invitation's state (pending, expired or none). */
  function present(rows: ListedRow[]): User[] {
    const now = clock.now().toISOString()
    return rows.map((row) => {
      const sent = row.invitation_sent_at !== null
      const usable = sent && !row.invitation_consumed_at && !row.invitation_revoked_at && (row.invitation_expires_at ?? '') > now
      const neverSignedIn = row.last_login === null
      const status = !sent || row.invitation_consumed_at || !neverSignedIn ? 'none' : usable ? 'pending' : 'expired'
      return {
        user_id: row.user_id,
        email: row.email,
        full_name: row.full_name,
        organization_id: row.organization_id,
        role_id: row.role_id,
        is_active: row.is_active,
        email_verified: row.email_verified,
        last_login: row.last_login,
        org_name: row.org_name,
        org_code: row.org_code,
        role_name: row.role_name,
        role_code: row.role_code,
        created_at: row.created_at,
        invitation_status: status,
        invitation_sent_at: row.invitation_sent_at,
      }
    })
  }

  /** One person as the list shows them. */
  async function getListed(userId: number): Promise<User> {
    const row = await users.findListed(userId)
    if (!row) throw new AppError('not_found', USER_RULE_TEXT.notFound(userId))
    return present([row])[0]!
  }

  async function getRow(userId: number): Promise<UserRow> {
    const row = await users.findById(userId)
    if (!row) throw new AppError('not_found', USER_RULE_TEXT.notFound(userId))
    return row
  }

  /** Checks the organisation, role and applications named by a form; returns the role code and the app ids. */
  async function resolveReferences(input: UserInputData) {
    const [orgs, roles, apps] = await Promise.all([users.organizations(), users.roles(), catalogue()])
    if (!orgs.some((org) => org.org_id === input.organizationId)) {
      throw new AppError('bad_request', `Unknown organization (id ${input.organizationId}).`, { code: 'unknown_organization' })
    }
    const role = roles.find((candidate) => candidate.role_id === input.roleId)
    if (!role) throw new AppError('bad_request', `Unknown role (id ${input.roleId}).`, { code: 'unknown_role' })
    const appIds = [...new Set(input.permissions.map((permission) => permission.appId))].sort((a, b) => a - b)
    for (const appId of appIds) {
      const app = apps.find((candidate) => candidate.app_id === appId)
      if (!app) throw new AppError('bad_request', `Unknown application (id ${appId}).`, { code: 'unknown_application' })
      if (app.admin_only === 1) {
        throw new AppError('unprocessable', `${app.app_name} is for administrators only and cannot be granted.`, {
          code: 'admin_only_application',
        })
      }
    }
    return {
      roleCode: role.role_code,
      appIds,
      apps,
      appCodes: (ids: number[]) => ids.map((id) => apps.find((app) => app.app_id === id)?.app_code ?? String(id)),
    }
  }

  async function inviteAndReport(row: { user_id: number; email: string; full_name: string }, actor: AuthUser, client: ClientInfo) {
    const result = await deps.sendInvitation(
      { userId: row.user_id, email: row.email, fullName: row.full_name },
      { id: actor.id, fullName: actor.fullName },
    )
    await audit.record({
      action: 'user.invitation_sent',
      outcome: result.delivered ? 'success' : 'failure',
      actorUserId: actor.id,
      targetType: 'user',
      targetId: row.user_id,
      email: row.email,
      ip: client.ip,
      userAgent: client.userAgent,
      ...(result.delivered ? {} : { details: { error: result.error } }),
    })
    return result
  }

  return {
    async list(params: UserListParams) {
      const { rows, total } = await users.list(params)
      return { data: present(rows), pagination: { total, limit: params.limit, offset: params.offset } }
    },

    async details(userId: number) {
      const user = await getListed(userId)
      const duties = (await deps.duties.dutiesOf([userId])).get(userId) ?? []
      return { user, permissions: await users.permissionsOf(userId), duties }
    },

    async create(input: UserInputData, actor: AuthUser, client: ClientInfo) {
      const email = normalizeEmail(input.email)
      const { roleCode, appIds, apps, appCodes } = await resolveReferences(input)
      if (roleCode === SUPER_ADMIN && actor.roleCode !== SUPER_ADMIN)
        throw new AppError('forbidden', USER_RULE_TEXT.onlySuperAdmin, { code: 'super_admin_only' })
      const duties = resolveDuties(input.duties ?? [], { grantedAppIds: appIds, catalogue: apps, siteIds: await deps.siteIds() })
      if (await users.findByEmail(email)) throw new AppError('conflict', USER_RULE_TEXT.duplicate, { code: 'duplicate_email' })
      const now = clock.now().toISOString()
      const userId = await inTransaction(async (trx) => {
        const { user_id: id } = await users.insert(
          {
            email,
            full_name: input.fullName,
            organization_id: input.organizationId,
            role_id: input.roleId,
            is_active: input.isActive ? 1 : 0,
            email_verified: 0,
            last_login: null,
            created_at: now,
            updated_at: now,
          },
          trx,
        )
        await users.replaceGrants(id, appIds, actor.id, now, trx)
        if (duties.length > 0) await deps.duties.replaceDuties(id, duties, actor.id, now, trx)
        await deps.invalidateMenus(trx)
        return id
      }).catch((error: unknown) => {
        // Two administrators adding the same address at once: the unique index decides.
        if (error instanceof AppError) throw error
        if (/unique|duplicate/i.test(String(error))) throw new AppError('conflict', USER_RULE_TEXT.duplicate, { code: 'duplicate_email' })
        throw error
      })
      await audit.record({
        action: 'user.created',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'user',
        targetId: userId,
        email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: {
          after: {
            email,
            full_name: input.fullName,
            organization_id: input.organizationId,
            role: roleCode,
            is_active: input.isActive,
            applications: appCodes(appIds),
            duties: describeDuties(duties, apps),
          },
        },
      })
      const created = await getRow(userId)
      let invitationSent = false
      let message = `${input.fullName} was added.`
      if (input.sendInvitation && input.isActive) {
        const result = await inviteAndReport(created, actor, client)
        invitationSent = result.delivered
        message = result.delivered
          ? `${input.fullName} was added and an invitation was sent to ${email}.`
          : result.willRetry
            ? `${input.fullName} was added. The mail server did not take the invitation yet (${result.error}); it will be retried automatically.`
            : `${input.fullName} was added, but the invitation could not be sent (${result.error}). Use 'Resend invitation' to try again.`
      }
      const user = await getListed(userId)
      return { success: true as const, message, user, invitationSent }
    },

    async update(userId: number, input: UserInputData, actor: AuthUser, client: ClientInfo) {
      const existing = await getRow(userId)
      if (normalizeEmail(input.email) !== existing.email)
        throw new AppError('unprocessable', USER_RULE_TEXT.emailImmutable, { code: 'email_immutable' })
      const { roleCode, appIds, apps, appCodes } = await resolveReferences(input)
      const touchesSuperAdmin = existing.role_code === SUPER_ADMIN || roleCode === SUPER_ADMIN
      if (touchesSuperAdmin && actor.roleCode !== SUPER_ADMIN)
        throw new AppError('forbidden', USER_RULE_TEXT.onlySuperAdmin, { code: 'super_admin_only' })
      const currentGrants = (await users.grantsOf([userId])).get(userId) ?? []
      const grantsChange = currentGrants.join(',') !== appIds.join(',')
      const currentDuties: DutyRequest[] = ((await deps.duties.dutiesOf([userId])).get(userId) ?? []).map(({ appId, duty, siteIds }) => ({
        appId,
        duty,
        siteIds,
      }))
      // Left out, duties stay as they are, except those of an application no longer granted (a duty needs its grant).
      const requested = input.duties ?? currentDuties.filter((duty) => appIds.includes(duty.appId))
      const duties = resolveDuties(requested, { grantedAppIds: appIds, catalogue: apps, siteIds: await deps.siteIds() })
      const dutiesChange = describeDuties(currentDuties, apps).join(';') !== describeDuties(duties, apps).join(';')
      if (userId === actor.id) {
        if (existing.role_id !== input.roleId || grantsChange || dutiesChange)
          throw new AppError('unprocessable', USER_RULE_TEXT.ownAccess, { code: 'own_access' })
        if (!input.isActive) throw new AppError('unprocessable', USER_RULE_TEXT.selfDeactivate, { code: 'self_deactivation' })
      }
      const deactivating = existing.is_active === 1 && !input.isActive
      const now = clock.now().toISOString()
      await inTransaction(async (trx) => {
        const leavesSuperAdmins =
          existing.role_code === SUPER_ADMIN && existing.is_active === 1 && (roleCode !== SUPER_ADMIN || !input.isActive)
        if (leavesSuperAdmins && (await users.countActiveWithRoleForUpdate(SUPER_ADMIN, trx)) <= 1) {
          throw new AppError('unprocessable', USER_RULE_TEXT.lastSuperAdmin, { code: 'last_super_admin' })
        }
        await users.update(
          userId,
          {
            full_name: input.fullName,
            organization_id: input.organizationId,
            role_id: input.roleId,
            is_active: input.isActive ? 1 : 0,
            updated_at: now,
          },
          trx,
        )
        if (grantsChange) await users.replaceGrants(userId, appIds, actor.id, now, trx)
        if (dutiesChange) await deps.duties.replaceDuties(userId, duties, actor.id, now, trx)
        await deps.invalidateMenus(trx)
      })
      if (deactivating) await deps.endAllAccess(userId, 'deactivated')
      const before = {
        full_name: existing.full_name,
        organization_id: existing.organization_id,
        role: existing.role_code,
        is_active: existing.is_active === 1,
        applications: appCodes(currentGrants),
        duties: describeDuties(currentDuties, apps),
      }
      const after = {
        full_name: input.fullName,
        organization_id: input.organizationId,
        role: roleCode,
        is_active: input.isActive,
        applications: appCodes(appIds),
        duties: describeDuties(duties, apps),
      }
      const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      )
      await audit.record({
        action: deactivating ? 'user.deactivated' : 'user.updated',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'user',
        targetId: userId,
        email: existing.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: {
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
      })
      let invitationSent = false
      let message = `${input.fullName} was saved.`
      if (input.sendInvitation && input.isActive) {
        const result = await inviteAndReport(existing, actor, client)
        invitationSent = result.delivered
        if (!result.delivered) message = `${input.fullName} was saved, but the invitation could not be sent (${result.error}).`
      }
      const user = await getListed(userId)
      return { success: true as const, message, user, invitationSent }
    },

    async resendInvitation(userId: number, actor: AuthUser, client: ClientInfo) {
      const row = await getRow(userId)
      if (row.is_active !== 1) throw new AppError('unprocessable', USER_RULE_TEXT.inactiveInvite, { code: 'user_inactive' })
      try {
        await deps.resendInvitation({ userId, email: row.email, fullName: row.full_name }, { id: actor.id, fullName: actor.fullName })
      } catch (error) {
        await audit.record({
          action: 'user.invitation_sent',
          outcome: 'failure',
          actorUserId: actor.id,
          targetType: 'user',
          targetId: userId,
          email: row.email,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { error: error instanceof Error ? error.message : String(error), resend: true },
        })
        throw error
      }
      await audit.record({
        action: 'user.invitation_sent',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'user',
        targetId: userId,
        email: row.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { resend: true },
      })
      return { success: true as const, message: `A new invitation was sent to ${row.email}.` }
    },

    /** Deactivation is a soft delete: the person is signed out and every link they hold stops working at once. */
    async deactivate(userId: number, actor: AuthUser, client: ClientInfo) {
      const row = await getRow(userId)
      if (userId === actor.id) throw new AppError('unprocessable', USER_RULE_TEXT.selfDeactivate, { code: 'self_deactivation' })
      if (row.role_code === SUPER_ADMIN && actor.roleCode !== SUPER_ADMIN)
        throw new AppError('forbidden', USER_RULE_TEXT.onlySuperAdmin, { code: 'super_admin_only' })
      if (row.is_active === 1) {
        await inTransaction(async (trx) => {
          if (row.role_code === SUPER_ADMIN && (await users.countActiveWithRoleForUpdate(SUPER_ADMIN, trx)) <= 1) {
            throw new AppError('unprocessable', USER_RULE_TEXT.lastSuperAdmin, { code: 'last_super_admin' })
          }
          await users.update(userId, { is_active: 0, updated_at: clock.now().toISOString() }, trx)
        })
      }
      await deps.endAllAccess(userId, 'deactivated')
      await audit.record({
        action: 'user.deactivated',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'user',
        targetId: userId,
        email: row.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { before: { is_active: row.is_active === 1 }, after: { is_active: false } },
      })
      return { success: true as const, message: `${row.full_name} was deactivated and signed out.` }
    },

    /** An administrator ends every session of a person (a lost laptop, a shared computer) without deactivating them. */
    async signOutEverywhere(userId: number, actor: AuthUser, client: ClientInfo) {
      const row = await getRow(userId)
      if (row.role_code === SUPER_ADMIN && actor.roleCode !== SUPER_ADMIN)
        throw new AppError('forbidden', USER_RULE_TEXT.onlySuperAdminSignOut, { code: 'super_admin_only' })
      const signedOut = await deps.endSessions(userId, 'signed_out_by_admin')
      await audit.record({
        action: 'user.signed_out_everywhere',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'user',
        targetId: userId,
        email: row.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { signedOut },
      })
      const sessions = signedOut === 1 ? '1 session' : `${signedOut} sessions`
      return { success: true as const, message: `${row.full_name} was signed out everywhere (${sessions}).`, signedOut }
    },

    organizations: () => users.organizations(),
    roles: () => users.roles(),
  }
}
export type UsersService = ReturnType<typeof createUsersService>

/** Duties as the audit log and comparisons read them: `PAYMENT_RECEIPTS:COLLECTOR@1+2`, in a stable order. */
export function describeDuties(duties: DutyRequest[], apps: Array<{ app_id: number; app_code: string }>): string[] {
  return duties
    .map(
      (duty) =>
        `${apps.find((app) => app.app_id === duty.appId)?.app_code ?? duty.appId}:${duty.duty}${duty.siteIds === null ? '' : `@${[...duty.siteIds].sort((a, b) => a - b).join('+')}`}`,
    )
    .sort()
}
