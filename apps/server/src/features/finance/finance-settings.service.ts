import { type FinanceSettingsResponse, type PostingAccounts, PostingAccountsSchema } from '@platform/contracts/finance'
import { fiscalYearOf } from '@platform/contracts/finance-fiscal-year'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceSettingsRepository } from './finance-settings.repository.js'

type Client = { ip: string; userAgent: string | undefined }

/** The district's time zone and its posting accounts, each checked against the chart when saved. */
export function createFinanceSettingsService(deps: {
  settings: FinanceSettingsRepository
  audit: AuditService
  clock: Clock
  districtTimeZone: string
  accountProblems: (account: string) => Promise<string[]>
}) {
  const { settings, audit, clock, districtTimeZone } = deps

  async function postingAccounts(): Promise<PostingAccounts> {
    const stored = await settings.postingAccounts()
    return PostingAccountsSchema.parse(stored ? JSON.parse(stored) : {})
  }

  return {
    postingAccounts,

    async get(): Promise<FinanceSettingsResponse> {
      return { districtTimeZone, currentFiscalYear: fiscalYearOf(clock.now(), districtTimeZone), postingAccounts: await postingAccounts() }
    },

    async savePostingAccounts(input: PostingAccounts, actor: AuthUser, client: Client): Promise<FinanceSettingsResponse> {
      const problems: string[] = []
      const check = async (group: string, entries: Record<string, string>, fundMustMatch: boolean) => {
        for (const [key, account] of Object.entries(entries)) {
          for (const problem of await deps.accountProblems(account)) problems.push(`${group} ${key}: ${problem}`)
          if (fundMustMatch && !account.startsWith(`${key}-`))
            problems.push(`${group} ${key}: the account ${account} is not in fund ${key}.`)
        }
      }
      await check('cashAccounts', input.cashAccounts, true)
      await check('clearingAccounts', input.clearingAccounts, true)
      await check('accrualAccounts', input.accrualAccounts, false)
      if (problems.length > 0) throw new AppError('bad_request', problems.join(' '), { code: 'invalid_account' })
      const before = await postingAccounts()
      await settings.savePostingAccounts(JSON.stringify(input), (trx) =>
        audit.record(
          {
            action: 'finance.posting_accounts_saved',
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
      return this.get()
    },
  }
}
export type FinanceSettingsService = ReturnType<typeof createFinanceSettingsService>
