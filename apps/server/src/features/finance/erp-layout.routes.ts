import { ErpLayoutResponseSchema, ErpLayoutSchema } from '@platform/contracts/finance-erp-layout'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientInfo } from '../../lib/client-info.js'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { ErpLayoutService } from './erp-layout.js'

const admin = signedInRoute('admin')

/** The district's ERP import layout for the journals (Finance settings, administrators). */
export const erpLayoutRoutes: FastifyPluginAsyncZod<{ layouts: ErpLayoutService }> = async (app, { layouts }) => {
  app.get(
    '/finance/settings/erp-layout',
    { config: admin.config, schema: { response: { 200: ErpLayoutResponseSchema, ...errorResponses } } },
    async () => ({ data: await layouts.get() }),
  )
  app.put(
    '/finance/settings/erp-layout',
    { config: admin.config, schema: { body: ErpLayoutSchema, response: { 200: ErpLayoutResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await layouts.save(request.body, admin.user(request), clientInfo(request)) }),
  )
}
