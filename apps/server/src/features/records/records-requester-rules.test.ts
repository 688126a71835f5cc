import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contactKeyOf, possibleDuplicate, requesterFromContact, requesterFromPortal, textSimilarity } from './records-requester.js'

const row = (text: string, clarified: string | null = null) => ({ request_text: text, clarified_text: clarified })

describe('Public Information: how a requester is answered and a duplicate recognised', () => {
  it('answers a staff-typed contact by e-mail only when it is one address', () => {
    expect(requesterFromContact('  Pat.Doe@Example.ORG ')).toMatchObject({ email: 'pat.doe@example.org', postalAddress: null })
    expect(requesterFromContact('Pat Doe, 12 Main St, Fresno')).toMatchObject({ email: null, postalAddress: 'Pat Doe, 12 Main St, Fresno' })
    expect(requesterFromContact('pat@example.org or 559-555-0100')).toMatchObject({ email: null })
  })

  it('keys a contact so that case, spacing and punctuation do not make it another person', () => {
    expect(contactKeyOf('12 Main St.,  Fresno ')).toBe(contactKeyOf('12 main st fresno'))
    expect(requesterFromPortal({ email: 'A@B.org', postalAddress: '1 Elm', preferredFormat: 'PAPER' }).contactKey).toBe('a@b.org')
    expect(requesterFromPortal({ email: '', postalAddress: ' 1 Elm ', preferredFormat: 'PAPER' })).toMatchObject({
      email: null,
      postalAddress: '1 Elm',
      contactKey: '1 elm',
    })
  })

  it('finds the same request asked again in other words, and not a different one', () => {
    const earlier = [
      row('All contracts with Acme Paving for the 2025 parking lot repairs at Lincoln Elementary'),
      row('Board minutes of March 2026'),
    ]
    expect(possibleDuplicate('Contracts with Acme Paving for the parking lot repairs at Lincoln Elementary, 2025', earlier)).toBe(
      earlier[0],
    )
    expect(possibleDuplicate('Payroll records of the superintendent for 2024', earlier)).toBeNull()
    // The clarified text counts as much as the text received.
    expect(
      possibleDuplicate('Board minutes March 2026 all meetings', [row('Minutes', 'Board minutes of all meetings in March 2026')]),
    ).not.toBeNull()
  })

  it('measures likeness between 0 and 1, the same both ways, and 1 for the same words', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = textSimilarity(a, b)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(1)
        expect(textSimilarity(b, a)).toBe(score)
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{3,8}$/), { minLength: 1, maxLength: 20 }), (words) => {
        expect(textSimilarity(words.join(' '), [...words].reverse().join(', '))).toBe(1)
      }),
    )
  })
})
