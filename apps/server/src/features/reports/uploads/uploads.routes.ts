import { SuccessSchema } from '@platform/contracts/errors'
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_LIMITS,
  UploadIdQuerySchema,
  UploadPreviewResponseSchema,
  UploadQuerySchema,
  UploadSavedResponseSchema,
} from '@platform/contracts/reports'
import { UNSTORABLE_TEXT_MESSAGE, isStorableText } from '@platform/contracts/input'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../../lib/errors.js'
import { errorResponses } from '../../../plugins/error-handler.js'
import type { UploadsService } from './uploads.service.js'
import { signedInRoute } from '../../../plugins/access.js'
import { clientInfo } from '../../../lib/client-info.js'

const access = signedInRoute({ application: 'REPORTS_STUDIO' })

/** What kind of file the body is, from its Content-Type. */
function kindOf(request: FastifyRequest): 'csv' | 'xlsx' {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim()
  if (type === UPLOAD_CONTENT_TYPES.csv) return 'csv'
  if (type === UPLOAD_CONTENT_TYPES.xlsx) return 'xlsx'
  throw new AppError('bad_request', 'Send a CSV (text/csv) or an Excel workbook (.xlsx).', { code: 'bad_upload' })
}

function fileBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0)
    throw new AppError('bad_request', 'The file is empty.', { code: 'bad_upload' })
  return request.body
}

/** The file's name as the browser sent it: X-File-Name, percent-encoded (encodeURIComponent) so any name fits a header. */
function fileName(request: FastifyRequest): string | null {
  const header = request.headers['x-file-name']
  if (typeof header !== 'string') return null
  let name: string
  try {
    name = decodeURIComponent(header)
  } catch {
    throw new AppError('bad_request', 'The X-File-Name header is not a percent-encoded file name (encode it with encodeURIComponent).', {
      code: 'bad_file_name',
    })
  }
  if (!isStorableText(name))
    throw new AppError('bad_request', `The X-File-Name header ${UNSTORABLE_TEXT_MESSAGE}.`, { code: 'bad_file_name' })
  // By code point, so a cut never leaves half a character.
  return Array.from(name).slice(0, 200).join('')
}

/** Datasets uploaded from CSV or XLSX files by report writers. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // The file is the body, as it is; only these routes accept it, up to their own size limit.
  for (const type of Object.values(UPLOAD_CONTENT_TYPES)) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.bytes }, (_request, body, done) => done(null, body))
  }

  app.post(
    '/reportuploads/preview',
    {
      config: access.config,
      schema: { querystring: UploadQuerySchema, response: { 200: UploadPreviewResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { preview } = await uploads.upload(
        access.user(request),
        { ...request.query, dryRun: true, bytes: fileBody(request), kind: kindOf(request), fileName: fileName(request) },
        clientInfo(request),
      )
      return preview!
    },
  )

  app.post(
    '/reportuploads',
    { config: access.config, schema: { querystring: UploadQuerySchema, response: { 200: UploadSavedResponseSchema, ...errorResponses } } },
    async (request) => {
      const { saved } = await uploads.upload(
        access.user(request),
        { ...request.query, dryRun: false, bytes: fileBody(request), kind: kindOf(request), fileName: fileName(request) },
        clientInfo(request),
      )
      return saved!
    },
  )

  app.delete(
    '/reportuploads',
    { config: access.config, schema: { querystring: UploadIdQuerySchema, response: { 200: SuccessSchema, ...errorResponses } } },
    (request) => uploads.delete(access.user(request), request.query.datasetId, clientInfo(request)),
  )
}
