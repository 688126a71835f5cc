import {
  ATTACHMENT_MAX_BYTES,
  AttachmentListResponseSchema,
  AttachmentOwnerParamsSchema,
  AttachmentResponseSchema,
  AttachmentUploadQuerySchema,
  IdParamsSchema,
} from '@platform/contracts/finance'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { AttachmentsService } from './attachments.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const signedIn = signedInRoute('authenticated')
const ownerPath = '/finance/attachments/:appCode/:recordType/:recordId'

/** RFC 6266: an ASCII fallback name and the exact one in UTF-8. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** Attachments through the record they belong to; the owning application's check decides who may see or add them. */
export const attachmentsRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentsService }> = async (app, { attachments }) => {
  // Any bytes are taken as they are (up to 25 MB; more is refused with 413 before it is read whole); the content decides the type.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES }, (_request, body, done) => done(null, body))

  app.post(
    ownerPath,
    {
      config: signedIn.config,
      bodyLimit: ATTACHMENT_MAX_BYTES,
      schema: {
        params: AttachmentOwnerParamsSchema,
        querystring: AttachmentUploadQuerySchema,
        response: { 201: AttachmentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('bad_request', 'Send the file itself as the body (for example Content-Type: application/octet-stream).', {
          code: 'file_required',
        })
      const data = await attachments.upload(
        request.params,
        request.query.fileName,
        request.body,
        signedIn.user(request),
        clientInfo(request),
      )
      return reply.code(201).send({ data })
    },
  )
  app.get(
    ownerPath,
    {
      config: signedIn.config,
      schema: { params: AttachmentOwnerParamsSchema, response: { 200: AttachmentListResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await attachments.list(request.params, signedIn.user(request)),
    }),
  )
  app.get('/finance/attachments/:id/download', { config: signedIn.config, schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { attachment, content } = await attachments.download(request.params.id, signedIn.user(request))
    // Always a download, never shown from our origin: a stored file cannot run as a page here.
    return reply
      .header('Content-Type', attachment.contentType)
      .header('Content-Disposition', contentDisposition(attachment.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('X-Attachment-SHA256', attachment.sha256)
      .send(content)
  })
}
