import {
  type OrderByExpression,
  type ReferenceExpression,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
  sql,
} from 'kysely'
import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { stepTransaction } from '../../db/step-transaction.js'

/**
 * Updates one row only while its `state` column (every table whose rows take steps has one) still holds the state the
 * step starts from, and says whether it took: false when the row had already moved on, so two people taking the same
 * step at once take it once.
 */
async function updatedWhileIn<UT extends keyof Database, TB extends keyof Database>(
  state: string,
  update: UpdateQueryBuilder<Database, UT, TB, UpdateResult>,
): Promise<boolean> {
  const result = await update.where(sql.ref('state'), '=', state).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A request's rows of one kind, oldest first (by `order`, their own id): every list on the request page. */
function listOfRequest<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  requestColumn: ReferenceExpression<DB, TB>,
  order: OrderByExpression<DB, TB, O>,
) {
  return (requestId: number) => rows.where(requestColumn, '=', requestId).orderBy(order).execute()
}

type TaskInput = { requestId: number; assigneeId: number; description: string; by: number; at: string }

/**
 * Takes the request's row lock first inside a transaction (PostgreSQL's row lock; SQLite's write lock, which the first
 * write takes), as a close does before it reads the letters: the two queue behind each other, so a close never misses
 * what was drafted or added, and what comes after a close meets the request closed. False when the request is in none
 * of `states`: then nothing is written.
 */
