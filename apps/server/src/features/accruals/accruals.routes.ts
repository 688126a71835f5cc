import {
  ACCRUALS_APP,
  ACCRUAL_IMPORT_MAX_BYTES,
  AccrualDutiesResponseSchema,
  AccrualIdParamsSchema,
  AccrualImportQuerySchema,
  AccrualImportResponseSchema,
  AccrualInputSchema,
  AccrualListQuerySchema,
  AccrualListResponseSchema,
  AccrualResponseSchema,
  CycleInputSchema,
  CycleListResponseSchema,
  CycleResponseSchema,
  CycleTotalsResponseSchema,
  JOURNAL_REFERENCE_HEADER,
  JournalExportListResponseSchema,
  HandOverInputSchema,
  JournalReferenceParamsSchema,
  LiquidationInputSchema,
  LiquidationVarianceListResponseSchema,
  ReasonInputSchema,
  XLSX_CONTENT_TYPE,
} from '@platform/contracts/accruals'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.js'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { AccrualClearingService } from './accrual-clearing.service.js'
import type { AccrualCyclesService } from './accrual-cycles.service.js'
import type { AccrualsImportService } from './accruals-import.service.js'
import type { AccrualsService } from './accruals.service.js'
import type { Downloads } from '../../downloads/downloads.js'
import { journalFilesBody } from '../../lib/journal-files.js'

const access = signedInRoute({ application: ACCRUALS_APP })

/** A journal in the ERP's layout: its one file, or its entry and reversal in a ZIP, named by the journal's reference. */
function sendFiles(reply: FastifyReply, files: Array<{ name: string; text: string }>, reference: string) {
  const out = journalFilesBody(files, `accruals-journal-escape-${reference}.zip`)
  return reply
    .header('Content-Type', out.contentType)
    .header('Content-Disposition', `attachment; filename="${out.fileName}"`)
    .header(JOURNAL_REFERENCE_HEADER, reference)
    .send(Buffer.from(out.body))
}

