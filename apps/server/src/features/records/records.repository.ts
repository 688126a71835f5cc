import { type Selectable, type Transaction, type Updateable, sql } from 'kysely'
import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import type { Database, RecordsRequestsTable } from '../../db/schema.js'
import { stepTransaction } from '../../db/step-transaction.js'
import { REQUEST_STATES } from '@platform/contracts/records'
import type { RequesterFields } from './records-requester.js'

export interface NewRequest {
  year: number
  receivedAt: string
  receivedOn: string
  channel: string
  requesterName: string
  requesterContact: string
  text: string
  clarifiedText: string | null
  countedFrom: string
  afterHours: boolean
  dayTen: string
  dueOn: string
  explanation: string
  /** Null for a request the public filed through the portal. */
  createdBy: number | null
  createdAt: string
  requester: RequesterFields
  /** The earlier request from the same contact this one resembles (flagged, never refused). */
  duplicateOf: number | null
}

export interface RequestFilters {
  state?: string | undefined
  /** Inclusive bounds on the binding due date, for open requests whose clock runs. */
  dueFrom?: string | undefined
  dueTo?: string | undefined
  assigneeId?: number | undefined
  search?: string | undefined
  open?: boolean | undefined
}

/** Every state but CLOSED. */
const OPEN_STATES = REQUEST_STATES.filter((state) => state !== 'CLOSED')

/** States whose determination clock runs (a request not yet determined). */
export const CLOCK_STATES = ['RECEIVED', 'CLARIFYING'] as const

const SUMMARY = [
  'r.request_id',
  'r.number',
  'r.state',
  'r.outcome',
  'r.channel',
  'r.received_at',
  'r.received_on',
  'r.request_text',
  'r.clarified_text',
  'r.requester_name',
  'r.determination_due_on',
  'r.extended_due_on',
  'r.due_on',
  'r.point_person_id',
  'p.full_name as point_person_name',
  'r.determined_on',
] as const

/** Takes the next number of a year inside the caller's transaction (the row lock, or SQLite's write lock, queues other intakes behind it). */
async function nextSequence(trx: Transaction<Database>, year: number): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const bumped = await trx
      .updateTable('records_counters')
      .set((eb) => ({ last_sequence: eb('last_sequence', '+', 1) }))
      .where('year', '=', year)
      .returning('last_sequence')
      .executeTakeFirst()
    if (bumped) return bumped.last_sequence
    await trx
      .insertInto('records_counters')
      .values({ year, last_sequence: 0 })
      .onConflict((oc) => oc.column('year').doNothing())
      .execute()
  }
  throw new Error(`the records counter of ${year} could not be created`)
}

export const searchTextOf = (number: string, name: string, text: string, clarified: string | null) =>
  `${number} ${name} ${text} ${clarified ?? ''}`.toLowerCase()

