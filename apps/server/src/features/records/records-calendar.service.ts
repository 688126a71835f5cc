import { isAdminRole } from '@platform/contracts/auth'
import type { Exemption } from '@platform/contracts/records'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { RecordsAccess } from './records-access.js'
import type { RecordsCalendarRepository } from './records-calendar.repository.js'
import type { Client } from './records-context.js'

/**
 * The records calendar (holidays and the after-hours setting: administrators edit, everyone signed in reads) and the
 * exemption library (COUNSEL keeps it). A due date is computed at intake and stored, so editing the calendar later
 * never moves a date already told to a requester. Every change's audit row is written in the change's own
 * transaction: both are stored or neither.
 */
export function createRecordsCalendarService(deps: {
  calendar: RecordsCalendarRepository
  access: RecordsAccess
  audit: AuditService
  clock: Clock
  districtTimeZone: string
}) {
  const { calendar, access, audit, clock } = deps

  const requireAdmin = (user: AuthUser) => {
    if (!isAdminRole(user.roleCode))
      throw new AppError('forbidden', 'Only administrators edit the district calendar.', { code: 'admin_required' })
  }
  const toExemption = (row: Awaited<ReturnType<RecordsCalendarRepository['exemptions']>>[number]): Exemption => ({
    id: row.exemption_id,
    citation: row.citation,
    title: row.title,
    description: row.description,
    active: row.active === 1,
    timesUsed: Number(row.times_used ?? 0),
  })

  return {
    holidays: async (year: number | undefined) =>
      (await calendar.holidays(year)).map((row) => ({ date: row.holiday_date, name: row.name })),

    async saveHoliday(input: { date: string; name: string }, user: AuthUser | null, client: Client | null) {
      if (user) requireAdmin(user)
      await calendar.upsertHoliday(input.date, input.name, user?.id ?? null, clock.now().toISOString(), (trx, before) =>
        audit.record(
          {
            action: before === null ? 'records.holiday_added' : 'records.holiday_renamed',
            outcome: 'success',
            actorUserId: user?.id ?? null,
            targetType: 'public_info:holiday',
            targetId: input.date,
            ...(client ? { ip: client.ip, userAgent: client.userAgent } : {}),
            details: { name: input.name, before },
          },
          trx,
        ),
      )
      return { date: input.date, name: input.name }
    },

    async removeHoliday(date: string, user: AuthUser, client: Client) {
      requireAdmin(user)
      const name = await calendar.removeHoliday(date, (trx, removed) =>
        audit.record(
          {
            action: 'records.holiday_removed',
            outcome: 'success',
            actorUserId: user.id,
            targetType: 'public_info:holiday',
            targetId: date,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { name: removed },
          },
          trx,
        ),
      )
      if (name === null) throw new AppError('not_found', `There is no holiday on ${date}.`, { code: 'holiday_not_found' })
    },

    async settings() {
      const row = await calendar.settings()
      return {
        afterHoursRule: row.after_hours_rule === 1,
        businessHoursStart: row.business_hours_start,
        businessHoursEnd: row.business_hours_end,
        districtTimeZone: deps.districtTimeZone,
        publicArchive: row.public_archive === 1,
        portalIntro: row.portal_intro,
      }
    },

    async saveSettings(
      input: {
        afterHoursRule: boolean
        businessHoursStart: string
        businessHoursEnd: string
        publicArchive?: boolean | undefined
        portalIntro?: string | null | undefined
      },
      user: AuthUser,
      client: Client,
    ) {
      requireAdmin(user)
      const before = await calendar.settings()
      await calendar.saveSettings(
        {
          afterHoursRule: input.afterHoursRule,
          start: input.businessHoursStart,
          end: input.businessHoursEnd,
          // Left out, the archive and the introduction stay as they are (a form of business hours alone keeps them).
          publicArchive: input.publicArchive ?? before.public_archive === 1,
          portalIntro: input.portalIntro === undefined ? before.portal_intro : input.portalIntro || null,
        },
        (trx) =>
          audit.record(
            {
              action: 'records.settings_changed',
              outcome: 'success',
              actorUserId: user.id,
              targetType: 'public_info:settings',
              targetId: 1,
              ip: client.ip,
              userAgent: client.userAgent,
              details: { before, after: input },
            },
            trx,
          ),
      )
      return this.settings()
    },

    async exemptions(user: AuthUser) {
      if (!(await access.may(user, 'view'))) return []
      return (await calendar.exemptions()).map(toExemption)
    },

    async addExemption(input: { citation: string; title: string; description: string }, user: AuthUser | null, client: Client | null) {
      if (user) await access.require(user, 'keepLibrary')
      if (await calendar.exemptionByCitation(input.citation))
        throw new AppError('conflict', `${input.citation} is already in the library.`, { code: 'exemption_exists' })
      const id = await calendar.addExemption({ ...input, by: user?.id ?? null, at: clock.now().toISOString() }, (trx, added) =>
        audit.record(
          {
            action: 'records.exemption_added',
            outcome: 'success',
            actorUserId: user?.id ?? null,
            targetType: 'public_info:exemption',
            targetId: added,
            ...(client ? { ip: client.ip, userAgent: client.userAgent } : {}),
            details: { citation: input.citation },
          },
          trx,
        ),
      )
      return toExemption((await calendar.exemptions()).find((row) => row.exemption_id === id)!)
    },

    async updateExemption(
      id: number,
      change: { title?: string | undefined; description?: string | undefined; active?: boolean | undefined },
      user: AuthUser,
      client: Client,
    ) {
      const before = await calendar.exemption(id)
      if (!before) throw new AppError('not_found', `There is no exemption ${id}.`, { code: 'exemption_not_found' })
      await access.require(user, 'keepLibrary')
      if (change.title === undefined && change.description === undefined && change.active === undefined) {
        throw new AppError('bad_request', 'Say what to change: title, description or active.', { code: 'nothing_to_change' })
      }
      await calendar.updateExemption(id, change, (trx) =>
        audit.record(
          {
            action: 'records.exemption_changed',
            outcome: 'success',
            actorUserId: user.id,
            targetType: 'public_info:exemption',
            targetId: id,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { citation: before.citation, ...change },
          },
          trx,
        ),
      )
      return toExemption((await calendar.exemptions()).find((row) => row.exemption_id === id)!)
    },
  }
}
export type RecordsCalendarService = ReturnType<typeof createRecordsCalendarService>
