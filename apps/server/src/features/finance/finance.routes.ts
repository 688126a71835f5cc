import {
  AccountSearchQuerySchema,
  AccountSearchResponseSchema,
  AccountValidateQuerySchema,
  AccountValidateResponseSchema,
  CHART_MAX_BYTES,
  ChartImportQuerySchema,
  ChartImportResponseSchema,
  ExceptionInputSchema,
  ExceptionListQuerySchema,
  ExceptionListResponseSchema,
  ExceptionResponseSchema,
  FinanceSettingsResponseSchema,
  FinanceWindowInputSchema,
  IdParamsSchema,
  PostingAccountsSchema,
  SeparationRefusalListResponseSchema,
  SiteInputSchema,
  SiteListResponseSchema,
  SiteResponseSchema,
} from '@platform/contracts/finance'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { ChartService } from './chart.service.js'
import type { FinanceSettingsService } from './finance-settings.service.js'
import type { SeparationService } from './separation.service.js'
import type { SitesService } from './sites.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const superAdminOnly = signedInRoute('super_admin')

const admin = signedInRoute('admin')
const signedIn = signedInRoute('authenticated')

/** The finance foundation's administration: sites, the chart of accounts, posting accounts, separation-of-duties exceptions. */
export const financeRoutes: FastifyPluginAsyncZod<{
  sites: SitesService
  chart: ChartService
  settings: FinanceSettingsService
  separation: SeparationService
}> = async (app, { sites, chart, settings, separation }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CHART_MAX_BYTES }, (_request, body, done) => done(null, body))

  // Site names are no secret: every signed-in person's fiscal screens show them.
  app.get(
    '/finance/sites',
    { config: signedIn.config, schema: { response: { 200: SiteListResponseSchema, ...errorResponses } } },
    async () => ({ data: await sites.list() }),
  )
  app.post(
    '/finance/sites',
    { config: admin.config, schema: { body: SiteInputSchema, response: { 201: SiteResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ data: await sites.create(request.body, admin.user(request), clientInfo(request)) }),
  )
  app.put(
    '/finance/sites/:id',
    {
      config: admin.config,
      schema: { params: IdParamsSchema, body: SiteInputSchema, response: { 200: SiteResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await sites.update(request.params.id, request.body, admin.user(request), clientInfo(request)) }),
  )

  app.post(
    '/finance/accounts/import',
    {
      config: admin.config,
      schema: { querystring: ChartImportQuerySchema, response: { 200: ChartImportResponseSchema, ...errorResponses } },
    },
    (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('bad_request', 'Send the CSV file itself as the body, with Content-Type: text/csv.', { code: 'csv_required' })
      return request.query.apply ? chart.apply(request.body, admin.user(request), clientInfo(request)) : chart.preview(request.body)
    },
  )
  app.get(
    '/finance/accounts',
    {
      config: signedIn.config,
      schema: { querystring: AccountSearchQuerySchema, response: { 200: AccountSearchResponseSchema, ...errorResponses } },
    },
    (request) => chart.search(request.query.search, request.query.limit),
  )
  app.get(
    '/finance/accounts/validate',
    {
      config: signedIn.config,
      schema: { querystring: AccountValidateQuerySchema, response: { 200: AccountValidateResponseSchema, ...errorResponses } },
    },
    (request) => chart.validate(request.query.account),
  )

  app.get(
    '/finance/settings',
    { config: admin.config, schema: { response: { 200: FinanceSettingsResponseSchema, ...errorResponses } } },
    () => settings.get(),
  )
  app.put(
    '/finance/settings/posting-accounts',
    { config: admin.config, schema: { body: PostingAccountsSchema, response: { 200: FinanceSettingsResponseSchema, ...errorResponses } } },
    (request) => settings.savePostingAccounts(request.body, admin.user(request), clientInfo(request)),
  )

  app.put(
    '/finance/settings/window',
    {
      config: admin.config,
      schema: { body: FinanceWindowInputSchema, response: { 200: FinanceSettingsResponseSchema, ...errorResponses } },
    },
    (request) => settings.saveEarliestFiscalYear(request.body, admin.user(request), clientInfo(request)),
  )

  app.post(
    '/finance/exceptions',
    {
      config: superAdminOnly.config,
      schema: { body: ExceptionInputSchema, response: { 201: ExceptionResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await separation.recordException(request.body, superAdminOnly.user(request), clientInfo(request)) }),
  )
  app.get(
    '/finance/exceptions',
    {
      config: admin.config,
      schema: { querystring: ExceptionListQuerySchema, response: { 200: ExceptionListResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await separation.listExceptions(request.query.appId),
    }),
  )
  app.get(
    '/finance/separation-refusals',
    { config: admin.config, schema: { response: { 200: SeparationRefusalListResponseSchema, ...errorResponses } } },
    async () => ({
      data: await separation.listRefusals(),
    }),
  )
}
