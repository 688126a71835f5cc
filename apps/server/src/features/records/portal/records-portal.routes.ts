import {
  ArchiveDocumentParamsSchema,
  ArchiveEntryResponseSchema,
  ArchiveListResponseSchema,
  ArchiveParamsSchema,
  ArchiveQuerySchema,
  MAX_DESCRIPTION_LENGTH,
  NewLinkInputSchema,
  NewLinkResponseSchema,
  PortalInfoResponseSchema,
  PortalReceiptResponseSchema,
  PortalRequestInputSchema,
  TrackingChildParamsSchema,
  TrackingInputSchema,
  TrackingMessageInputSchema,
  TrackingResponseSchema,
} from '@platform/contracts/records-portal'
import type { FastifyError, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../../lib/errors.js'
import { errorResponses } from '../../../plugins/error-handler.js'
import type { RecordsPortalService } from './records-portal.service.js'

const config = { access: 'public' } as const

/** Room for the longest description (up to 4 bytes a character) and the other fields; anything larger is refused unread. */
const REQUEST_BODY_LIMIT = 128 * 1024
/** The tracking calls carry a number, a token and at most a message. */
const TRACKING_BODY_LIMIT = 32 * 1024

/** A body over the limit, said to the person who wrote it (the shared handler's sentence is for API clients). */
const tooLarge =
  (sentence: string) =>
  (error: FastifyError): never => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error
    throw new AppError('too_large', sentence, { code: 'request_too_long' })
  }
const requestTooLong = tooLarge(
  `Your request is too long to send. Shorten the description to at most ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters and send it again.`,
)
const messageTooLong = tooLarge('Your message is too long to send. Shorten it to at most 5,000 characters and send it again.')

/** RFC 6266: an ASCII fallback name and the exact one in UTF-8. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`

/** Always a download, never shown from our origin: a released file cannot run as a page here. */
const sendFile = (reply: FastifyReply, file: { fileName: string; contentType: string; content: Buffer }) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.content)

/**
 * The public's routes (access 'public'): the request page, the tracking link, new links and the archive. The tracking
 * secret comes in POST bodies only, never in an address the server logs.
 */
export const recordsPortalRoutes: FastifyPluginAsyncZod<{ portal: RecordsPortalService }> = async (app, { portal }) => {
  app.get('/public-records/info', { config, schema: { response: { 200: PortalInfoResponseSchema, ...errorResponses } } }, async () => ({
    data: await portal.info(),
  }))

  app.post(
    '/public-records/requests',
    {
      config,
      bodyLimit: REQUEST_BODY_LIMIT,
      errorHandler: requestTooLong,
      schema: { body: PortalRequestInputSchema, response: { 201: PortalReceiptResponseSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send({ data: await portal.submit(request.body, request.ip) }),
  )

  app.post(
    '/public-records/track',
    {
      config,
      bodyLimit: TRACKING_BODY_LIMIT,
      schema: { body: TrackingInputSchema, response: { 200: TrackingResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await portal.track(request.body, request.ip) }),
  )

  app.post(
    '/public-records/track/messages',
    {
      config,
      bodyLimit: TRACKING_BODY_LIMIT,
      errorHandler: messageTooLong,
      schema: { body: TrackingMessageInputSchema, response: { 201: TrackingResponseSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send({ data: await portal.message(request.body, request.ip) }),
  )

  app.post(
    '/public-records/track/letters/:childId',
    { config, bodyLimit: TRACKING_BODY_LIMIT, schema: { body: TrackingInputSchema, params: TrackingChildParamsSchema } },
    async (request, reply) => sendFile(reply, await portal.letter(request.body, request.params.childId, request.ip)),
  )

  app.post(
    '/public-records/track/documents/:childId',
    { config, bodyLimit: TRACKING_BODY_LIMIT, schema: { body: TrackingInputSchema, params: TrackingChildParamsSchema } },
    async (request, reply) => sendFile(reply, await portal.document(request.body, request.params.childId, request.ip)),
  )

  app.post(
    '/public-records/new-link',
    {
      config,
      bodyLimit: TRACKING_BODY_LIMIT,
      schema: { body: NewLinkInputSchema, response: { 202: NewLinkResponseSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(202).send({ data: await portal.newLink(request.body, request.ip) }),
  )

  app.get(
    '/public-records/archive',
    { config, schema: { querystring: ArchiveQuerySchema, response: { 200: ArchiveListResponseSchema, ...errorResponses } } },
    async (request) => portal.archive.list(request.query),
  )

  app.get(
    '/public-records/archive/:number',
    { config, schema: { params: ArchiveParamsSchema, response: { 200: ArchiveEntryResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await portal.archive.entry(request.params.number) }),
  )

  app.get(
    '/public-records/archive/:number/documents/:childId',
    { config, schema: { params: ArchiveDocumentParamsSchema } },
    async (request, reply) => sendFile(reply, await portal.archive.document(request.params.number, request.params.childId)),
  )
}
