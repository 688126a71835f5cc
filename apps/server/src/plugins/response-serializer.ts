import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { type ZodType, z } from 'zod'

type Serialize = (data: unknown) => string

/** One serialiser per schema: the error schema every route lists is compiled once, not once per route and status. */
const compiled = new WeakMap<ZodType, Serialize>()

/**
 * Responses are written by a serialiser compiled from each route's zod response schema (through its JSON Schema),
 * as Fastify does by default: only the listed fields are ever written, so a token hash or any unlisted column cannot
 * leak. Parsing every answer with zod before writing it cost more than the rest of a cheap call.
 *
 * The JSON Schema is made at start-up, so a schema that cannot be written fails the start; the serialiser itself
 * is compiled on the route's first answer: compiled for all ~250 routes and statuses at once they held about 15 MB
 * that an instance most of whose routes are rarely called does not need.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  const known = compiled.get(schema)
  if (known) return known
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>
  delete jsonSchema.$schema
  let serialize: Serialize | undefined
  const lazily: Serialize = (data) => {
    serialize ??= fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as Serialize
    return serialize(data)
  }
  compiled.set(schema, lazily)
  return lazily
}
