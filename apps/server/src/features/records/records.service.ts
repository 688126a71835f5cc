import { localDate } from '@platform/contracts/finance-fiscal-year'
import { DUPLICATE_WINDOW_DAYS } from '@platform/contracts/records-portal'
import {
  type AssignInput,
  type Channel,
  type DetermineInput,
  type ExtendInput,
  type RequestDetail,
  type RequestInput,
  type RequestListQuery,
  type RequestSummary,
} from '@platform/contracts/records'
import { formatInstant } from '@platform/contracts/district-time'
import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { addDays, dayInWords, determinationClock, extensionClock, mayStillExtend, DUE_SOON_DAYS } from '@platform/contracts/records-clock'
import type { DbTransaction } from '../../db/database.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import { type Client, type RecordsContext, wrongState } from './records-context.js'
import { closeFactsOf, parseDetermination, requestDetail, summaryOf } from './records-detail.js'
import { EXTENDABLE_STATES, PARTS, RECORD_TYPES, TRANSITIONS, closeMissing, isDisclosing, isWithholding } from './records-rules.js'
import { type RequestRow, searchTextOf } from './records.repository.js'
import { type RequesterFields, possibleDuplicate, requesterFromContact } from './records-requester.js'

/** A request as it arrives, from staff intake or the portal. */
export interface Intake {
  receivedAt: Date
  channel: Channel
  requesterName: string
  requesterContact: string
  text: string
  clarifiedText: string | null
  requester: RequesterFields
}

/** 'disclosable', 'no records': an outcome inside a sentence. */
const outcomeWords = (outcome: string | null) => labelOf(recordsLabels.outcome, outcome).toLowerCase()

