import { SuccessSchema } from '@platform/contracts/errors'
import { UPLOAD_CONTENT_TYPES, UPLOAD_LIMITS, UploadIdQuerySchema, UploadPreviewResponseSchema, UploadQuerySchema, UploadSavedResponseSchema } from '@platform/contracts/reports'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../../lib/errors.js'
import { errorResponses } from '../../../plugins/error-handler.js'
import type { UploadsService } from './uploads.service.js'

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] })
const access = { application: 'REPORTS_STUDIO' } as const

/** What kind of file the body is, from its Content-Type. */
function kindOf(request: FastifyRequest): 'csv' | 'xlsx' {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim()
  if (type === UPLOAD_CONTENT_TYPES.csv) return 'csv'
  if (type === UPLOAD_CONTENT_TYPES.xlsx) return 'xlsx'
  throw new AppError('bad_request', 'Send a CSV (text/csv) or an Excel workbook (.xlsx).', { code: 'bad_upload' })
}

function fileBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('bad_request', 'The file is empty.', { code: 'bad_upload' })
  return request.body
}

/** Datasets uploaded from CSV or XLSX files by report writers. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // The file is the body, as it is; only these routes accept it, up to their own size limit.
  for (const type of Object.values(UPLOAD_CONTENT_TYPES)) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.bytes }, (_request, body, done) => done(null, body))
  }
  const fileName = (request: FastifyRequest) => {
    const header = request.headers['x-file-name']
    return typeof header === 'string' ? decodeURIComponent(header).slice(0, 200) : null
  }

  app.post('/reportuploads/preview', { config: { access }, schema: { querystring: UploadQuerySchema, response: { 200: UploadPreviewResponseSchema, ...errorResponses } } }, async (request) => {
    const { preview } = await uploads.upload(request.user!, { ...request.query, dryRun: true, bytes: fileBody(request), kind: kindOf(request), fileName: fileName(request) }, client(request))
    return preview!
  })

  app.post('/reportuploads', { config: { access }, schema: { querystring: UploadQuerySchema, response: { 200: UploadSavedResponseSchema, ...errorResponses } } }, async (request) => {
    const { saved } = await uploads.upload(request.user!, { ...request.query, dryRun: false, bytes: fileBody(request), kind: kindOf(request), fileName: fileName(request) }, client(request))
    return saved!
  })

  app.delete('/reportuploads', { config: { access }, schema: { querystring: UploadIdQuerySchema, response: { 200: SuccessSchema, ...errorResponses } } }, (request) =>
    uploads.delete(request.user!, request.query.datasetId, client(request)),
  )
}