export async function lockRequestIn(trx: DbTransaction, requestId: number, states: readonly string[]): Promise<boolean> {
  const result = await trx
    .updateTable('records_requests')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('request_id', '=', requestId)
    .where('state', 'in', [...states])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The work on a request: assignments, tasks, documents and their exemptions, letters, fees, time, notes, links. SQL only. */
export function createRecordsWorkRepository(db: Db) {
  const k = db.kysely
  /**
   * One write and what goes along with it (its audit row) in one transaction; `along` runs only when the write happened
   * (not false). Tried again when SQLite answers busy (another instance held the write lock), as the fiscal steps are.
   */
  const write = <R>(run: (trx: DbTransaction) => Promise<R | false>, along: WrittenAlong<R>): Promise<R | false> =>
    stepTransaction(db, async (trx) => {
      const result = await run(trx)
      if (result !== false) await along(trx, result)
      return result
    })

  /** A step from one state (see updatedWhileIn) and its audit row in one transaction: the audit row only when it took. */
  const stepFrom = <UT extends keyof Database, TB extends keyof Database>(
    state: string,
    update: (trx: DbTransaction) => UpdateQueryBuilder<Database, UT, TB, UpdateResult>,
    along: WrittenAlong<boolean>,
  ) => write((trx) => updatedWhileIn(state, update(trx)), along)

  /** An open task: asked for by itself, or along with assigning a custodian (their search). */
  const insertTask = (trx: DbTransaction, input: TaskInput) =>
    trx.insertInto('records_tasks').values({
      request_id: input.requestId,
      assignee_id: input.assigneeId,
      description: input.description,
      state: 'OPEN',
      result: null,
      created_by: input.by,
      created_at: input.at,
      done_at: null,
    })

  /** Letters with the name of whoever signed them (none for drafts). */
  const lettersWithSigner = () =>
    k
      .selectFrom('records_letters as l')
      .leftJoin('users as s', 's.user_id', 'l.signed_by')
      .select([
        'l.letter_id',
        'l.request_id',
        'l.kind',
        'l.state',
        'l.body',
        'l.created_at',
        'l.signed_by',
        's.full_name as signed_by_name',
        'l.signatory_title',
        'l.issued_at',
      ])

  return {
    // ---- Assignments and tasks ----

    /** Assigns a person; a point person also becomes the request's point person, and a custodian gets a search task, together. */
    assign: (
      input: { requestId: number; role: string; userId: number; reason: string; task: string | null; by: number; at: string },
      along: WrittenAlong,
    ) =>
      write(async (trx) => {
        await trx
          .insertInto('records_assignments')
          .values({
            request_id: input.requestId,
            role: input.role,
            user_id: input.userId,
            reason: input.reason,
            assigned_by: input.by,
            assigned_at: input.at,
          })
          .execute()
        if (input.role === 'POINT_PERSON')
          await trx
            .updateTable('records_requests')
            .set({ point_person_id: input.userId })
            .where('request_id', '=', input.requestId)
            .execute()
        if (input.task) {
          await insertTask(trx, {
            requestId: input.requestId,
            assigneeId: input.userId,
            description: input.task,
            by: input.by,
            at: input.at,
          }).execute()
        }
      }, along),

    assignments: listOfRequest(
      k
        .selectFrom('records_assignments as a')
        .innerJoin('users as u', 'u.user_id', 'a.user_id')
        .innerJoin('users as b', 'b.user_id', 'a.assigned_by')
        .select([
          'a.assignment_id',
          'a.role',
          'a.user_id',
          'u.full_name as user_name',
          'a.reason',
          'a.assigned_at',
          'b.full_name as assigned_by_name',
        ]),
      'a.request_id',
      'a.assignment_id',
    ),

    isAssigned: async (requestId: number, userId: number) =>
      (await k
        .selectFrom('records_assignments')
        .select('assignment_id')
        .where('request_id', '=', requestId)
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined,

    addTask: (input: TaskInput, along: WrittenAlong<number>) =>
      write(async (trx) => (await insertTask(trx, input).returning('task_id').executeTakeFirstOrThrow()).task_id, along),

    task: (taskId: number) => k.selectFrom('records_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst(),

    finishTask: (taskId: number, result: string, at: string, along: WrittenAlong<boolean>): Promise<boolean> =>
      stepFrom(
        'OPEN',
        (trx) => trx.updateTable('records_tasks').set({ state: 'DONE', result, done_at: at }).where('task_id', '=', taskId),
        along,
      ),

    tasks: listOfRequest(
      k
        .selectFrom('records_tasks as t')
        .innerJoin('users as u', 'u.user_id', 't.assignee_id')
        .select([
          't.task_id',
          't.assignee_id',
          'u.full_name as assignee_name',
          't.description',
          't.state',
          't.result',
          't.created_at',
          't.done_at',
        ]),
      't.request_id',
      't.task_id',
    ),

    openTasksOf: (userId: number) =>
      k
        .selectFrom('records_tasks as t')
        .innerJoin('records_requests as r', 'r.request_id', 't.request_id')
        .select(['t.task_id', 't.description', 'r.request_id', 'r.number', 'r.due_on', 'r.state'])
        .where('t.assignee_id', '=', userId)
        .where('t.state', '=', 'OPEN')
        .where('r.state', '!=', 'CLOSED')
        .orderBy('r.due_on')
        .execute(),

    // ---- Documents and exemptions ----

    /** False when the request left `whileIn` (closed) before the document was added: then nothing is added. */
    addDocument: (
      input: { requestId: number; attachmentId: number; pageCount: number; at: string },
      whileIn: readonly string[],
      along: WrittenAlong<number>,
    ) =>
      write(
        async (trx) =>
          (await lockRequestIn(trx, input.requestId, whileIn)) &&
          (
            await trx
              .insertInto('records_documents')
              .values({ request_id: input.requestId, attachment_id: input.attachmentId, page_count: input.pageCount, created_at: input.at })
              .returning('document_id')
              .executeTakeFirstOrThrow()
          ).document_id,
        along,
      ),

    document: (documentId: number) =>
      k.selectFrom('records_documents').selectAll().where('document_id', '=', documentId).executeTakeFirst(),

    documents: listOfRequest(
      k
        .selectFrom('records_documents as d')
        .innerJoin('finance_attachments as f', 'f.attachment_id', 'd.attachment_id')
        .innerJoin('users as u', 'u.user_id', 'f.uploaded_by')
        .select([
          'd.document_id',
          'd.attachment_id',
          'f.file_name',
          'f.file_type',
          'f.size_bytes',
          'f.sha256',
          'd.page_count',
          'u.full_name as uploaded_by_name',
          'f.uploaded_at',
        ]),
      'd.request_id',
      'd.document_id',
    ),

    markExemption: (
      input: {
        documentId: number
        requestId: number
        fromPage: number
        toPage: number
        exemptionId: number
        note: string | null
        by: number
        at: string
      },
      whileIn: readonly string[],
      along: WrittenAlong<number>,
    ) =>
      write(
        async (trx) =>
          (await lockRequestIn(trx, input.requestId, whileIn)) &&
          (
            await trx
              .insertInto('records_document_exemptions')
              .values({
                document_id: input.documentId,
                request_id: input.requestId,
                from_page: input.fromPage,
                to_page: input.toPage,
                exemption_id: input.exemptionId,
                note: input.note,
                marked_by: input.by,
                marked_at: input.at,
              })
              .returning('mark_id')
              .executeTakeFirstOrThrow()
          ).mark_id,
        along,
      ),

    documentExemptions: listOfRequest(
      k
        .selectFrom('records_document_exemptions as m')
        .innerJoin('records_exemptions as e', 'e.exemption_id', 'm.exemption_id')
        .innerJoin('users as u', 'u.user_id', 'm.marked_by')
        .select([
          'm.mark_id',
          'm.document_id',
          'm.from_page',
          'm.to_page',
          'm.exemption_id',
          'e.citation',
          'e.title',
          'm.note',
          'u.full_name as marked_by_name',
          'm.marked_at',
        ]),
      'm.request_id',
      'm.mark_id',
    ),

    // ---- Letters ----

    /** False when the request left `whileIn` (closed) before the letter was drafted: then nothing is drafted. */
    draftLetter: (
      input: { requestId: number; kind: string; body: string; by: number; at: string },
      whileIn: readonly string[],
      along: WrittenAlong<number>,
    ) =>
      write(async (trx) => {
        if (!(await lockRequestIn(trx, input.requestId, whileIn))) return false
        const { letter_id: id } = await trx
          .insertInto('records_letters')
          .values({
            request_id: input.requestId,
            kind: input.kind,
            state: 'DRAFT',
            body: input.body,
            created_by: input.by,
            created_at: input.at,
            signed_by: null,
            signatory_title: null,
            issued_at: null,
            pdf: null,
          })
          .returning('letter_id')
          .executeTakeFirstOrThrow()
        await trx.insertInto('records_letter_drafters').values({ letter_id: id, user_id: input.by, drafted_at: input.at }).execute()
        return id
      }, along),

    /** A draft's new text; the reviser becomes one of its drafters. False once it is issued. */
    reviseLetter: (letterId: number, body: string, by: number, at: string, along: WrittenAlong<boolean>) =>
      write(async (trx) => {
        const revised = await updatedWhileIn('DRAFT', trx.updateTable('records_letters').set({ body }).where('letter_id', '=', letterId))
        if (!revised) return false
        await trx
          .insertInto('records_letter_drafters')
          .values({ letter_id: letterId, user_id: by, drafted_at: at })
          .onConflict((oc) => oc.columns(['letter_id', 'user_id']).doNothing())
          .execute()
        return true
      }, along),

    issueLetter: (
      letterId: number,
      change: { signedBy: number; title: string; at: string; pdf: Buffer },
      along: WrittenAlong<boolean>,
    ): Promise<boolean> =>
      stepFrom(
        'DRAFT',
        (trx) =>
          trx
            .updateTable('records_letters')
            .set({ state: 'ISSUED', signed_by: change.signedBy, signatory_title: change.title, issued_at: change.at, pdf: change.pdf })
            .where('letter_id', '=', letterId),
        along,
      ),

    letter: (letterId: number) => lettersWithSigner().where('l.letter_id', '=', letterId).executeTakeFirst(),

    letterPdf: async (letterId: number) =>
      (await k.selectFrom('records_letters').select('pdf').where('letter_id', '=', letterId).executeTakeFirst())?.pdf ?? null,

    letters: listOfRequest(lettersWithSigner(), 'l.request_id', 'l.letter_id'),

    /** A request's letters as a transaction sees them (what a close checks once it holds the request's lock). */
    lettersIn: (trx: DbTransaction, requestId: number) =>
      trx
        .selectFrom('records_letters')
        .select(['kind', 'state', 'issued_at'])
        .where('request_id', '=', requestId)
        .orderBy('letter_id')
        .execute(),

    drafters: (letterIds: number[]) =>
      letterIds.length === 0
        ? Promise.resolve([])
        : k
            .selectFrom('records_letter_drafters as d')
            .innerJoin('users as u', 'u.user_id', 'd.user_id')
            .select(['d.letter_id', 'd.user_id', 'u.full_name'])
            .where('d.letter_id', 'in', letterIds)
            .orderBy('d.drafted_at')
            .execute(),

    /** Draft letters of open requests (My queue of signatories). */
    draftLetters: () =>
      k
        .selectFrom('records_letters as l')
        .innerJoin('records_requests as r', 'r.request_id', 'l.request_id')
        .select(['l.letter_id', 'l.kind', 'r.request_id', 'r.number', 'r.due_on', 'r.state'])
        .where('l.state', '=', 'DRAFT')
        .orderBy('r.due_on')
        .execute(),

    // ---- Fees, time, notes, links ----

    addFee: (
      fee: {
        requestId: number
        kind: string
        electronicBasis: string | null
        description: string
        quantity: number
        unitCents: number
        amountCents: number
        by: number
        at: string
      },
      along: WrittenAlong<number>,
    ) =>
      write(
        async (trx) =>
          (
            await trx
              .insertInto('records_fees')
              .values({
                request_id: fee.requestId,
                kind: fee.kind,
                electronic_basis: fee.electronicBasis,
                description: fee.description,
                quantity: fee.quantity,
                unit_cents: fee.unitCents,
                amount_cents: fee.amountCents,
                state: 'PENDING',
                recorded_by: fee.by,
                recorded_at: fee.at,
                settled_by: null,
                settled_at: null,
              })
              .returning('fee_id')
              .executeTakeFirstOrThrow()
          ).fee_id,
        along,
      ),

    fee: (feeId: number) => k.selectFrom('records_fees').selectAll().where('fee_id', '=', feeId).executeTakeFirst(),

    settleFee: (feeId: number, state: 'PAID' | 'WAIVED', by: number, at: string, along: WrittenAlong<boolean>): Promise<boolean> =>
      stepFrom(
        'PENDING',
        (trx) => trx.updateTable('records_fees').set({ state, settled_by: by, settled_at: at }).where('fee_id', '=', feeId),
        along,
      ),

    fees: listOfRequest(
      k
        .selectFrom('records_fees as f')
        .innerJoin('users as u', 'u.user_id', 'f.recorded_by')
        .select([
          'f.fee_id',
          'f.kind',
          'f.electronic_basis',
          'f.description',
          'f.quantity',
          'f.unit_cents',
          'f.amount_cents',
          'f.state',
          'u.full_name as recorded_by_name',
          'f.recorded_at',
        ]),
      'f.request_id',
      'f.fee_id',
    ),

    addTime: (
      entry: { requestId: number; userId: number; minutes: number; activity: string; workedOn: string; note: string | null; at: string },
      along: WrittenAlong,
    ) =>
      write(async (trx) => {
        await trx
          .insertInto('records_time_entries')
          .values({
            request_id: entry.requestId,
            user_id: entry.userId,
            minutes: entry.minutes,
            activity: entry.activity,
            worked_on: entry.workedOn,
            note: entry.note,
            created_at: entry.at,
          })
          .execute()
      }, along),

    timeLog: listOfRequest(
      k
        .selectFrom('records_time_entries as t')
        .innerJoin('users as u', 'u.user_id', 't.user_id')
        .select(['t.entry_id', 'u.full_name as user_name', 't.minutes', 't.activity', 't.worked_on', 't.note']),
      't.request_id',
      't.entry_id',
    ),

    addNote: (note: { requestId: number; authorId: number; text: string; at: string }, along: WrittenAlong) =>
      write(async (trx) => {
        await trx
          .insertInto('records_notes')
          .values({ request_id: note.requestId, author_id: note.authorId, note_text: note.text, created_at: note.at })
          .execute()
      }, along),

    notes: listOfRequest(
      k
        .selectFrom('records_notes as n')
        .innerJoin('users as u', 'u.user_id', 'n.author_id')
        .select(['n.note_id', 'u.full_name as author_name', 'n.note_text', 'n.created_at']),
      'n.request_id',
      'n.note_id',
    ),

    /** Links a fiscal record once; false when it is already linked. */
    addLink: (
      link: {
        requestId: number
        kind: string
        recordId: number
        label: string
        detail: string | null
        href: string
        by: number
        at: string
      },
      along: WrittenAlong<boolean>,
    ): Promise<boolean> =>
      write(async (trx) => {
        const result = await trx
          .insertInto('records_links')
          .values({
            request_id: link.requestId,
            kind: link.kind,
            record_id: link.recordId,
            label: link.label,
            detail: link.detail,
            href: link.href,
            linked_by: link.by,
            linked_at: link.at,
          })
          .onConflict((oc) => oc.columns(['request_id', 'kind', 'record_id']).doNothing())
          .executeTakeFirst()
        return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
      }, along),

    links: listOfRequest(
      k
        .selectFrom('records_links as l')
        .innerJoin('users as u', 'u.user_id', 'l.linked_by')
        .select(['l.link_id', 'l.kind', 'l.record_id', 'l.label', 'l.detail', 'l.href', 'u.full_name as linked_by_name', 'l.linked_at']),
      'l.request_id',
      'l.link_id',
    ),
  }
}
export type RecordsWorkRepository = ReturnType<typeof createRecordsWorkRepository>
