import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { type FeeInput, type FiscalLinkKind, RECORDS_APP, type RequestState, feeAmountCents } from '@platform/contracts/records'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import { pageCount } from './page-count.js'
import { type Client, type RecordsContext, wrongState } from './records-context.js'
import { requestDetail } from './records-detail.js'
import { createRecordsRequesterSteps } from './records-requester-steps.js'
import { WORKING_STATES, fiscalSuggestions } from './records-rules.js'

/** A match in the fiscal records a request may be linked to. */
export interface FiscalMatch {
  kind: FiscalLinkKind
  recordId: number
  label: string
  detail: string | null
  href: string
}

/**
 * Where the fiscal records of one application are searched, with the person's own access there (Payment Receipts now;
 * Accruals registers its source the same way when it is built).
 */
export interface FiscalRecordSource {
  kind: FiscalLinkKind
  search(term: string, user: AuthUser, limit: number): Promise<FiscalMatch[]>
  /** The record when this person may see it; null otherwise. */
  find(recordId: number, user: AuthUser): Promise<FiscalMatch | null>
}

export const REQUEST_RECORD_TYPE = 'request'

/**
 * The work on a request: tasks, documents with exemptions, fees, time, notes, links to fiscal records, and the
 * requester's side (answers, released documents, the public summary, the duplicate flag).
 */
