import {
  DsaFiltersSchema,
  DsaProjectsQuerySchema,
  DsaProjectsResponseSchema,
  DsaStatsSchema,
  ScrapeRunParamsSchema,
  ScrapeRunSchema,
  ScrapeRunsQuerySchema,
  ScrapeRunsResponseSchema,
  StartScrapeBodySchema,
  StartScrapeResponseSchema,
} from '@platform/contracts/dsa'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DsaService } from './dsa.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { Clock } from '../../lib/clock.js'
import type { Downloads } from '../../downloads/downloads.js'

const access = signedInRoute({ application: 'DSA_TRACKER' })

/** The DSA Project Tracker: for holders of the DSA_TRACKER application. */
export const dsaRoutes: FastifyPluginAsyncZod<{
  dsa: DsaService
  downloads: Downloads
  requestDelayMs: number
  clock: Clock
  timeZone: string
}> = async (app, { dsa, downloads, requestDelayMs, clock, timeZone }) => {
  app.post(
    '/dsa-scrape',
    { config: access.config, schema: { body: StartScrapeBodySchema, response: { 202: StartScrapeResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const run = await dsa.startScrape(request.body.clientId, 'manual', access.user(request).id)
      return reply
        .code(202)
        .send({ message: `Scraping of ${run.clientId} started. It reads one page every few seconds; follow its progress here.`, run })
    },
  )

  app.get(
    '/dsa-scrape-runs',
    {
      config: access.config,
      schema: { querystring: ScrapeRunsQuerySchema, response: { 200: ScrapeRunsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await dsa.runs(request.query.clientId, request.query.limit), requestDelayMs }),
  )

  app.get(
    '/dsa-scrape-runs/:runId',
    { config: access.config, schema: { params: ScrapeRunParamsSchema, response: { 200: ScrapeRunSchema, ...errorResponses } } },
    async (request) => dsa.run(request.params.runId),
  )

  app.get(
    '/dsa-projects',
    {
      config: access.config,
      schema: { querystring: DsaProjectsQuerySchema, response: { 200: DsaProjectsResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { limit, offset, sort, order, ...filters } = request.query
      return dsa.list(filters, sort, order, limit, offset)
    },
  )

  app.get('/dsa-stats', { config: access.config, schema: { response: { 200: DsaStatsSchema, ...errorResponses } } }, async () =>
    dsa.stats(),
  )

  app.get('/dsa-export', { config: access.config, schema: { querystring: DsaFiltersSchema } }, async (request, reply) => {
    const body = downloads.stream('dsaProjectsCsv', { filters: request.query, freshSince: dsa.freshSince(), timeZone })
    const date = localDate(clock.now(), timeZone)
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="dsa_projects_${date}.csv"`)
      .send(body)
  })
}
