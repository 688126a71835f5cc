import { SignedOutResponseSchema } from '@platform/contracts/account'
import { SuccessSchema } from '@platform/contracts/errors'
import { idParam } from '@platform/contracts/input'
import {
  IMPORT_MAX_BYTES,
  ImportResponseSchema,
  MetaAppsResponseSchema,
  MetaOrgsResponseSchema,
  MetaRolesResponseSchema,
  UserDetailsResponseSchema,
  UserIdQuerySchema,
  UserInputSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserSavedResponseSchema,
} from '@platform/contracts/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { UsersImportService } from './users-import.service.js'
import type { CatalogueEntry, UsersService } from './users.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const admin = signedInRoute('admin')

const UserIdParamsSchema = z.object({ userId: idParam('userId') })
const ImportQuerySchema = z.object({
  sendInvitations: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
})

/** User Management and the CSV import, for SUPER_ADMIN and ADMIN. */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService
  importer: UsersImportService
  catalogue: () => Promise<Array<CatalogueEntry & { app_icon: string; app_color: string; category: string; is_active: number }>>
}> = async (app, { users, importer, catalogue }) => {
  // The import takes the file as it is; only this plugin accepts a CSV body, up to its own size limit.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body))

  app.get(
    '/userlist',
    { config: admin.config, schema: { querystring: UserListQuerySchema, response: { 200: UserListResponseSchema, ...errorResponses } } },
    (request) => users.list(request.query),
  )
  app.get('/metaorgs', { config: admin.config, schema: { response: { 200: MetaOrgsResponseSchema, ...errorResponses } } }, async () => ({
    data: await users.organizations(),
  }))
  app.get('/metaroles', { config: admin.config, schema: { response: { 200: MetaRolesResponseSchema, ...errorResponses } } }, async () => ({
    data: await users.roles(),
  }))
  app.get('/metaapps', { config: admin.config, schema: { response: { 200: MetaAppsResponseSchema, ...errorResponses } } }, async () => ({
    data: await catalogue(),
  }))

  app.get(
    '/userdetails',
    { config: admin.config, schema: { querystring: UserIdQuerySchema, response: { 200: UserDetailsResponseSchema, ...errorResponses } } },
    (request) => users.details(request.query.userId),
  )

  app.post(
    '/createuser',
    { config: admin.config, schema: { body: UserInputSchema, response: { 201: UserSavedResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await users.create(request.body, admin.user(request), clientInfo(request))),
  )

  app.put(
    '/updateuser',
    {
      config: admin.config,
      schema: { querystring: UserIdQuerySchema, body: UserInputSchema, response: { 200: UserSavedResponseSchema, ...errorResponses } },
    },
    (request) => users.update(request.query.userId, request.body, admin.user(request), clientInfo(request)),
  )

  app.post(
    '/resendinvite',
    { config: admin.config, schema: { querystring: UserIdQuerySchema, response: { 200: SuccessSchema, ...errorResponses } } },
    (request) => users.resendInvitation(request.query.userId, admin.user(request), clientInfo(request)),
  )

  app.delete(
    '/deleteuser',
    { config: admin.config, schema: { querystring: UserIdQuerySchema, response: { 200: SuccessSchema, ...errorResponses } } },
    (request) => users.deactivate(request.query.userId, admin.user(request), clientInfo(request)),
  )

  const csvBody = (request: FastifyRequest): Buffer => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('bad_request', 'Send the CSV file itself as the body, with Content-Type: text/csv.', { code: 'csv_required' })
    }
    return request.body
  }

  app.post(
    '/users/:userId/sign-out-everywhere',
    { config: admin.config, schema: { params: UserIdParamsSchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => users.signOutEverywhere(request.params.userId, admin.user(request), clientInfo(request)),
  )

  app.post(
    '/users/import/preview',
    { config: admin.config, schema: { response: { 200: ImportResponseSchema, ...errorResponses } } },
    (request) => importer.preview(csvBody(request), admin.user(request)),
  )

  app.post(
    '/users/import/apply',
    { config: admin.config, schema: { querystring: ImportQuerySchema, response: { 200: ImportResponseSchema, ...errorResponses } } },
    (request) =>
      importer.apply(csvBody(request), admin.user(request), clientInfo(request), { sendInvitations: request.query.sendInvitations }),
  )
}
