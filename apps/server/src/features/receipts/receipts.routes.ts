import { IdParamsSchema } from '@platform/contracts/finance'
import {
  ConfirmInputSchema,
  CountInputSchema,
  DepositInputSchema,
  DepositListQuerySchema,
  DepositListResponseSchema,
  DepositResponseSchema,
  ExceptionsQuerySchema,
  JournalQuerySchema,
  MyDutiesResponseSchema,
  RECEIPTS_APP,
  ReasonInputSchema,
  ReceiptExceptionsResponseSchema,
  ReceiptInputSchema,
  ReceiptListQuerySchema,
  ReceiptListResponseSchema,
  ReceiptResponseSchema,
  ReconcileInputSchema,
  RegisterQuerySchema,
  RegisterResponseSchema,
  ReturnedChecksResponseSchema,
  SiteIdQuerySchema,
  UndepositedResponseSchema,
} from '@platform/contracts/receipts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DepositsService } from './deposits.service.js'
import type { ReceiptsOversightService } from './receipts-oversight.service.js'
import type { ReceiptsService } from './receipts.service.js'
import { clientInfo } from '../../lib/client-info.js'
import type { Downloads } from '../../downloads/downloads.js'
import { journalFilesBody } from '../../lib/journal-files.js'

const access = signedInRoute({ application: RECEIPTS_APP })

/** A printout (receipt, deposit slip) the browser shows rather than saves. */
const inlinePdf = (reply: FastifyReply, fileName: string, pdf: NodeJS.ReadableStream) =>
  reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${fileName}"`).send(pdf)

/** Payment Receipts over HTTP: every route needs the application; every step is checked on the record by the services. */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: ReceiptsService
  deposits: DepositsService
  oversight: ReceiptsOversightService
  downloads: Downloads
  /** The district's name (DISTRICT_NAME), at the head of the printouts. */
  districtName?: string
}> = async (app, { receipts, deposits, oversight, downloads, districtName = 'District' }) => {
  const config = access.config
  // The schema of the routes on one receipt, or one deposit, that answer with it.
  const oneReceipt = { params: IdParamsSchema, response: { 200: ReceiptResponseSchema, ...errorResponses } }
  const oneDeposit = { params: IdParamsSchema, response: { 200: DepositResponseSchema, ...errorResponses } }

  app.get('/receipts/my-duties', { config, schema: { response: { 200: MyDutiesResponseSchema, ...errorResponses } } }, async (request) => ({
    data: await receipts.myDuties(access.user(request)),
  }))
  app.post(
    '/receipts',
    { config, schema: { body: ReceiptInputSchema, response: { 201: ReceiptResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ data: await receipts.issue(request.body, access.user(request), clientInfo(request)) }),
  )
  app.get(
    '/receipts',
    { config, schema: { querystring: ReceiptListQuerySchema, response: { 200: ReceiptListResponseSchema, ...errorResponses } } },
    async (request) => receipts.list(request.query, access.user(request)),
  )
  app.get(
    '/receipts/register',
    { config, schema: { querystring: RegisterQuerySchema, response: { 200: RegisterResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await receipts.register(request.query.siteId, request.query.fiscalYear, access.user(request)),
    }),
  )
  app.get(
    '/receipts/undeposited',
    { config, schema: { response: { 200: UndepositedResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await oversight.undeposited(access.user(request)) }),
  )
  app.get(
    '/receipts/returned-checks',
    { config, schema: { querystring: SiteIdQuerySchema, response: { 200: ReturnedChecksResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await receipts.returnedChecks(request.query.siteId, access.user(request)),
    }),
  )
  app.get(
    '/receipts/exceptions',
    { config, schema: { querystring: ExceptionsQuerySchema, response: { 200: ReceiptExceptionsResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await oversight.exceptions(request.query.siteId, access.user(request)),
    }),
  )
  app.get('/receipts/journal.csv', { config, schema: { querystring: JournalQuerySchema } }, async (request, reply) => {
    const { files } = await oversight.journal(request.query, access.user(request), clientInfo(request))
    if (files) {
      const out = journalFilesBody(files, `receipts-journal-escape-${request.query.from}-to-${request.query.to}.zip`)
      return reply
        .header('Content-Type', out.contentType)
        .header('Content-Disposition', `attachment; filename="${out.fileName}"`)
        .send(Buffer.from(out.body))
    }
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="receipts-journal-${request.query.from}-to-${request.query.to}.csv"`)
      .send(downloads.stream('receiptsJournalCsv', { range: { from: request.query.from, to: request.query.to } }))
  })
  app.get('/receipts/:id', { config, schema: oneReceipt }, async (request) => ({
    data: await receipts.detail(request.params.id, access.user(request)),
  }))
  app.get('/receipts/:id/pdf', { config, schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { receipt, ...context } = await receipts.printable(request.params.id, access.user(request))
    const { receiptPdf } = await import('./receipt-pdf.js')
    return inlinePdf(reply, `receipt-${receipt.number}.pdf`, receiptPdf(receipt, { ...context, districtName }))
  })
  app.post('/receipts/:id/void', { config, schema: { ...oneReceipt, body: ReasonInputSchema } }, async (request) => ({
    data: await receipts.voidReceipt(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
  }))
  app.post('/receipts/:id/returned-check', { config, schema: { ...oneReceipt, body: ReasonInputSchema } }, async (request) => ({
    data: await receipts.recordReturnedCheck(request.params.id, request.body.reason, access.user(request), clientInfo(request)),
  }))

  app.post(
    '/deposits',
    { config, schema: { body: DepositInputSchema, response: { 201: DepositResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send({ data: await deposits.gather(request.body, access.user(request), clientInfo(request)) }),
  )
  app.get(
    '/deposits',
    { config, schema: { querystring: DepositListQuerySchema, response: { 200: DepositListResponseSchema, ...errorResponses } } },
    async (request) => deposits.list(request.query, access.user(request)),
  )
  app.get('/deposits/:id', { config, schema: oneDeposit }, async (request) => ({
    data: await deposits.detail(request.params.id, access.user(request)),
  }))
  app.get('/deposits/:id/slip', { config, schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { deposit, ...context } = await deposits.printable(request.params.id, access.user(request))
    const { depositSlipPdf } = await import('./receipt-pdf.js')
    return inlinePdf(reply, `deposit-${deposit.label}.pdf`, depositSlipPdf(deposit, { ...context, districtName }))
  })
  app.post('/deposits/:id/count', { config, schema: { ...oneDeposit, body: CountInputSchema } }, async (request) => ({
    data: await deposits.count(request.params.id, request.body, access.user(request), clientInfo(request)),
  }))
  app.post('/deposits/:id/approve', { config, schema: oneDeposit }, async (request) => ({
    data: await deposits.approve(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/deposits/:id/submit', { config, schema: oneDeposit }, async (request) => ({
    data: await deposits.submit(request.params.id, access.user(request), clientInfo(request)),
  }))
  app.post('/deposits/:id/confirm', { config, schema: { ...oneDeposit, body: ConfirmInputSchema } }, async (request) => ({
    data: await deposits.confirm(request.params.id, request.body, access.user(request), clientInfo(request)),
  }))
  app.post('/deposits/:id/reconcile', { config, schema: { ...oneDeposit, body: ReconcileInputSchema } }, async (request) => ({
    data: await deposits.reconcile(request.params.id, request.body, access.user(request), clientInfo(request)),
  }))
}
