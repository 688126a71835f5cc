import { id, idParam } from '@platform/contracts/input'
import Fastify, { type FastifyInstance } from 'fastify'
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { inWords, installErrorHandler } from './error-handler.js'

/** A code that reached a person: 'VOLUMINOUS_X'-style constants and 'clarifiedText'-style field names. */
const CODE_SHAPED = [/\b[A-Z]{2,}_[A-Z_]+\b/, /\b[a-z]+[A-Z][a-zA-Z]+\b/, /\b[a-z]+_[a-z_]+\b/]
// The API's name of a field in brackets at the end of a contract's message stays: it is how API clients find the field.
const withoutApiName = (sentence: string) => sentence.replace(/ \([a-zA-Z][\w.[\]]*\)\.?$/, '')
const expectWords = (error: string) => {
  for (const sentence of error.replace(/^Invalid \w+: /, '').split('; ')) {
    for (const pattern of CODE_SHAPED) expect(withoutApiName(sentence), error).not.toMatch(pattern)
  }
}

describe('a refused input in words', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    app = Fastify().withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    installErrorHandler(app)
    app.withTypeProvider<ZodTypeProvider>().post(
      '/clarify/:requestId',
      {
        schema: {
          params: z.object({ requestId: idParam('requestId') }),
          querystring: z.object({ page_size: z.coerce.number().int().optional() }),
          body: z.object({
            clarifiedText: z.string(),
            email: z.email('Enter a valid email address'),
            receiptIds: z.array(id('receiptIds')),
            siteIds: z.array(z.number()),
          }),
        },
      },
      async () => ({ ok: true }),
    )
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object })

  it('names each field in words, never by its API path, and keeps the answer {error, code}', async () => {
    const refused = await post('/clarify/1', { clarifiedText: 4, email: 'nobody', receiptIds: ['x'], siteIds: [1, 'two'] })
    expect(refused.statusCode).toBe(400)
    expect(Object.keys(refused.json()).sort()).toEqual(['code', 'error'])
    expect(refused.json().code).toBe('bad_request')
    const error: string = refused.json().error
    expect(error).toMatch(/^Invalid body: Clarified text: /)
    expect(error).toContain('; Enter a valid email address (email); ')
    expect(error).toContain('Each receipt must be given as a number (receiptIds)')
    expect(error).toMatch(/; Sites, item 2: .+ \(siteIds\.1\)$/)
    expect(error).not.toContain('clarifiedText:')
    expectWords(error)
  })

  it('words the path and the query string the same way', async () => {
    const badId = await post('/clarify/abc', { clarifiedText: 'x', email: 'a@b.org', receiptIds: [], siteIds: [] })
    expect(badId.json()).toEqual({ error: 'Invalid params: The request must be given as a number (requestId)', code: 'bad_request' })

    const badQuery = await post('/clarify/1?page_size=many', { clarifiedText: 'x', email: 'a@b.org', receiptIds: [], siteIds: [] })
    expect(badQuery.statusCode).toBe(400)
    expect(badQuery.json().error).toMatch(/^Invalid query: Page size: /)
    expectWords(badQuery.json().error)
  })

  it('does not lead a message that names its own field', () => {
    expect(inWords('/email', 'Email is required')).toBe('Email is required (email)')
    expect(inWords('/tender', 'Choose cash, check or money order (tender).')).toBe('Choose cash, check or money order (tender).')
    expect(inWords('', 'Expected an object')).toBe('Expected an object')
  })

  it('leads any other message with the field in words from the label tables, its API path in brackets at the end', () => {
    expect(inWords('/extendedDueOn', 'Expected a date')).toBe('New due date: Expected a date (extendedDueOn)')
    expect(inWords('/lines/2/amountCents', 'must be a whole number of cents')).toBe(
      'Amount: must be a whole number of cents (lines.2.amountCents)',
    )
    expect(inWords('/tags/0', 'Too long.')).toBe('Tags, item 1: Too long (tags.0).')
  })
})
