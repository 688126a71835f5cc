import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { type ZodType, z } from 'zod'

/**
 * Responses are written by a serialiser compiled from each route's zod response schema (through its JSON Schema),
 * as Fastify does by default: only the listed fields are ever written, so a token hash or any unlisted column cannot
 * leak. Parsing every answer with zod before writing it cost more than the rest of a cheap call.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>
  delete jsonSchema.$schema
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string
}
