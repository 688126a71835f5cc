import { schemaResolver } from '@mantine/form'
import { id } from '@platform/contracts/input'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { formMessage, schemaErrors, withoutFieldNames } from './schema-errors'

describe('formMessage', () => {
  it('drops the API’s field name that ends a contract’s message, keeping the full stop', () => {
    expect(formMessage('Choose who searches (assigneeId).')).toBe('Choose who searches.')
    expect(formMessage('an estimate says how it was estimated (basisNote)')).toBe('an estimate says how it was estimated')
    expect(formMessage('Give the receipt at least one line (lines.0.account).')).toBe('Give the receipt at least one line.')
    expect(formMessage('Choose the line (lines[0]).')).toBe('Choose the line.')
  })

  it('keeps every other bracket of the sentence', () => {
    expect(formMessage('Enter the citation, e.g. Gov. Code §7927.705 (citation).')).toBe('Enter the citation, e.g. Gov. Code §7927.705.')
    expect(formMessage('fiscalYear names two consecutive years (e.g. 2025-26).')).toBe(
      'fiscalYear names two consecutive years (e.g. 2025-26).',
    )
    expect(formMessage('cutoffOn must be a date (YYYY-MM-DD)')).toBe('cutoffOn must be a date (YYYY-MM-DD)')
    expect(formMessage('Choose the reason (reason: one of A, B) first.')).toBe('Choose the reason (reason: one of A, B) first.')
    expect(formMessage('workedOn is before the request was received (2026-03-02).')).toBe(
      'workedOn is before the request was received (2026-03-02).',
    )
    expect(formMessage('(blank)')).toBe('(blank)')
    expect(formMessage('Choose who searches (assigneeId) first.')).toBe('Choose who searches (assigneeId) first.')
  })

  it('leaves a message without brackets as it is', () => {
    expect(formMessage('Enter a valid email address')).toBe('Enter a valid email address')
  })
})

describe('schemaErrors', () => {
  it('gives each named field its first message, without the API’s field name', () => {
    const schema = z.object({
      payer: z.string().min(1, 'Enter whom the money was received from (payer).'),
      purpose: z.string().min(1, 'Enter what the money is for (purpose).').max(3, 'Too long (purpose).'),
      hidden: z.string().min(1, 'Not on the form (hidden).'),
    })
    expect(schemaErrors(schema, { payer: '', purpose: '', hidden: '' }, ['payer', 'purpose'] as const)).toEqual({
      payer: 'Enter whom the money was received from.',
      purpose: 'Enter what the money is for.',
    })
  })
})

describe('withoutFieldNames', () => {
  const schema = z.object({
    reason: z.string().min(1, 'Say why (reason).'),
    amountCents: z.number().min(1, 'Enter an amount above zero (amountCents).'),
    siteId: id('siteId'),
  })
  const values = { reason: '', amountCents: 0, siteId: 0 }

  it('shows the schema’s messages under each field without the API’s field name', () => {
    expect(withoutFieldNames(schemaResolver(schema, { sync: true }))(values)).toEqual({
      reason: 'Say why.',
      amountCents: 'Enter an amount above zero.',
      siteId: 'The site must be a positive number',
    })
  })

  it('puts a message under the form’s own field where its name differs from the API’s', () => {
    const errors = withoutFieldNames(schemaResolver(schema, { sync: true }), (path) => (path === 'amountCents' ? 'amount' : path))(values)
    expect(errors).toMatchObject({ amount: 'Enter an amount above zero.' })
    expect(errors).not.toHaveProperty('amountCents')
  })
})
