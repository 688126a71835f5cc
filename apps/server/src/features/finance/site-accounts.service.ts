import type { Site } from '@platform/contracts/finance'
import {
  REVENUE_OBJECTS,
  type SiteAccounts,
  type SiteAccountsInput,
  collectableAccountRefusal,
} from '@platform/contracts/finance-site-accounts'
import type { Clock } from '../../lib/clock.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { SiteAccountsRepository } from './site-accounts.repository.js'
import type { SitesService } from './sites.service.js'

type Client = { ip: string; userAgent: string | undefined }

/**
 * The accounts each site's collectors may credit: the revenue objects of the site's own school-site segment, and the
 * patterns an administrator allowed it (finance-site-accounts.ts in the contracts holds the rule).
 */
export function createSiteAccountsService(deps: {
  siteAccounts: SiteAccountsRepository
  sites: SitesService
  audit: AuditService
  clock: Clock
}) {
  const { siteAccounts, sites, audit, clock } = deps

  async function get(siteId: number): Promise<SiteAccounts> {
    const site = await sites.get(siteId)
    return { siteId, schoolSegment: site.schoolSegment, patterns: await siteAccounts.patterns(siteId) }
  }

  return {
    get,

    async save(siteId: number, input: SiteAccountsInput, actor: AuthUser, client: Client): Promise<SiteAccounts> {
      const before = await get(siteId)
      const patterns = [...input.patterns].sort()
      await siteAccounts.replace(siteId, patterns, { userId: actor.id, at: clock.now().toISOString() }, (trx) =>
        audit.record(
          {
            action: 'finance.site_accounts_saved',
            outcome: 'success',
            actorUserId: actor.id,
            targetType: 'site',
            targetId: siteId,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { before: before.patterns, after: patterns },
          },
          trx,
        ),
      )
      return get(siteId)
    },

    /**
     * For each account a site's collector would credit, why they may not (empty: they may), in words that name the
     * site and, for another site's segment, whose it is.
     */
    async problemsOf(site: Site, accounts: string[]): Promise<string[][]> {
      const patterns = await siteAccounts.patterns(site.id)
      let others: Site[] | undefined
      const problems: string[][] = []
      for (const account of accounts) {
        const refusal = collectableAccountRefusal(account, site, patterns)
        if (!refusal) {
          problems.push([])
          continue
        }
        const why: string[] = []
        if (refusal.object) why.push(`object ${refusal.object} is not revenue (${REVENUE_OBJECTS.first}–${REVENUE_OBJECTS.last})`)
        if (refusal.school) {
          others ??= await sites.list()
          const owner = others.find((other) => other.schoolSegment === refusal.school && other.id !== site.id)
          why.push(
            owner ? `site ${refusal.school} is ${owner.name}` : `site ${refusal.school} is not ${site.name}'s (${site.schoolSegment})`,
          )
        }
        if (refusal.siteHasNoSegment) why.push(`${site.name} has no school-site segment yet: an administrator sets it on the Sites screen`)
        problems.push([`${site.name}'s collectors may not credit ${account} (${why.join('; ')}).`])
      }
      return problems
    },
  }
}
export type SiteAccountsService = ReturnType<typeof createSiteAccountsService>