/** Records requests: numbering, the queue, reading and guarded state changes. SQL only. */
export function createRecordsRepository(db: Db) {
  const k = db.kysely
  const summaries = () => k.selectFrom('records_requests as r').leftJoin('users as p', 'p.user_id', 'r.point_person_id')

  function filtered(filters: RequestFilters) {
    let query = summaries()
    if (filters.state !== undefined) query = query.where('r.state', '=', filters.state)
    // Named rather than 'not CLOSED', so the state index finds the few open requests among the many closed ones.
    if (filters.open) query = query.where('r.state', 'in', OPEN_STATES)
    if (filters.dueFrom !== undefined || filters.dueTo !== undefined) query = query.where('r.state', 'in', [...CLOCK_STATES])
    if (filters.dueFrom !== undefined) query = query.where('r.due_on', '>=', filters.dueFrom)
    if (filters.dueTo !== undefined) query = query.where('r.due_on', '<=', filters.dueTo)
    if (filters.assigneeId !== undefined) {
      const assignee = filters.assigneeId
      query = query.where((eb) =>
        eb.or([
          eb('r.point_person_id', '=', assignee),
          eb.exists(
            eb
              .selectFrom('records_tasks as t')
              .select('t.task_id')
              .whereRef('t.request_id', '=', 'r.request_id')
              .where('t.assignee_id', '=', assignee)
              .where('t.state', '=', 'OPEN'),
          ),
        ]),
      )
    }
    if (filters.search) {
      const words = filters.search.replace(/[%_\\]/g, '').toLowerCase()
      query = query.where('r.search_text', 'like', `%${words}%`)
    }
    return query
  }

  return {
    /** Numbers and stores a request in one transaction: the number is taken only if the request is stored. */
    create: (request: NewRequest, along: WrittenAlong<{ id: number; number: string }>) =>
      k.transaction().execute(async (trx) => {
        const sequence = await nextSequence(trx, request.year)
        const number = `PRR-${request.year}-${String(sequence).padStart(4, '0')}`
        const { request_id: id } = await trx
          .insertInto('records_requests')
          .values({
            number,
            year: request.year,
            sequence,
            received_at: request.receivedAt,
            received_on: request.receivedOn,
            channel: request.channel,
            requester_name: request.requesterName,
            requester_contact: request.requesterContact,
            request_text: request.text,
            clarified_text: request.clarifiedText,
            search_text: searchTextOf(number, request.requesterName, request.text, request.clarifiedText),
            state: 'RECEIVED',
            outcome: null,
            counted_from: request.countedFrom,
            after_hours: request.afterHours ? 1 : 0,
            day_ten: request.dayTen,
            determination_due_on: request.dueOn,
            due_on: request.dueOn,
            clock_explanation: request.explanation,
            created_by: request.createdBy,
            created_at: request.createdAt,
          })
          .returning('request_id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('records_requesters')
          .values({
            request_id: id,
            email: request.requester.email,
            postal_address: request.requester.postalAddress,
            preferred_format: request.requester.preferredFormat,
            contact_key: request.requester.contactKey,
            tracking_hash: null,
            tracking_issued_at: null,
            via_portal: request.requester.viaPortal ? 1 : 0,
            duplicate_of: request.duplicateOf,
          })
          .execute()
        await along(trx, { id, number })
        return { id, number }
      }),

    /** The contact's requests received on or after a day, for the duplicate check. */
    recentForContact: (contactKey: string, since: string) =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as r', 'r.request_id', 'q.request_id')
        .select(['r.request_id', 'r.number', 'r.received_on', 'r.request_text', 'r.clarified_text'])
        .where('q.contact_key', '=', contactKey)
        .where('r.received_on', '>=', since)
        .orderBy('r.request_id', 'desc')
        .limit(50)
        .execute(),

    /** A page of requests: the overdue first, then the other open ones by due date, the closed last. */
    async list(filters: RequestFilters, limit: number, offset: number, today: string) {
      const rows = await filtered(filters)
        .select(SUMMARY)
        .orderBy((eb) =>
          eb
            .case()
            .when('r.state', '=', 'CLOSED')
            .then(2)
            .when(eb.and([eb('r.state', 'in', [...CLOCK_STATES]), eb('r.due_on', '<', today)]))
            .then(0)
            .else(1)
            .end(),
        )
        .orderBy('r.due_on')
        .orderBy('r.request_id')
        .limit(limit)
        .offset(offset)
        .execute()
      const { n } = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return { rows, total: Number(n) }
    },

    findById: (id: number) => k.selectFrom('records_requests').selectAll().where('request_id', '=', id).executeTakeFirst(),
    nameOf: async (userId: number | null) =>
      userId === null
        ? null
        : ((await k.selectFrom('users').select('full_name').where('user_id', '=', userId).executeTakeFirst())?.full_name ?? null),

    /**
     * Changes a request only if it is still in one of `fromStates` (and passes `extra`, a further guard): false when
     * another step got there first, so nothing is half-changed.
     */
    change: (
      id: number,
      fromStates: readonly string[],
      set: Updateable<RecordsRequestsTable>,
      along: WrittenAlong,
      extra?: 'not_extended',
    ): Promise<boolean> =>
      k.transaction().execute(async (trx: DbTransaction) => {
        let query = trx
          .updateTable('records_requests')
          .set(set)
          .where('request_id', '=', id)
          .where('state', 'in', [...fromStates])
        if (extra === 'not_extended') query = query.where('extended_at', 'is', null)
        const result = await query.executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, undefined)
        return true
      }),

    /**
     * Changes a request only if it is still in one of `fromStates` and `check` (handed the request as it stands then,
     * inside the transaction) does not refuse it by throwing. The request's row is locked first, the lock drafting a
     * letter takes too, so nothing the check reads about the request can change before the commit. False when another
     * step moved it first. Tried again when SQLite answers busy.
     */
    changeChecked: (
      id: number,
      fromStates: readonly string[],
      check: (trx: DbTransaction, locked: Selectable<RecordsRequestsTable>) => Promise<void>,
      set: Updateable<RecordsRequestsTable>,
      along: WrittenAlong,
    ): Promise<boolean> =>
      stepTransaction(db, async (trx) => {
        const locked = await trx
          .updateTable('records_requests')
          .set((eb) => ({ state: eb.ref('state') }))
          .where('request_id', '=', id)
          .where('state', 'in', [...fromStates])
          .returningAll()
          .executeTakeFirst()
        if (!locked) return false
        await check(trx, locked)
        await trx.updateTable('records_requests').set(set).where('request_id', '=', id).execute()
        await along(trx, undefined)
        return true
      }),

    /** Open requests whose clock runs and whose due date is on or before `until`, soonest first (alerts and My queue). */
    dueBy: (until: string) =>
      summaries()
        .select(SUMMARY)
        .where('r.state', 'in', [...CLOCK_STATES])
        .where('r.due_on', '<=', until)
        .orderBy('r.due_on')
        .orderBy('r.request_id')
        .execute(),

    /** The public log: never the requester's name or contact. */
    publicLog: (from: string | undefined, to: string | undefined) => {
      let query = k
        .selectFrom('records_requests')
        .select([
          'number',
          'received_on',
          'request_text',
          'clarified_text',
          'state',
          'outcome',
          'due_on',
          'extended_at',
          'determined_on',
          'closed_on',
        ])
      if (from) query = query.where('received_on', '>=', from)
      if (to) query = query.where('received_on', '<=', to)
      return query.orderBy('received_on').orderBy('request_id').execute()
    },

    /** Marks one alert of a request for a due date; false when another instance or run already did. */
    async claimAlert(requestId: number, alert: string, dueOn: string, at: string): Promise<boolean> {
      const result = await k
        .insertInto('records_alert_notices')
        .values({ request_id: requestId, alert, due_on: dueOn, sent_at: at })
        .onConflict((oc) => oc.columns(['request_id', 'alert', 'due_on']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },

    /**
     * Figures over requests received in a range, worked out by the database: a few rows come back whatever the number
     * of requests (the exemptions each counted once per request, the days to close as how many closed after each).
     */
    async figures(from: string | undefined, to: string | undefined, today: string) {
      const inRange = () => {
        let query = k.selectFrom('records_requests as r')
        if (from) query = query.where('r.received_on', '>=', from)
        if (to) query = query.where('r.received_on', '<=', to)
        return query
      }
      const counts = await inRange()
        .select((eb) => [
          eb.fn.countAll<number>().as('received'),
          sql<number>`sum(case when r.state <> 'CLOSED' then 1 else 0 end)`.as('open'),
          sql<number>`sum(case when r.state in ('RECEIVED', 'CLARIFYING') and r.due_on < ${today} then 1 else 0 end)`.as('overdue'),
          sql<number>`sum(case when r.determined_on is not null then 1 else 0 end)`.as('determined'),
          sql<number>`sum(case when r.determined_on_time = 1 then 1 else 0 end)`.as('on_time'),
          sql<number>`sum(case when r.closed_on is not null then 1 else 0 end)`.as('closed'),
        ])
        .executeTakeFirstOrThrow()
      const extensions = await inRange()
        .select((eb) => ['r.extension_reason', eb.fn.countAll<number>().as('n')])
        .where('r.extension_reason', 'is not', null)
        .groupBy('r.extension_reason')
        .execute()
      const rangeSql = sql.join(
        [sql`1 = 1`, ...(from ? [sql`r.received_on >= ${from}`] : []), ...(to ? [sql`r.received_on <= ${to}`] : [])],
        sql` and `,
      )
      // The exemptions cited in a determination are kept in its JSON; each dialect reads the list its own way.
      const cited =
        db.dialect === 'sqlite'
          ? sql`select cast(j.value as integer) as exemption_id, r.request_id from records_requests r,
                json_each(r.determination_json, '$.exemptionIds') j where r.determination_json is not null and ${rangeSql}`
          : sql`select cast(j.value as integer) as exemption_id, r.request_id from records_requests r,
                jsonb_array_elements_text(cast(r.determination_json as jsonb) -> 'exemptionIds') as j(value)
                where r.determination_json is not null and ${rangeSql}`
      const exemptionUses = (
        await sql<{ exemption_id: number; n: number }>`select u.exemption_id, count(*) as n from (
            select m.exemption_id, m.request_id from records_document_exemptions m
              join records_requests r on r.request_id = m.request_id where ${rangeSql}
            union ${cited}
          ) u group by u.exemption_id`.execute(k)
      ).rows
      const days =
        db.dialect === 'sqlite'
          ? sql<number>`cast(round(julianday(r.closed_on) - julianday(r.received_on)) as integer)`
          : sql<number>`(cast(r.closed_on as date) - cast(r.received_on as date))`
      const closedDays = await inRange()
        .select((eb) => [days.as('days'), eb.fn.countAll<number>().as('n')])
        .where('r.closed_on', 'is not', null)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute()
      return { counts, extensions, exemptionUses, closedDays }
    },

    exemptionsById: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : k
            .selectFrom('records_exemptions')
            .select(['exemption_id', 'citation', 'title', 'active'])
            .where('exemption_id', 'in', ids)
            .execute(),
  }
}
export type RecordsRepository = ReturnType<typeof createRecordsRepository>
export type RequestRow = NonNullable<Awaited<ReturnType<RecordsRepository['findById']>>>
export type RequestSummaryRow = Awaited<ReturnType<RecordsRepository['list']>>['rows'][number]
