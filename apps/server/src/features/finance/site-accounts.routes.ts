import { IdParamsSchema } from '@platform/contracts/finance'
import { SiteAccountsInputSchema, SiteAccountsResponseSchema } from '@platform/contracts/finance-site-accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { SiteAccountsService } from './site-accounts.service.js'

const admin = signedInRoute('admin')

/** The accounts a site's collectors may credit beyond its own revenue: administrators read and set them. */
export const siteAccountsRoutes: FastifyPluginAsyncZod<{ siteAccounts: SiteAccountsService }> = async (app, { siteAccounts }) => {
  app.get(
    '/finance/sites/:id/accounts',
    { config: admin.config, schema: { params: IdParamsSchema, response: { 200: SiteAccountsResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await siteAccounts.get(request.params.id) }),
  )
  app.put(
    '/finance/sites/:id/accounts',
    {
      config: admin.config,
      schema: { params: IdParamsSchema, body: SiteAccountsInputSchema, response: { 200: SiteAccountsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await siteAccounts.save(request.params.id, request.body, admin.user(request), clientInfo(request)) }),
  )
}
