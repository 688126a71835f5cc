import { RetentionInputSchema, RetentionResponseSchema } from '@platform/contracts/retention'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { RetentionService } from './retention.service.js'

const admin = signedInRoute('admin')

/** GET and PUT /api/retention: how long the platform keeps its own records, and the last purge (administrators). */
export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  app.get('/retention', { config: admin.config, schema: { response: { 200: RetentionResponseSchema, ...errorResponses } } }, async () => ({
    data: await retention.view(),
  }))
  app.put(
    '/retention',
    { config: admin.config, schema: { body: RetentionInputSchema, response: { 200: RetentionResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await retention.save(request.body, admin.user(request), clientInfo(request)) }),
  )
}
