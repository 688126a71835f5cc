import type { Application, CreateApplicationBody, UpdateApplicationBody } from '@platform/contracts/applications'
import type { CreateApplicationBodySchema, UpdateApplicationBodySchema } from '@platform/contracts/applications'
import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { ApplicationsRepository } from './applications.repository.js'
import { heldInWords, heldRecordsOf } from './application-records.js'
import type { ClientInfo } from '../../lib/client-info.js'

type CreateInput = z.output<typeof CreateApplicationBodySchema>
type UpdateInput = z.output<typeof UpdateApplicationBodySchema>
export type { CreateApplicationBody, UpdateApplicationBody }

export type { ClientInfo } from '../../lib/client-info.js'

/** Application Management: every change writes a new access version in its transaction, so menus follow at once. */
export function createApplicationsAdminService(deps: {
  applications: ApplicationsRepository
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
}) {
  const { applications, audit, clock, inTransaction } = deps

  async function present(appId: number): Promise<Application> {
    const row = (await applications.listAllWithUsage()).find((app) => app.app_id === appId)
    if (!row) throw new AppError('not_found', `There is no application with id ${appId}.`)
    return { ...row, user_count: Number(row.user_count ?? 0) }
  }

  return {
    async list(): Promise<Application[]> {
      return (await applications.listAllWithUsage()).map((row) => ({ ...row, user_count: Number(row.user_count ?? 0) }))
    },

    async create(input: CreateInput, actor: AuthUser, client: ClientInfo): Promise<Application> {
      if (await applications.findByCode(input.app_code)) {
        throw new AppError('conflict', `An application with the code ${input.app_code} already exists.`, { code: 'duplicate_app_code' })
      }
      const now = clock.now().toISOString()
      const { app_id: appId } = await inTransaction(async (trx) => {
        const inserted = await applications.insert({ ...input, created_at: now, updated_at: now }, trx)
        await applications.bumpAccessVersion(trx)
        return inserted
      }).catch((error: unknown) => {
        if (/unique|duplicate/i.test(String(error)))
          throw new AppError('conflict', `An application with the code ${input.app_code} already exists.`, { code: 'duplicate_app_code' })
        throw error
      })
      await audit.record({
        action: 'application.created',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'application',
        targetId: appId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { after: input },
      })
      return present(appId)
    },

    async update(appId: number, input: UpdateInput, actor: AuthUser, client: ClientInfo): Promise<Application> {
      const existing = await applications.findById(appId)
      if (!existing) throw new AppError('not_found', `There is no application with id ${appId}.`)
      const { app_code: code, ...changes } = input
      if (code !== undefined && code !== existing.app_code) {
        throw new AppError('unprocessable', `The app code cannot be changed (it is ${existing.app_code}).`, { code: 'app_code_immutable' })
      }
      await inTransaction(async (trx) => {
        await applications.update(appId, { ...changes, updated_at: clock.now().toISOString() }, trx)
        await applications.bumpAccessVersion(trx)
      })
      const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter((key) => existing[key] !== changes[key])
      await audit.record({
        action: 'application.updated',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'application',
        targetId: appId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: {
          app_code: existing.app_code,
          before: Object.fromEntries(changed.map((key) => [key, existing[key]])),
          after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
        },
      })
      return present(appId)
    },

    /**
     * Deletes an application and every grant of it; the audit log keeps what was removed. One that holds records (fiscal
     * records, duties, exceptions, attachments) is refused with 409 saying what it holds: it is deactivated instead.
     */
    async delete(appId: number, actor: AuthUser, client: ClientInfo): Promise<{ removedGrants: number; name: string }> {
      const existing = await applications.findById(appId)
      if (!existing) throw new AppError('not_found', `There is no application with id ${appId}.`)
      const held = heldRecordsOf(existing.app_code)
      const holders = await inTransaction(async (trx) => {
        const counts = await applications.countHeld({ appId, appCode: existing.app_code }, held, trx)
        const words = heldInWords(held.map((kind, index) => ({ held: kind, count: counts[index]! })))
        if (words)
          throw new AppError('conflict', `${existing.app_name} holds ${words}; it cannot be deleted. Deactivate it instead.`, {
            code: 'application_has_records',
          })
        const removed = await applications.delete(appId, trx)
        await applications.bumpAccessVersion(trx)
        return removed
      }).catch((error: unknown) => {
        // A duty or exception granted between the count and the delete: the database's own reference refuses it.
        if (error instanceof AppError || !/foreign key|violates foreign key/i.test(String(error))) throw error
        throw new AppError(
          'conflict',
          `${existing.app_name} was given records while it was being deleted; it cannot be deleted. Deactivate it instead.`,
          {
            code: 'application_has_records',
          },
        )
      })
      await audit.record({
        action: 'application.deleted',
        outcome: 'success',
        actorUserId: actor.id,
        targetType: 'application',
        targetId: appId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { before: existing, removedGrantsFromUserIds: holders },
      })
      return { removedGrants: holders.length, name: existing.app_name }
    },
  }
}
export type ApplicationsAdminService = ReturnType<typeof createApplicationsAdminService>
