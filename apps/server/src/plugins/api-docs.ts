import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** An OpenAPI description generated from the same zod schemas that validate every call. */
export async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'District Staff Platform API', version: '1.0.0', description: 'Every call answers errors as {error, code}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  })
}

/** Serves the description; registered after every route so it lists them all. */
export function apiDocsRoute(app: FastifyInstance): void {
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger())
}
