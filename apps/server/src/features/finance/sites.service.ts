import type { Site, SiteInputSchema } from '@platform/contracts/finance'
import type { z } from 'zod'
import type { Executor } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { SiteRow, SitesRepository } from './sites.repository.js'

type SiteInput = z.output<typeof SiteInputSchema>
type Client = { ip: string; userAgent: string | undefined }

export const toSite = (row: SiteRow): Site => ({
  id: row.site_id,
  code: row.code,
  name: row.name,
  kind: row.kind as Site['kind'],
  active: row.active === 1,
  depositFrequencyDays: row.deposit_frequency_days,
  depositThresholdCents: row.deposit_threshold_cents,
  schoolSegment: row.school_segment,
})

const siteColumns = (input: SiteInput, schoolSegment: string | null) => ({
  school_segment: schoolSegment,
  code: input.code,
  name: input.name,
  kind: input.kind,
  active: input.active ? 1 : 0,
  deposit_frequency_days: input.depositFrequencyDays,
  deposit_threshold_cents: input.depositThresholdCents,
})

const isUniqueViolation = (error: unknown) => /unique|duplicate/i.test(String(error))

/**
 * What names a record with a site's code: answers the first such label (`receipt LHS-2025-26-000001`), or null when
 * none was issued with it yet, read on `executor` (the site edit's transaction, which holds the site's lock). The
 * applications that number records with site codes register one each.
 */
export type SiteCodeUse = (siteId: number, executor: Executor) => Promise<string | null>

/** The district's schools and offices, managed by administrators. */
export function createSitesService({ sites, audit, clock }: { sites: SitesRepository; audit: AuditService; clock: Clock }) {
  const duplicate = (code: string) =>
    new AppError('conflict', `A site with the code ${code} already exists.`, { code: 'duplicate_site_code' })
  const codeUses: SiteCodeUse[] = []

  /** Refuses a new code for a site once a number was issued with its code: numbers and labels keep theirs forever. */
  async function assertCodeFree(site: Site, code: string, executor: Executor) {
    for (const use of codeUses) {
      const label = await use(site.id, executor)
      if (label)
        throw new AppError(
          'conflict',
          `The code of ${site.name} stays ${site.code}: ${label} was numbered with it, and issued numbers keep their code. To use ${code}, add a new site.`,
          { code: 'site_code_in_use' },
        )
    }
  }

  return {
    /** Registers what uses site codes in its numbers (Payment Receipts' receipts and deposits). */
    lockCodeWhen: (use: SiteCodeUse) => void codeUses.push(use),

    list: async () => (await sites.list()).map(toSite),

    async get(siteId: number): Promise<Site> {
      const row = await sites.findById(siteId)
      if (!row) throw new AppError('not_found', `There is no site with id ${siteId}.`, { code: 'site_not_found' })
      return toSite(row)
    },

    async create(input: SiteInput, actor: AuthUser, client: Client): Promise<Site> {
      if (await sites.findByCode(input.code)) throw duplicate(input.code)
      const now = clock.now().toISOString()
      const siteId = await sites
        .insert(
          {
            ...siteColumns(input, input.schoolSegment ?? null),
            created_at: now,
            updated_at: now,
          },
          (trx, created) =>
            audit.record(
              {
                action: 'finance.site_created',
                outcome: 'success',
                actorUserId: actor.id,
                targetType: 'site',
                targetId: created,
                ip: client.ip,
                userAgent: client.userAgent,
                details: { after: input },
              },
              trx,
            ),
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw duplicate(input.code)
          throw error
        })
      return this.get(siteId)
    },

    async update(siteId: number, input: SiteInput, actor: AuthUser, client: Client): Promise<Site> {
      const current = await this.get(siteId)
      if (input.code !== current.code) {
        const other = await sites.findByCode(input.code)
        if (other && other.site_id !== siteId) throw duplicate(input.code)
      }
      const schoolSegment = input.schoolSegment === undefined ? current.schoolSegment : input.schoolSegment
      const after: Site = { id: siteId, ...input, schoolSegment }
      // The code's check runs inside the edit's transaction, under the site's lock that issuing a number takes too: a
      // receipt or deposit numbered with the old code meanwhile is seen here, and one numbered after waits for the new code.
      const codeStaysFree = async (trx: Executor, locked: SiteRow) => {
        if (input.code !== locked.code) await assertCodeFree(toSite(locked), input.code, trx)
      }
      const changed = await sites
        .update(siteId, { ...siteColumns(input, schoolSegment), updated_at: clock.now().toISOString() }, codeStaysFree, (trx, locked) =>
          audit.record(
            {
              action: 'finance.site_updated',
              outcome: 'success',
              actorUserId: actor.id,
              targetType: 'site',
              targetId: siteId,
              ip: client.ip,
              userAgent: client.userAgent,
              details: { before: toSite(locked), after },
            },
            trx,
          ),
        )
        .catch((error: unknown) => {
          if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicate(input.code)
          throw error
        })
      if (!changed) throw new AppError('not_found', `There is no site with id ${siteId}.`, { code: 'site_not_found' })
      return this.get(siteId)
    },
  }
}
export type SitesService = ReturnType<typeof createSitesService>
