import { Readable } from 'node:stream'
import {
  DSA_EXPORT_COLUMNS,
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
import { csvRecord } from '../../lib/csv.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DsaService } from './dsa.service.js'

const access = { application: 'DSA_TRACKER' } as const
// Rows are gathered into chunks of this many before being handed to the socket: one write per row costs more than the CSV.
const EXPORT_CHUNK_ROWS = 500

/** The DSA Project Tracker (SPEC.md §7): for holders of the DSA_TRACKER application. */
export const dsaRoutes: FastifyPluginAsyncZod<{ dsa: DsaService }> = async (app, { dsa }) => {
  app.post(
    '/dsa-scrape',
    { config: { access }, schema: { body: StartScrapeBodySchema, response: { 202: StartScrapeResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const run = await dsa.startScrape(request.body.clientId, 'manual', request.user!.id)
      return reply.code(202).send({ message: `Scraping of ${run.clientId} started. It reads one page every few seconds; follow its progress here.`, run })
    },
  )

  app.get(
    '/dsa-scrape-runs',
    { config: { access }, schema: { querystring: ScrapeRunsQuerySchema, response: { 200: ScrapeRunsResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await dsa.runs(request.query.clientId, request.query.limit) }),
  )

  app.get(
    '/dsa-scrape-runs/:runId',
    { config: { access }, schema: { params: ScrapeRunParamsSchema, response: { 200: ScrapeRunSchema, ...errorResponses } } },
    async (request) => dsa.run(request.params.runId),
  )

  app.get(
    '/dsa-projects',
    { config: { access }, schema: { querystring: DsaProjectsQuerySchema, response: { 200: DsaProjectsResponseSchema, ...errorResponses } } },
    async (request) => {
      const { limit, offset, sort, order, ...filters } = request.query
      return dsa.list(filters, sort, order, limit, offset)
    },
  )

  app.get('/dsa-stats', { config: { access }, schema: { response: { 200: DsaStatsSchema, ...errorResponses } } }, async () => dsa.stats())

  app.get('/dsa-export', { config: { access }, schema: { querystring: DsaFiltersSchema } }, async (request, reply) => {
    const rows = dsa.exportRows(request.query)
    async function* csv() {
      yield csvRecord(DSA_EXPORT_COLUMNS)
      let chunk = ''
      let count = 0
      for await (const project of rows) {
        chunk += csvRecord(DSA_EXPORT_COLUMNS.map((column) => project[column]))
        count += 1
        if (count % EXPORT_CHUNK_ROWS === 0) {
          yield chunk
          chunk = ''
        }
      }
      if (chunk) yield chunk
    }
    const date = new Date().toISOString().slice(0, 10)
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="dsa_projects_${date}.csv"`)
      .send(Readable.from(csv()))
  })
}
