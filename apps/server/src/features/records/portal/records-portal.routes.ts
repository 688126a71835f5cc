import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { RecordsPortalService } from './records-portal.service.js'

/** The public's routes (access 'public'): the request page, the tracking link, new links and the archive. */
export const recordsPortalRoutes: FastifyPluginAsyncZod<{ portal: RecordsPortalService }> = async (app, { portal }) => {
  void app
  void portal
}