/** Requests: intake with the clock, the queue, the request page, and the steps that move a request. */
export function createRecordsService(context: RecordsContext) {
  const { requests, work, calendar, access, clock } = context

  const detail = async (id: number, user: AuthUser) => requestDetail(context, await context.load(id, user), user)

  async function moved(id: number, user: AuthUser) {
    return requestDetail(context, (await requests.findById(id))!, user)
  }

  async function requireDutyHolder(userId: number, duties: readonly string[], what: string) {
    const people = await calendar.people()
    const held = people.filter((person) => person.user_id === userId)
    if (held.length === 0)
      throw new AppError('bad_request', `That person holds no Public Information duty, so cannot be ${what}.`, {
        code: 'not_a_duty_holder',
      })
    if (!held.some((person) => duties.includes(person.duty))) {
      throw new AppError(
        'bad_request',
        `${held[0]!.full_name} cannot be ${what}: that needs the ${duties.map((duty) => labelOf(recordsLabels.duty, duty).toLowerCase()).join(' or ')} duty.`,
        {
          code: 'wrong_duty',
        },
      )
    }
    return held[0]!.full_name
  }

  async function intake(
    request: Intake,
    recordedBy: AuthUser | null,
    client: Client | null,
    along?: (trx: DbTransaction, created: { id: number; number: string }) => Promise<void>,
  ): Promise<{ id: number; number: string; clock: ReturnType<typeof determinationClock> }> {
    const { receivedAt } = request
    const now = clock.now()
    if (receivedAt.getTime() > now.getTime()) {
      throw new AppError(
        'bad_request',
        `The time received (${formatInstant(receivedAt.toISOString(), context.finance.districtTimeZone)}) is in the future: a request is recorded once it has arrived.`,
        { code: 'received_in_future' },
      )
    }
    // A request "received" in 1900 would take the number PRR-1900-0001: the day must be within the district's window.
    await context.finance.assertDayInWindow(localDate(receivedAt, context.finance.districtTimeZone), 'The date received (receivedOn)')
    const settings = await context.clockSettings()
    const computed = determinationClock(receivedAt, settings)
    const recent = await requests.recentForContact(request.requester.contactKey, addDays(computed.receivedOn, -DUPLICATE_WINDOW_DAYS))
    const duplicate = possibleDuplicate(request.text, recent)
    const created = await requests.create(
      {
        year: Number(computed.receivedOn.slice(0, 4)),
        receivedAt: receivedAt.toISOString(),
        receivedOn: computed.receivedOn,
        channel: request.channel,
        requesterName: request.requesterName,
        requesterContact: request.requesterContact,
        text: request.text,
        clarifiedText: request.clarifiedText,
        countedFrom: computed.countedFrom,
        afterHours: computed.afterHours,
        dayTen: computed.dayTen,
        dueOn: computed.dueOn,
        explanation: computed.explanation,
        createdBy: recordedBy?.id ?? null,
        createdAt: now.toISOString(),
        requester: request.requester,
        duplicateOf: duplicate?.request_id ?? null,
      },
      async (trx, made) => {
        if (recordedBy) await context.tookPart(trx, RECORD_TYPES.request, made.id, recordedBy, PARTS.recorded)
        await context.record(
          'received',
          recordedBy,
          { request_id: made.id, number: made.number },
          client,
          {
            channel: request.channel,
            receivedAt: receivedAt.toISOString(),
            determinationDueOn: computed.dueOn,
            ...(request.requester.viaPortal ? { viaPortal: true } : {}),
            ...(duplicate ? { possibleDuplicateOf: duplicate.number } : {}),
          },
          trx,
        )
        await along?.(trx, made)
      },
    )
    return { ...created, clock: computed }
  }

  return {
    detail,

    /**
     * Records a request with its clock: the intake rules staff and the public share. Staff intake and the portal call
     * it; `along` writes what the caller adds (the portal's tracking link and acknowledgment) in the same transaction.
     */
    intake,

    async create(input: RequestInput, user: AuthUser, client: Client): Promise<RequestDetail> {
      await access.require(user, 'record')
      const { id } = await intake(
        {
          receivedAt: new Date(input.receivedAt),
          channel: input.channel,
          requesterName: input.requesterName,
          requesterContact: input.requesterContact,
          text: input.text,
          clarifiedText: input.clarifiedText ?? null,
          requester: requesterFromContact(input.requesterContact),
        },
        user,
        client,
      )
      return moved(id, user)
    },

    async list(
      query: RequestListQuery,
      user: AuthUser,
    ): Promise<{ data: RequestSummary[]; pagination: { total: number; limit: number; offset: number } }> {
      // A holder of the application without a duty sees no request (the screen asks them to see their administrator).
      if (!(await access.may(user, 'view'))) return { data: [], pagination: { total: 0, limit: query.limit, offset: query.offset } }
      const today = context.today()
      const due = {
        OVERDUE: { dueTo: addDays(today, -1) },
        TODAY: { dueFrom: today, dueTo: today },
        SOON: { dueFrom: today, dueTo: addDays(today, DUE_SOON_DAYS) },
        THIS_WEEK: { dueFrom: today, dueTo: addDays(today, 6) },
      }[query.due ?? ('none' as never)] as { dueFrom?: string; dueTo?: string } | undefined
      const { rows, total } = await requests.list(
        {
          state: query.state,
          assigneeId: query.assigneeId,
          search: query.search,
          open: query.open === 'true',
          dueFrom: due?.dueFrom,
          dueTo: due?.dueTo,
        },
        query.limit,
        query.offset,
        today,
      )
      return {
        data: rows.map((row) => summaryOf(row, context.clockReading())),
        pagination: { total, limit: query.limit, offset: query.offset },
      }
    },

    async clarify(id: number, input: { clarifiedText: string; note?: string | null | undefined }, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'clarify')
      const { from, to } = TRANSITIONS.clarify
      if (!(from as readonly string[]).includes(row.state)) throw wrongState(row, 'clarify it', from)
      // The text as received stays as it was; only the clarified text changes, and the clock never moves.
      const clarified = {
        state: to,
        clarified_text: input.clarifiedText,
        search_text: searchTextOf(row.number, row.requester_name, row.request_text, input.clarifiedText),
      }
      if (
        !(await requests.change(id, from, clarified, async (trx) => {
          await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.clarified)
          await context.record('clarified', user, row, client, { from: row.state, to, note: input.note ?? null }, trx)
        }))
      ) {
        throw wrongState((await requests.findById(id))!, 'clarify it', from)
      }
      return moved(id, user)
    },

    async assign(id: number, input: AssignInput, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'assign')
      if (row.state === 'CLOSED') throw wrongState(row, 'assign people to it', ['open'])
      const duties = input.role === 'POINT_PERSON' ? ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY'] : ['CUSTODIAN']
      const userName = await requireDutyHolder(input.userId, duties, input.role === 'POINT_PERSON' ? 'the point person' : 'a custodian')
      await work.assign(
        {
          requestId: id,
          role: input.role,
          userId: input.userId,
          reason: input.reason,
          task: input.role === 'CUSTODIAN' ? (input.task ?? null) : null,
          by: user.id,
          at: clock.now().toISOString(),
        },
        (trx) =>
          context.record('assigned', user, row, client, { role: input.role, userId: input.userId, userName, reason: input.reason }, trx),
      )
      return moved(id, user)
    },

    async extend(id: number, input: ExtendInput, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'extend')
      if (row.extended_at !== null)
        throw new AppError(
          'conflict',
          `${row.number} was already extended once (to ${row.extended_due_on ? dayInWords(row.extended_due_on) : 'a later date'}); the statute allows one extension only.`,
          { code: 'already_extended' },
        )
      if (!EXTENDABLE_STATES.includes(row.state as never)) throw wrongState(row, 'extend it', EXTENDABLE_STATES)
      const today = context.today()
      if (!mayStillExtend(row.determination_due_on, today)) {
        throw new AppError(
          'unprocessable',
          `The determination of ${row.number} was due ${dayInWords(row.determination_due_on)}: an extension is made before the due date passes.`,
          { code: 'extension_too_late' },
        )
      }
      const settings = await context.clockSettings()
      const extension = extensionClock(row.day_ten, input.days, settings.holidays)
      const changed = await requests.change(
        id,
        EXTENDABLE_STATES,
        {
          extension_reason: input.reason,
          extension_days: input.days,
          extended_due_on: extension.extendedDueOn,
          extension_explanation: extension.explanation,
          extended_by: user.id,
          extended_at: clock.now().toISOString(),
          due_on: extension.extendedDueOn,
        },
        async (trx) => {
          await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.extended)
          await context.record(
            'extended',
            user,
            row,
            client,
            { reason: input.reason, days: input.days, extendedDueOn: extension.extendedDueOn },
            trx,
          )
        },
        'not_extended',
      )
      if (!changed)
        throw new AppError('conflict', `${row.number} changed meanwhile (extended or determined). Reload it.`, { code: 'request_changed' })
      return { extendedDueOn: extension.extendedDueOn, request: await moved(id, user) }
    },

    async determine(id: number, input: DetermineInput, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'determine')
      const { from, to } = TRANSITIONS.determine
      if (!(from as readonly string[]).includes(row.state)) throw wrongState(row, 'determine it', from)
      const today = context.today()
      const responsible = input.responsible ?? []
      const exemptionIds = [...new Set(input.exemptionIds ?? [])]
      if (isDisclosing(input.outcome)) {
        if (!input.estimatedProductionOn)
          throw new AppError(
            'bad_request',
            `A determination that the records are ${outcomeWords(input.outcome)} names the estimated date the records will be produced.`,
            { code: 'estimated_date_required' },
          )
        if (input.estimatedProductionOn < today)
          throw new AppError('bad_request', `The estimated production date, ${dayInWords(input.estimatedProductionOn)}, has passed.`, {
            code: 'estimated_date_passed',
          })
      } else if (input.estimatedProductionOn) {
        throw new AppError(
          'bad_request',
          `A determination of ${outcomeWords(input.outcome)} produces no records, so it has no estimated production date.`,
          {
            code: 'estimated_date_not_allowed',
          },
        )
      }
      if (isWithholding(input.outcome)) {
        if (responsible.length === 0)
          throw new AppError('bad_request', 'A denial names every person responsible for it, with their title.', {
            code: 'responsible_required',
          })
        const marked = await work.documentExemptions(id)
        if (exemptionIds.length === 0 && marked.length === 0)
          throw new AppError(
            'bad_request',
            'A denial cites the exemption relied on for each record withheld (from the library, or marked on the documents).',
            { code: 'citation_required' },
          )
      } else if (responsible.length > 0 || exemptionIds.length > 0) {
        throw new AppError(
          'bad_request',
          `A determination of ${outcomeWords(input.outcome)} withholds nothing: leave out the persons responsible and the exemptions.`,
          {
            code: 'nothing_withheld',
          },
        )
      }
      const cited = await requests.exemptionsById(exemptionIds)
      const unknown = exemptionIds.filter((exemptionId) => !cited.some((entry) => entry.exemption_id === exemptionId))
      if (unknown.length > 0)
        throw new AppError('bad_request', `There is no exemption ${unknown.join(', ')} in the library.`, { code: 'unknown_exemption' })
      const retired = cited.filter((entry) => entry.active !== 1)
      if (retired.length > 0)
        throw new AppError(
          'unprocessable',
          `${retired.map((entry) => entry.citation).join(', ')} is retired from the library; cite a current exemption.`,
          { code: 'exemption_retired' },
        )
      const now = clock.now()
      const first = row.determined_on === null
      const changed = await requests.change(
        id,
        from,
        {
          state: to,
          outcome: input.outcome,
          estimated_production_on: input.estimatedProductionOn ?? null,
          determined_by: user.id,
          determined_at: now.toISOString(),
          determination_json: JSON.stringify({ responsible, exemptionIds }),
          // The first determination is the one the statute's clock judges; a reopened request's later one does not rewrite it.
          ...(first ? { determined_on: today, determined_on_time: today <= row.due_on ? 1 : 0 } : {}),
        },
        async (trx) => {
          await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.determined)
          await context.record(
            'determined',
            user,
            row,
            client,
            {
              from: row.state,
              to,
              outcome: input.outcome,
              estimatedProductionOn: input.estimatedProductionOn ?? null,
              onTime: first ? today <= row.due_on : null,
              citations: cited.map((entry) => entry.citation),
            },
            trx,
          )
        },
      )
      if (!changed) throw wrongState((await requests.findById(id))!, 'determine it', from)
      return moved(id, user)
    },

    async produce(id: number, note: string | null, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'produce')
      const { from, to } = TRANSITIONS.produce
      if (!(from as readonly string[]).includes(row.state)) throw wrongState(row, 'produce records', from)
      if (!isDisclosing(row.outcome))
        throw new AppError(
          'conflict',
          `${row.number} was determined ${outcomeWords(row.outcome)}: there are no records to produce. Close it instead.`,
          {
            code: 'nothing_to_produce',
          },
        )
      const produced = await requests.change(id, from, { state: to, produced_at: clock.now().toISOString() }, async (trx) => {
        await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.produced)
        await context.record('producing', user, row, client, { from: row.state, to, note }, trx)
      })
      if (!produced) throw wrongState((await requests.findById(id))!, 'produce records', from)
      return moved(id, user)
    },

    async close(id: number, note: string | null, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'close')
      const { from, to } = TRANSITIONS.close
      if (!(from as readonly string[]).includes(row.state)) throw wrongState(row, 'close it', from)
      const letters = await work.letters(id)
      const notClosable = (missing: string[], meanwhile = '') =>
        new AppError('conflict', `${meanwhile}${row.number} cannot close yet: ${missing.join('; ')}.`, { code: 'not_closable' })
      const missing = closeMissing(closeFactsOf(row, letters))
      if (missing.length > 0) throw notClosable(missing)
      const now = clock.now()
      // Checked again under the request's lock, which drafting a letter takes too: a letter drafted (or a step taken)
      // while this close was on its way is seen here, and the close is refused rather than leaving it unissued.
      const complete = async (trx: DbTransaction, locked: RequestRow) => {
        const current = await work.lettersIn(trx, id)
        const lacking = closeMissing(closeFactsOf(locked, current))
        if (lacking.length > 0)
          throw notClosable(
            lacking,
            current.length > letters.length
              ? 'A letter was drafted while you closed the request: '
              : 'The request changed while you closed it: ',
          )
      }
      const closed = await requests.changeChecked(
        id,
        [row.state],
        complete,
        { state: to, closed_at: now.toISOString(), closed_on: localDate(now, context.finance.districtTimeZone) },
        async (trx) => {
          await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.closed)
          await context.record('closed', user, row, client, { from: row.state, to, note }, trx)
        },
      )
      if (!closed) throw wrongState((await requests.findById(id))!, 'close it', from)
      return moved(id, user)
    },

    async reopen(id: number, reason: string, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'reopen')
      const { from, to } = TRANSITIONS.reopen
      if (!(from as readonly string[]).includes(row.state)) throw wrongState(row, 'reopen it', from)
      const reopened = await requests.change(
        id,
        from,
        { state: to, reopened_at: clock.now().toISOString(), closed_at: null, closed_on: null },
        async (trx) => {
          await context.tookPart(trx, RECORD_TYPES.request, id, user, PARTS.reopened)
          await context.record('reopened', user, row, client, { from: row.state, to, reason }, trx)
        },
      )
      if (!reopened) throw wrongState((await requests.findById(id))!, 'reopen it', from)
      return moved(id, user)
    },

    async me(user: AuthUser) {
      const duties = [...(await access.dutiesOf(user))]
      return { isAdmin: access.isAdmin(user), userId: user.id, duties }
    },

    async people(user: AuthUser) {
      if (!(await access.may(user, 'view'))) return []
      const byPerson = new Map<number, { id: number; name: string; duties: string[] }>()
      for (const row of await calendar.people()) {
        const entry = byPerson.get(row.user_id) ?? { id: row.user_id, name: row.full_name, duties: [] }
        if (!entry.duties.includes(row.duty)) entry.duties.push(row.duty)
        byPerson.set(row.user_id, entry)
      }
      return [...byPerson.values()] as Array<{
        id: number
        name: string
        duties: Array<'COORDINATOR' | 'CUSTODIAN' | 'COUNSEL' | 'SIGNATORY' | 'VIEWER'>
      }>
    },

    parseDetermination,
  }
}
export type RecordsService = ReturnType<typeof createRecordsService>
