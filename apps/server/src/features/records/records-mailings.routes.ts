import {
  EnvelopesQuerySchema,
  LetterParamsSchema,
  LetterResponseSchema,
  MailingListResponseSchema,
  MailingQuerySchema,
  MailingResponseSchema,
  MarkMailedInputSchema,
  RECORDS_APP,
  RequestParamsSchema,
} from '@platform/contracts/records'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { RecordsMailingsService } from './records-mailings.service.js'

const access = signedInRoute({ application: RECORDS_APP })
const config = access.config

/** The To mail list, its envelope page and the mailed mark; the PUBLIC_INFO application, then the duty table in the service. */
export const recordsMailingsRoutes: FastifyPluginAsyncZod<{ mailings: RecordsMailingsService }> = async (app, { mailings }) => {
  app.get(
    '/records-mailings',
    { config, schema: { querystring: MailingQuerySchema, response: { 200: MailingListResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await mailings.list(request.query.state, access.user(request)) }),
  )

  app.get('/records-mailings/envelopes', { config, schema: { querystring: EnvelopesQuerySchema } }, async (request, reply) => {
    const { fileName, content } = await mailings.envelopes(request.query.ids, access.user(request))
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(content)
  })

  app.post(
    '/records-mailings/:id/mailed',
    {
      config,
      schema: { params: RequestParamsSchema, body: MarkMailedInputSchema, response: { 200: MailingResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await mailings.markMailed(request.params.id, request.body.mailedOn, access.user(request), clientInfo(request)),
    }),
  )

  // A letter's e-mail sent again lives here, with the other steps of getting letters to requesters.
  app.post(
    '/records-requests/:id/letters/:letterId/resend',
    { config, schema: { params: LetterParamsSchema, response: { 200: LetterResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await mailings.resend(request.params.id, request.params.letterId, access.user(request), clientInfo(request)),
    }),
  )
}
