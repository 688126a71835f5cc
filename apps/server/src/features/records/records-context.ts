import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { ClockSettings } from '@platform/contracts/records-clock'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { RECORDS_APP } from '@platform/contracts/records'
import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { AuditService } from '../audit/audit.service.js'
import type { EmailService } from '../email/email.service.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { RecordsAccess } from './records-access.js'
import type { RecordsCalendarRepository } from './records-calendar.repository.js'
import type { RecordsDeliveriesRepository } from './records-deliveries.repository.js'
import type { RecordsRequesterRepository } from './records-requester.repository.js'
import type { RecordsWorkRepository } from './records-work.repository.js'
import type { RecordsRepository, RequestRow } from './records.repository.js'

export type Client = { ip: string; userAgent: string | undefined }

/** Where a request's audit rows are filed, and where the foundation files its separation refusals and exceptions. */
export const REQUEST_TARGET = 'public_info:request'
export const SEPARATION_TARGET = 'public_info:record'

export interface RecordsDeps {
  requests: RecordsRepository
  work: RecordsWorkRepository
  calendar: RecordsCalendarRepository
  /** How to answer each requester, the messages both ways, released documents, the public summary. */
  requesters: RecordsRequesterRepository
  /** How issued letters reached their requesters. */
  deliveries: RecordsDeliveriesRepository
  finance: FinanceService
  access: RecordsAccess
  audit: AuditService
  clock: Clock
  /** The mail queue: messages to requesters are queued in the transaction of the step they report. */
  mail: Pick<EmailService, 'enqueue'>
  /** The platform's address (the portal's and the staff pages' links start with it). */
  appUrl: string
  districtName: string
  /** The server's key: tracking links are kept only as its keyed hash. */
  secret: string
}

/** What every records service shares: loading a request the person may see, the district's day and clock settings, the audit row of a step. */
export function createRecordsContext(deps: RecordsDeps) {
  const { requests, calendar, finance, access, audit, clock } = deps

  return {
    ...deps,
    today: () => localDate(clock.now(), finance.districtTimeZone),
    /** Now, and the zone a request's days are counted in: what its clock is read against. */
    clockReading: () => ({ now: clock.now(), timeZone: finance.districtTimeZone }),

    async clockSettings(): Promise<ClockSettings> {
      const settings = await calendar.settings()
      const holidays = (await calendar.holidays()).map((row) => ({ date: row.holiday_date, name: row.name }))
      return {
        timeZone: finance.districtTimeZone,
        holidays,
        afterHoursRule: settings.after_hours_rule === 1,
        businessHoursStart: settings.business_hours_start,
        businessHoursEnd: settings.business_hours_end,
      }
    },

    /** The request, when the person may see requests; "not found" otherwise, never a hint that it exists. */
    async load(id: number, user: AuthUser): Promise<RequestRow> {
      const row = (await access.may(user, 'view')) ? await requests.findById(id) : undefined
      if (!row) throw new AppError('not_found', `There is no records request ${id} you may see.`, { code: 'request_not_found' })
      return row
    },

    /** Records the part a person played in a request or a letter, inside the step's transaction. */
    tookPart: (trx: DbTransaction, recordType: string, recordId: number, user: AuthUser, part: string) =>
      finance.recordParts(trx, { appCode: RECORDS_APP, recordType, recordId }, [{ userId: user.id, part }]),

    /** The audit row of a step on a request; given the step's transaction, written inside it (both commit or neither). */
    record: (
      action: string,
      user: AuthUser | null,
      request: Pick<RequestRow, 'request_id' | 'number'>,
      client: Client | null,
      details: Record<string, unknown> = {},
      within?: DbTransaction,
    ) =>
      audit.record(
        {
          action: `records.${action}`,
          outcome: 'success',
          actorUserId: user?.id ?? null,
          targetType: REQUEST_TARGET,
          targetId: request.request_id,
          ...(client ? { ip: client.ip, userAgent: client.userAgent } : {}),
          details: { number: request.number, ...details },
        },
        within,
      ),
  }
}
export type RecordsContext = ReturnType<typeof createRecordsContext>

/** A refusal because the request is not in a state the step starts from: nothing changes. */
export function wrongState(row: Pick<RequestRow, 'number' | 'state'>, step: string, allowed: readonly string[]): AppError {
  const state = (code: string) => labelOf(recordsLabels.requestState, code).toLowerCase()
  return new AppError('conflict', `${row.number} is ${state(row.state)}: to ${step} it must be ${allowed.map(state).join(' or ')}.`, {
    code: 'wrong_state',
  })
}