export function createRecordsWorkService(context: RecordsContext) {
  const { work, requests, calendar, access, clock, finance } = context
  const sources = new Map<FiscalLinkKind, FiscalRecordSource>()

  const moved = async (id: number, user: AuthUser) => requestDetail(context, (await requests.findById(id))!, user)

  async function workable(id: number, user: AuthUser, step: Parameters<typeof access.require>[1], what: string) {
    const row = await context.load(id, user)
    await access.require(user, step, id)
    if (!WORKING_STATES.includes(row.state as RequestState)) throw wrongState(row, what, ['open'])
    return row
  }

  return {
    ...createRecordsRequesterSteps(context),

    /** Called by app.ts: the fiscal records of one application that requests may link to. */
    registerFiscalSource(source: FiscalRecordSource) {
      sources.set(source.kind, source)
    },

    async addTask(id: number, input: { assigneeId: number; description: string }, user: AuthUser, client: Client) {
      const row = await workable(id, user, 'addTask', 'add a task')
      const person = (await calendar.people()).find((candidate) => candidate.user_id === input.assigneeId && candidate.duty !== 'VIEWER')
      if (!person)
        throw new AppError('bad_request', 'That person holds no Public Information duty that searches for records.', {
          code: 'not_a_duty_holder',
        })
      if (!(await work.isAssigned(id, input.assigneeId))) {
        throw new AppError('bad_request', `${person.full_name} is not assigned to ${row.number}: assign them (with the reason) first.`, {
          code: 'not_assigned',
        })
      }
      await work.addTask(
        { requestId: id, assigneeId: input.assigneeId, description: input.description, by: user.id, at: clock.now().toISOString() },
        (trx, taskId) => context.record('task_added', user, row, client, { taskId, userName: person.full_name }, trx),
      )
      return moved(id, user)
    },

    async finishTask(id: number, taskId: number, result: string, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      const task = await work.task(taskId)
      if (!task || task.request_id !== id)
        throw new AppError('not_found', `There is no task ${taskId} on ${row.number}.`, { code: 'task_not_found' })
      await access.require(user, 'finishTask', id)
      if (task.assignee_id !== user.id && !(await access.may(user, 'assign')))
        throw new AppError('forbidden', 'Only the person the task is given to, or a coordinator, finishes it.', { code: 'not_your_task' })
      const finished = await work.finishTask(taskId, result, clock.now().toISOString(), (trx) =>
        context.record('task_done', user, row, client, { taskId, result }, trx),
      )
      if (!finished) throw new AppError('conflict', `Task ${taskId} is already done.`, { code: 'task_done' })
      return moved(id, user)
    },

    async upload(id: number, fileName: string, bytes: Buffer, user: AuthUser, client: Client) {
      const row = await workable(id, user, 'upload', 'upload records')
      const pages = await pageCount(bytes)
      const attachment = await finance.uploadAttachment(
        { appCode: RECORDS_APP, recordType: REQUEST_RECORD_TYPE, recordId: String(id) },
        fileName,
        bytes,
        user,
        client,
      )
      const added = await work.addDocument(
        { requestId: id, attachmentId: attachment.id, pageCount: pages, at: clock.now().toISOString() },
        WORKING_STATES,
        (trx, documentId) =>
          context.record('document_added', user, row, client, { documentId, fileName, pages, sha256: attachment.sha256 }, trx),
      )
      // Closed meanwhile (the close held the request's lock first): the document joins no closed request.
      if (added === false) throw wrongState((await requests.findById(id))!, 'upload records', ['open'])
      return moved(id, user)
    },

    async markExemption(
      id: number,
      documentId: number,
      input: { fromPage: number; toPage: number; exemptionId: number; note?: string | null | undefined },
      user: AuthUser,
      client: Client,
    ) {
      const row = await workable(id, user, 'markExemption', 'mark exemptions')
      const document = await work.document(documentId)
      if (!document || document.request_id !== id)
        throw new AppError('not_found', `There is no document ${documentId} on ${row.number}.`, { code: 'document_not_found' })
      if (input.toPage > document.page_count) {
        throw new AppError(
          'bad_request',
          `Pages ${input.fromPage}–${input.toPage} are outside the document, which has ${document.page_count} page${document.page_count === 1 ? '' : 's'}.`,
          { code: 'pages_outside_document' },
        )
      }
      const exemption = await calendar.exemption(input.exemptionId)
      if (!exemption)
        throw new AppError('bad_request', `There is no exemption ${input.exemptionId} in the library.`, { code: 'unknown_exemption' })
      if (exemption.active !== 1)
        throw new AppError('unprocessable', `${exemption.citation} is retired from the library; cite a current exemption.`, {
          code: 'exemption_retired',
        })
      const marked = await work.markExemption(
        {
          documentId,
          requestId: id,
          fromPage: input.fromPage,
          toPage: input.toPage,
          exemptionId: input.exemptionId,
          note: input.note ?? null,
          by: user.id,
          at: clock.now().toISOString(),
        },
        WORKING_STATES,
        (trx, markId) =>
          context.record(
            'exemption_marked',
            user,
            row,
            client,
            { markId, documentId, pages: `${input.fromPage}-${input.toPage}`, citation: exemption.citation },
            trx,
          ),
      )
      if (marked === false) throw wrongState((await requests.findById(id))!, 'mark exemptions', ['open'])
      return moved(id, user)
    },

    async recordFee(id: number, input: FeeInput, user: AuthUser, client: Client) {
      const row = await workable(id, user, 'recordFee', 'record a fee')
      const amountCents = feeAmountCents(input.quantity, input.unitCents)
      if (!Number.isSafeInteger(amountCents) || amountCents > 100_000_000_00)
        throw new AppError('bad_request', 'The fee is too large to be a duplication or compilation cost.', { code: 'fee_too_large' })
      await work.addFee(
        {
          requestId: id,
          kind: input.kind,
          electronicBasis: input.electronicBasis ?? null,
          description: input.description,
          quantity: input.quantity,
          unitCents: input.unitCents,
          amountCents,
          by: user.id,
          at: clock.now().toISOString(),
        },
        (trx, feeId) => context.record('fee_recorded', user, row, client, { feeId, kind: input.kind, amountCents }, trx),
      )
      return moved(id, user)
    },

    async settleFee(id: number, feeId: number, state: 'PAID' | 'WAIVED', user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'recordFee')
      const fee = await work.fee(feeId)
      if (!fee || fee.request_id !== id)
        throw new AppError('not_found', `There is no fee ${feeId} on ${row.number}.`, { code: 'fee_not_found' })
      const settled = await work.settleFee(feeId, state, user.id, clock.now().toISOString(), (trx) =>
        context.record(
          state === 'PAID' ? 'fee_paid' : 'fee_waived',
          user,
          row,
          client,
          { feeId, amountCents: Number(fee.amount_cents) },
          trx,
        ),
      )
      if (!settled)
        throw new AppError('conflict', `That fee is already ${labelOf(recordsLabels.feeState, fee.state).toLowerCase()}.`, {
          code: 'fee_settled',
        })
      return moved(id, user)
    },

    async logTime(
      id: number,
      input: { minutes: number; activity: string; workedOn: string; note?: string | null | undefined },
      user: AuthUser,
      client: Client,
    ) {
      const row = await context.load(id, user)
      await access.require(user, 'logTime', id)
      if (input.workedOn > context.today())
        throw new AppError('bad_request', `The day worked, ${dayInWords(input.workedOn)}, is in the future.`, { code: 'worked_in_future' })
      if (input.workedOn < row.received_on)
        throw new AppError(
          'bad_request',
          `The day worked, ${dayInWords(input.workedOn)}, is before the request was received (${dayInWords(row.received_on)}).`,
          {
            code: 'worked_before_received',
          },
        )
      await work.addTime(
        {
          requestId: id,
          userId: user.id,
          minutes: input.minutes,
          activity: input.activity,
          workedOn: input.workedOn,
          note: input.note ?? null,
          at: clock.now().toISOString(),
        },
        (trx) => context.record('time_logged', user, row, client, { minutes: input.minutes }, trx),
      )
      return moved(id, user)
    },

    async addNote(id: number, text: string, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'note', id)
      await work.addNote({ requestId: id, authorId: user.id, text, at: clock.now().toISOString() }, (trx) =>
        context.record('note_added', user, row, client, {}, trx),
      )
      return moved(id, user)
    },

    /** What the request's text names in the fiscal records, the tasks to offer, and matching records the person may see. */
    async fiscalMatches(id: number, search: string | undefined, user: AuthUser) {
      const row = await context.load(id, user)
      const suggestions = fiscalSuggestions(`${row.request_text} ${row.clarified_text ?? ''}`)
      const matches: FiscalMatch[] = []
      if (search) for (const source of sources.values()) matches.push(...(await source.search(search, user, 20)))
      return { suggestions, matches, sources: [...sources.keys()] }
    },

    async link(id: number, input: { kind: FiscalLinkKind; recordId: number }, user: AuthUser, client: Client) {
      const row = await context.load(id, user)
      await access.require(user, 'link', id)
      const source = sources.get(input.kind)
      if (!source)
        throw new AppError('unprocessable', `${input.kind === 'ACCRUAL' ? 'Accruals' : 'Payment Receipts'} records cannot be linked yet.`, {
          code: 'source_unavailable',
        })
      const match = await source.find(input.recordId, user)
      if (!match)
        throw new AppError(
          'not_found',
          `There is no ${labelOf(recordsLabels.fiscalLinkKind, input.kind).toLowerCase()} ${input.recordId} you may see.`,
          {
            code: 'fiscal_record_not_found',
          },
        )
      const linked = await work.addLink(
        {
          requestId: id,
          kind: input.kind,
          recordId: input.recordId,
          label: match.label,
          detail: match.detail,
          href: match.href,
          by: user.id,
          at: clock.now().toISOString(),
        },
        (trx) => context.record('linked', user, row, client, { kind: input.kind, recordId: input.recordId, label: match.label }, trx),
      )
      if (!linked) throw new AppError('conflict', `${match.label} is already linked to ${row.number}.`, { code: 'already_linked' })
      return moved(id, user)
    },

    /** The attachments' access check for a request's files: whoever may see requests reads them; uploaders add them. */
    async fileAccess(user: AuthUser, recordId: string, mode: 'read' | 'write'): Promise<boolean> {
      const id = Number(recordId)
      if (!Number.isSafeInteger(id) || id <= 0) return false
      if (!(await requests.findById(id))) return false
      return access.may(user, mode === 'read' ? 'view' : 'upload', id)
    },
  }
}
export type RecordsWorkService = ReturnType<typeof createRecordsWorkService>
