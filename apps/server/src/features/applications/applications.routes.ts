import {
  ApplicationDeletedResponseSchema,
  ApplicationIdParamsSchema,
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  CreateApplicationBodySchema,
  UpdateApplicationBodySchema,
} from '@platform/contracts/applications'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { ApplicationsAdminService } from './applications-admin.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const adminOnly = signedInRoute('admin')

/** Application administration, for SUPER_ADMIN and ADMIN. */
export const applicationsRoutes: FastifyPluginAsyncZod<{ admin: ApplicationsAdminService }> = async (app, { admin }) => {
  app.get(
    '/admin/metadata/applications',
    { config: adminOnly.config, schema: { response: { 200: ApplicationListResponseSchema, ...errorResponses } } },
    async () => ({ data: await admin.list() }),
  )

  app.post(
    '/admin/applications',
    {
      config: adminOnly.config,
      schema: { body: CreateApplicationBodySchema, response: { 201: ApplicationResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const data = await admin.create(request.body, adminOnly.user(request), clientInfo(request))
      return reply.code(201).send({ success: true as const, message: `${data.app_name} was added.`, data })
    },
  )

  app.put(
    '/admin/applications/:app_id',
    {
      config: adminOnly.config,
      schema: {
        params: ApplicationIdParamsSchema,
        body: UpdateApplicationBodySchema,
        response: { 200: ApplicationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const data = await admin.update(request.params.app_id, request.body, adminOnly.user(request), clientInfo(request))
      return { success: true as const, message: `${data.app_name} was saved.`, data }
    },
  )

  app.delete(
    '/admin/applications/:app_id',
    {
      config: adminOnly.config,
      schema: { params: ApplicationIdParamsSchema, response: { 200: ApplicationDeletedResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { removedGrants, name } = await admin.delete(request.params.app_id, adminOnly.user(request), clientInfo(request))
      return { success: true as const, message: `${name} was deleted; ${removedGrants} grant(s) were removed.`, removedGrants }
    },
  )
}
