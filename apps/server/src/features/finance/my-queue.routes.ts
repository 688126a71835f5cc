import { MyQueueResponseSchema } from '@platform/contracts/finance'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { MyQueue } from './my-queue.js'
import { signedInRoute } from '../../plugins/access.js'

const signedIn = signedInRoute('authenticated')

/** What waits for the signed-in person in the fiscal applications, soonest first. */
export const myQueueRoutes: FastifyPluginAsyncZod<{ myQueue: MyQueue }> = async (app, { myQueue }) => {
  app.get(
    '/my-queue',
    { config: signedIn.config, schema: { response: { 200: MyQueueResponseSchema, ...errorResponses } } },
    async (request) => ({
      data: await myQueue.itemsFor(signedIn.user(request)),
    }),
  )
}
