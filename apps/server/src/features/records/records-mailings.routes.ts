import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { RecordsMailingsService } from './records-mailings.service.js'

/** The To mail list, its envelope page and the mailed mark; the PUBLIC_INFO application, then the duty table in the service. */
export const recordsMailingsRoutes: FastifyPluginAsyncZod<{ mailings: RecordsMailingsService }> = async (app, { mailings }) => {
  void app
  void mailings
}
