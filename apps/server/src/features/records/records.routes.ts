import { ATTACHMENT_MAX_BYTES } from '@platform/contracts/finance'
import {
  AssignInputSchema,
  ClarifyInputSchema,
  CreatedRequestResponseSchema,
  DetermineInputSchema,
  DocumentUploadQuerySchema,
  ExemptionInputSchema,
  ExemptionListResponseSchema,
  ExemptionMarkInputSchema,
  ExemptionResponseSchema,
  ExemptionUpdateSchema,
  ExtendInputSchema,
  ExtendResponseSchema,
  FeeInputSchema,
  FiguresQuerySchema,
  FiguresResponseSchema,
  FiscalLinkInputSchema,
  FiscalMatchQuerySchema,
  FiscalMatchesResponseSchema,
  HolidayDateParamsSchema,
  HolidayInputSchema,
  HolidayListResponseSchema,
  HolidayQuerySchema,
  HolidayResponseSchema,
  LetterDraftInputSchema,
  LetterIssueInputSchema,
  LetterParamsSchema,
  LetterResponseSchema,
  LetterReviseInputSchema,
  NoteInputSchema,
  ProduceInputSchema,
  PublicSummaryInputSchema,
  PublicLogQuerySchema,
  PublicLogResponseSchema,
  RECORDS_APP,
  ReasonInputSchema,
  ReleaseInputSchema,
  RecordsMeResponseSchema,
  RecordsPeopleResponseSchema,
  RecordsSettingsInputSchema,
  RecordsSettingsResponseSchema,
  RequestChildParamsSchema,
  RequestInputSchema,
  RequestListQuerySchema,
  RequestListResponseSchema,
  RequestParamsSchema,
  RequestResponseSchema,
  StaffMessageInputSchema,
  TaskDoneInputSchema,
  TaskInputSchema,
  TimeEntryInputSchema,
} from '@platform/contracts/records'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { RecordsCalendarService } from './records-calendar.service.js'
import type { RecordsLettersService } from './records-letters.service.js'
import type { RecordsOversightService } from './records-oversight.service.js'
import type { RecordsWorkService } from './records-work.service.js'
import type { RecordsService } from './records.service.js'

const access = signedInRoute({ application: RECORDS_APP })
const config = access.config
const detail = { 200: RequestResponseSchema, ...errorResponses }
const IdParams = z.object({ id: RequestParamsSchema.shape.id })