/** Accruals over HTTP: every route needs the application; every step is checked on the record by the services. */
export const accrualsRoutes: FastifyPluginAsyncZod<{
  requests: AccrualsService
  cycles: AccrualCyclesService
  clearing: AccrualClearingService
  importer: AccrualsImportService
  downloads: Downloads
}> = async (app, { requests, cycles, clearing, importer, downloads }) => {
  const config = access.config
  for (const type of ['text/csv', XLSX_CONTENT_TYPE]) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: ACCRUAL_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body))
  }

  // ---- cycles ----
  app.get('/accrual-cycles', { config, schema: { response: { 200: CycleListResponseSchema, ...errorResponses } } }, async () => ({
    data: await cycles.list(),
  }))
  app.post(
    '/accrual-cycles',
    { config, schema: { body: CycleInputSchema, response: { 201: CycleResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ data: await cycles.create(request.body, access.user(request), clientInfo(request)) }),
  )
  app.get(
    '/accrual-cycles/:id',
    { config, schema: { params: AccrualIdParamsSchema, response: { 200: CycleResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await cycles.get(request.params.id),
    }),
  )
  app.put(
    '/accrual-cycles/:id',
    {
      config,
      schema: { params: AccrualIdParamsSchema, body: CycleInputSchema, response: { 200: CycleResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await cycles.update(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )
  app.get(
    '/accrual-cycles/:id/totals',
    { config, schema: { params: AccrualIdParamsSchema, response: { 200: CycleTotalsResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await cycles.totals(request.params.id, access.user(request)),
    }),
  )
  app.get(
    '/accrual-cycles/:id/variances',
    { config, schema: { params: AccrualIdParamsSchema, response: { 200: LiquidationVarianceListResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await cycles.variances(request.params.id, access.user(request)) }),
  )
  app.post('/accrual-cycles/:id/journal', { config, schema: { params: AccrualIdParamsSchema } }, async (request, reply) => {
    const journal = await cycles.postJournal(request.params.id, access.user(request), clientInfo(request))
    const { reference } = journal
    const files = await cycles.journalFiles(journal)
    if (files) return sendFiles(reply, files, reference)
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="accruals-journal-${reference}.csv"`)
      .header(JOURNAL_REFERENCE_HEADER, reference)
      .send(downloads.stream('accrualsJournalCsv', journal))
  })
  app.get(
    '/accrual-cycles/:id/journals',
    { config, schema: { params: AccrualIdParamsSchema, response: { 200: JournalExportListResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await cycles.journals(request.params.id, access.user(request)),
    }),
  )
  app.get(
    '/accrual-cycles/:id/journals/:reference',
    { config, schema: { params: JournalReferenceParamsSchema } },
    async (request, reply) => {
      const journal = await cycles.journalAgain(request.params.id, request.params.reference, access.user(request), clientInfo(request))
      const files = await cycles.journalFiles(journal)
      if (files) return sendFiles(reply, files, request.params.reference)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="accruals-journal-${request.params.reference}.csv"`)
        .header(JOURNAL_REFERENCE_HEADER, request.params.reference)
        .send(downloads.stream('accrualsJournalCsv', journal))
    },
  )

  // ---- requests ----
  app.get(
    '/accruals/my-duties',
    { config, schema: { response: { 200: AccrualDutiesResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await requests.myDuties(access.user(request)) }),
  )
  app.post(
    '/accruals/import',
    { config, schema: { querystring: AccrualImportQuerySchema, response: { 200: AccrualImportResponseSchema, ...errorResponses } } },
    async (request) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (!Buffer.isBuffer(request.body))
        throw new AppError('bad_request', `Send the file as text/csv or ${XLSX_CONTENT_TYPE}.`, { code: 'bad_file_type' })
      return importer.importFile(
        request.query.cycleId,
        type === 'text/csv' ? 'csv' : 'xlsx',
        request.body,
        request.query.apply,
        access.user(request),
        clientInfo(request),
      )
    },
  )
  app.post(
    '/accruals',
    { config, schema: { body: AccrualInputSchema, response: { 201: AccrualResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await requests.create(request.body, access.user(request), clientInfo(request)) }),
  )
  app.get(
    '/accruals',
    { config, schema: { querystring: AccrualListQuerySchema, response: { 200: AccrualListResponseSchema, ...errorResponses } } },
    async (request) => requests.list(request.query, access.user(request)),
  )
  app.get(
    '/accruals/:id',
    { config, schema: { params: AccrualIdParamsSchema, response: { 200: AccrualResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await requests.detail(request.params.id, access.user(request)),
    }),
  )
  app.put(
    '/accruals/:id',
    {
      config,
      schema: { params: AccrualIdParamsSchema, body: AccrualInputSchema, response: { 200: AccrualResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await requests.update(request.params.id, request.body, access.user(request), clientInfo(request)),
    }),
  )

  const bare = { params: AccrualIdParamsSchema, response: { 200: AccrualResponseSchema, ...errorResponses } }
  const reasoned = { ...bare, body: ReasonInputSchema }
  app.post('/accruals/:id/submit', { config, schema: bare }, async (request) => ({
    data: await requests.submit(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/site-approve', { config, schema: bare }, async (request) => ({
    data: await requests.siteApprove(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/approve', { config, schema: bare }, async (request) => ({
    data: await requests.approve(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/withdraw', { config, schema: bare }, async (request) => ({
    data: await requests.withdraw(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/return', { config, schema: reasoned }, async (request) => ({
    data: await requests.returnToRequester(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/reject', { config, schema: reasoned }, async (request) => ({
    data: await requests.reject(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
  }))
  app.post(
    '/accruals/:id/liquidations',
    { config, schema: { ...bare, body: LiquidationInputSchema, response: { 201: AccrualResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await clearing.liquidate(request.params.id, request.body, access.user(request), clientInfo(request)) }),
  )
  app.post('/accruals/:id/hand-over', { config, schema: { ...bare, body: HandOverInputSchema } }, async (request) => ({
    data: await requests.handOver(request.params.id, request.body, access.user(request), clientInfo(request)),
  }))
  app.post('/accruals/:id/write-off', { config, schema: reasoned }, async (request) => ({
    data: await clearing.writeOff(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
  }))
}
