import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { responseSerializerCompiler } from './response-serializer.js'

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string

describe('response serialiser', () => {
  it('writes only the listed fields, at any depth', () => {
    const serialize = compile(z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) }))
    const written = JSON.parse(serialize({ id: 1, tokenHash: 'secret', items: [{ name: 'a', password: 'p' }] }))
    expect(written).toEqual({ id: 1, items: [{ name: 'a' }] })
  })

  it('handles nullable values, literals, enums and free-form records', () => {
    const serialize = compile(
      z.object({
        ok: z.literal(true),
        state: z.enum(['a', 'b']),
        when: z.string().nullable(),
        claims: z.record(z.string(), z.unknown()).nullable(),
      }),
    )
    expect(JSON.parse(serialize({ ok: true, state: 'b', when: null, claims: { sub: '1', exp: 5, nested: { x: [1] } } }))).toEqual({
      ok: true,
      state: 'b',
      when: null,
      claims: { sub: '1', exp: 5, nested: { x: [1] } },
    })
  })

  it('refuses to write an answer missing a required field', () => {
    const serialize = compile(z.object({ id: z.number(), name: z.string() }))
    expect(() => serialize({ id: 1 })).toThrow()
  })
})