/** Public Information over HTTP: every route needs the application; the duty table is checked by the services on the request. */
export const recordsRoutes: FastifyPluginAsyncZod<{
  records: RecordsService
  work: RecordsWorkService
  letters: RecordsLettersService
  oversight: RecordsOversightService
  calendar: RecordsCalendarService
}> = async (app, { records, work, letters, oversight, calendar }) => {
  // A record is uploaded as the body itself (up to 25 MB); its content decides its type.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  )

  app.get('/records-me', { config, schema: { response: { 200: RecordsMeResponseSchema, ...errorResponses } } }, async (request) => ({
    data: await records.me(access.user(request)),
  }))
  app.get(
    '/records-people',
    { config, schema: { response: { 200: RecordsPeopleResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await records.people(access.user(request)) }),
  )

  app.post(
    '/records-requests',
    { config, schema: { body: RequestInputSchema, response: { 201: CreatedRequestResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const created = await records.create(request.body, access.user(request), clientInfo(request))
      return reply.code(201).send({
        data: {
          id: created.id,
          number: created.number,
          state: created.state,
          determinationDueOn: created.determinationDueOn,
          clock: created.clock,
        },
      })
    },
  )
  app.get(
    '/records-requests',
    { config, schema: { querystring: RequestListQuerySchema, response: { 200: RequestListResponseSchema, ...errorResponses } } },
    async (request) => records.list(request.query, access.user(request)),
  )
  app.get('/records-requests/:id', { config, schema: { params: IdParams, response: detail } }, async (request) => ({
    data: await records.detail(request.params.id, access.user(request)),
  }))

  app.post(
    '/records-requests/:id/clarify',
    { config, schema: { params: IdParams, body: ClarifyInputSchema, response: detail } },
    async (request) => ({
      data: await records.clarify(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/assignments',
    { config, schema: { params: IdParams, body: AssignInputSchema, response: detail } },
    async (request) => ({
      data: await records.assign(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/extend',
    { config, schema: { params: IdParams, body: ExtendInputSchema, response: { 200: ExtendResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await records.extend(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/determine',
    { config, schema: { params: IdParams, body: DetermineInputSchema, response: detail } },
    async (request) => ({
      data: await records.determine(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/produce',
    { config, schema: { params: IdParams, body: ProduceInputSchema, response: detail } },
    async (request) => ({
      data: await records.produce(request.params.id, request.body.note ?? null, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/close',
    { config, schema: { params: IdParams, body: ProduceInputSchema, response: detail } },
    async (request) => ({
      data: await records.close(request.params.id, request.body.note ?? null, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/reopen',
    { config, schema: { params: IdParams, body: ReasonInputSchema, response: detail } },
    async (request) => ({
      data: await records.reopen(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
    }),
  )

  app.post(
    '/records-requests/:id/tasks',
    { config, schema: { params: IdParams, body: TaskInputSchema, response: detail } },
    async (request) => ({
      data: await work.addTask(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/tasks/:childId/done',
    { config, schema: { params: RequestChildParamsSchema, body: TaskDoneInputSchema, response: detail } },
    async (request) => ({
      data: await work.finishTask(
        request.params.id,
        request.params.childId,
        request.body.result,
        access.user(request),
        clientInfo(request),
      ),
    }),
  )
  app.post(
    '/records-requests/:id/documents',
    {
      config,
      bodyLimit: ATTACHMENT_MAX_BYTES,
      schema: { params: IdParams, querystring: DocumentUploadQuerySchema, response: { 201: RequestResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('bad_request', 'Send the file itself as the body, with Content-Type: application/octet-stream.', {
          code: 'file_required',
        })
      return reply.code(201).send({
        data: await work.upload(request.params.id, request.query.fileName, request.body, access.user(request), clientInfo(request)),
      })
    },
  )
  app.post(
    '/records-requests/:id/documents/:childId/exemptions',
    { config, schema: { params: RequestChildParamsSchema, body: ExemptionMarkInputSchema, response: detail } },
    async (request) => ({
      data: await work.markExemption(request.params.id, request.params.childId, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/fees',
    { config, schema: { params: IdParams, body: FeeInputSchema, response: detail } },
    async (request) => ({
      data: await work.recordFee(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  for (const [path, state] of [
    ['paid', 'PAID'],
    ['waive', 'WAIVED'],
  ] as const) {
    app.post(
      `/records-requests/:id/fees/:childId/${path}`,
      { config, schema: { params: RequestChildParamsSchema, response: detail } },
      async (request) => ({
        data: await work.settleFee(request.params.id, request.params.childId, state, access.user(request), clientInfo(request)),
      }),
    )
  }
  app.post(
    '/records-requests/:id/time',
    { config, schema: { params: IdParams, body: TimeEntryInputSchema, response: detail } },
    async (request) => ({
      data: await work.logTime(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/notes',
    { config, schema: { params: IdParams, body: NoteInputSchema, response: detail } },
    async (request) => ({
      data: await work.addNote(request.params.id, request.body.text, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/messages',
    { config, schema: { params: IdParams, body: StaffMessageInputSchema, response: detail } },
    async (request) => ({
      data: await work.message(request.params.id, request.body.message, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/documents/:childId/release',
    { config, schema: { params: RequestChildParamsSchema, body: ReleaseInputSchema, response: detail } },
    async (request) => ({
      data: await work.release(request.params.id, request.params.childId, request.body.released, access.user(request), clientInfo(request)),
    }),
  )
  app.put(
    '/records-requests/:id/public-summary',
    { config, schema: { params: IdParams, body: PublicSummaryInputSchema, response: detail } },
    async (request) => ({
      data: await work.publicSummary(request.params.id, request.body.summary, access.user(request), clientInfo(request)),
    }),
  )
  app.post('/records-requests/:id/duplicate/dismiss', { config, schema: { params: IdParams, response: detail } }, async (request) => ({
    data: await work.dismissDuplicate(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.get(
    '/records-requests/:id/fiscal-matches',
    {
      config,
      schema: { params: IdParams, querystring: FiscalMatchQuerySchema, response: { 200: FiscalMatchesResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await work.fiscalMatches(request.params.id, request.query.search, access.user(request)),
    }),
  )
  app.post(
    '/records-requests/:id/links',
    { config, schema: { params: IdParams, body: FiscalLinkInputSchema, response: detail } },
    async (request) => ({
      data: await work.link(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )

  app.post(
    '/records-requests/:id/letters',
    { config, schema: { params: IdParams, body: LetterDraftInputSchema, response: { 201: LetterResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await letters.draft(request.params.id, request.body, access.user(request), clientInfo(request)) }),
  )
  app.post(
    '/records-requests/:id/letters/:letterId/revise',
    {
      config,
      schema: { params: LetterParamsSchema, body: LetterReviseInputSchema, response: { 200: LetterResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await letters.revise(request.params.id, request.params.letterId, request.body.body, access.user(request), clientInfo(request)),
    }),
  )
  app.post(
    '/records-requests/:id/letters/:letterId/issue',
    {
      config,
      schema: { params: LetterParamsSchema, body: LetterIssueInputSchema, response: { 200: LetterResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await letters.issue(
        request.params.id,
        request.params.letterId,
        request.body.signatoryTitle,
        access.user(request),
        clientInfo(request),
      ),
    }),
  )
  app.get('/records-requests/:id/letters/:letterId/pdf', { config, schema: { params: LetterParamsSchema } }, async (request, reply) => {
    const { fileName, content } = await letters.pdf(request.params.id, request.params.letterId, access.user(request))
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(content)
  })

  app.get(
    '/records-public-log',
    { config, schema: { querystring: PublicLogQuerySchema, response: { 200: PublicLogResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const entries = await oversight.publicLog(request.query.from, request.query.to, access.user(request))
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="public-records-log.csv"')
          .send(oversight.publicLogCsv(entries) as never)
      }
      return { data: entries }
    },
  )
  app.get(
    '/records-figures',
    { config, schema: { querystring: FiguresQuerySchema, response: { 200: FiguresResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await oversight.figures(request.query.from, request.query.to, access.user(request)),
    }),
  )

  app.get(
    '/records-exemptions',
    { config, schema: { response: { 200: ExemptionListResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await calendar.exemptions(access.user(request)) }),
  )
  app.post(
    '/records-exemptions',
    { config, schema: { body: ExemptionInputSchema, response: { 201: ExemptionResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await calendar.addExemption(request.body, access.user(request), clientInfo(request)) }),
  )
  app.patch(
    '/records-exemptions/:id',
    { config, schema: { params: IdParams, body: ExemptionUpdateSchema, response: { 200: ExemptionResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await calendar.updateExemption(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )

  // The calendar: everyone signed in reads it (the screens show due dates), administrators edit it.
  const signedIn = signedInRoute('authenticated').config
  const admin = signedInRoute('admin')
  app.get(
    '/holidays',
    { config: signedIn, schema: { querystring: HolidayQuerySchema, response: { 200: HolidayListResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await calendar.holidays(request.query.year),
    }),
  )
  app.post(
    '/holidays',
    { config: admin.config, schema: { body: HolidayInputSchema, response: { 201: HolidayResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await calendar.saveHoliday(request.body, admin.user(request), clientInfo(request)) }),
  )
  app.delete(
    '/holidays/:date',
    { config: admin.config, schema: { params: HolidayDateParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await calendar.removeHoliday(request.params.date, admin.user(request), clientInfo(request))
      return reply.code(204).send(null)
    },
  )
  app.get(
    '/records-settings',
    { config: signedIn, schema: { response: { 200: RecordsSettingsResponseSchema, ...errorResponses } } },
    async () => ({ data: await calendar.settings() }),
  )
  app.put(
    '/records-settings',
    {
      config: admin.config,
      schema: { body: RecordsSettingsInputSchema, response: { 200: RecordsSettingsResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await calendar.saveSettings(request.body, admin.user(request), clientInfo(request)),
    }),
  )
}
