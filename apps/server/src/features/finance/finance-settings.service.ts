import {
  type FinanceSettingsResponse,
  type FinanceWindowInput,
  type PostingAccounts,
  PostingAccountsSchema,
} from '@platform/contracts/finance'
import { fiscalYearDates, fiscalYearName, fiscalYearOf, localDate } from '@platform/contracts/finance-fiscal-year'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { FinanceSettingsRepository } from './finance-settings.repository.js'

type Client = { ip: string; userAgent: string | undefined }

/** Without a setting, the window of dates opens this many fiscal years before the current one. */
const DEFAULT_YEARS_BACK = 5

/** The district's time zone, its window of dates and its posting accounts, each checked against the chart when saved. */
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

  const currentFiscalYear = () => fiscalYearOf(clock.now(), districtTimeZone)
  async function earliestFiscalYear(): Promise<string> {
    const stored = await settings.earliestFiscalYear()
    if (stored && fiscalYearDates(stored)) return stored
    return fiscalYearName(Number(currentFiscalYear().slice(0, 4)) - DEFAULT_YEARS_BACK)
  }

  return {
    postingAccounts,

    async get(): Promise<FinanceSettingsResponse> {
      return {
        districtTimeZone,
        currentFiscalYear: currentFiscalYear(),
        earliestFiscalYear: await earliestFiscalYear(),
        postingAccounts: await postingAccounts(),
      }
    },

    /**
     * Refuses a day that cannot be the day something happened: after today on the district's clock, or before the first
     * day of its earliest fiscal year. `what` names the field for the message ('The confirmation date (confirmedOn)').
     */
    async assertDayInWindow(day: string, what: string): Promise<void> {
      const today = localDate(clock.now(), districtTimeZone)
      if (day > today)
        throw new AppError('bad_request', `${what} ${day} is in the future; enter a day up to today, ${today}.`, {
          code: 'date_out_of_window',
        })
      const earliest = await earliestFiscalYear()
      const first = fiscalYearDates(earliest)!.first
      if (day < first)
        throw new AppError(
          'bad_request',
          `${what} ${day} is before ${first}, the first day of ${earliest}, the earliest fiscal year the platform takes.`,
          { code: 'date_out_of_window' },
        )
    },

    async saveEarliestFiscalYear(input: FinanceWindowInput, actor: AuthUser, client: Client): Promise<FinanceSettingsResponse> {
      if (input.earliestFiscalYear > currentFiscalYear())
        throw new AppError('bad_request', `The earliest fiscal year cannot be after the current one, ${currentFiscalYear()}.`, {
          code: 'invalid_fiscal_year',
        })
      const before = await earliestFiscalYear()
      await settings.saveEarliestFiscalYear(input.earliestFiscalYear, (trx) =>
        audit.record(
          {
            action: 'finance.earliest_fiscal_year_saved',
            outcome: 'success',
            actorUserId: actor.id,
            targetType: 'settings',
            ip: client.ip,
            userAgent: client.userAgent,
            details: { before, after: input.earliestFiscalYear },
          },
          trx,
        ),
      )
      return this.get()
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
      await check('overShortAccounts', input.overShortAccounts, true)
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
