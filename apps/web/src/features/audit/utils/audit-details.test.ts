import { describe, expect, it } from 'vitest'
import { formatDetailValue, parseAuditDetails, summaryParts, summaryText } from './audit-details'

describe('parseAuditDetails', () => {
  it('lines up before and after values', () => {
    const details = parseAuditDetails(
      JSON.stringify({ before: { role: 'STAFF', applications: ['ACCRUALS'] }, after: { role: 'ADMIN', applications: [] } }),
    )
    expect(details.changes).toEqual([
      { field: 'role', before: 'STAFF', after: 'ADMIN', changed: true },
      { field: 'applications', before: 'ACCRUALS', after: '(none)', changed: true },
    ])
    expect(details.facts).toEqual([])
    expect(summaryText(summaryParts(details))).toBe('Role, Applications')
  })

  it('shows a creation (after only) and the other facts', () => {
    const details = parseAuditDetails(JSON.stringify({ source: 'import', line: 4, after: { is_active: true } }))
    expect(details.changes).toEqual([{ field: 'is_active', before: '—', after: 'yes', changed: true }])
    expect(details.facts).toEqual([
      { key: 'source', value: 'import' },
      { key: 'line', value: '4' },
    ])
  })

  it('names recorded fields in words in the summary, the values as recorded', () => {
    const details = parseAuditDetails(JSON.stringify({ reason_code: 'VOLUMINOUS', after: { full_name: 'Ada Lovelace', is_active: true } }))
    expect(summaryParts(details)).toEqual([{ label: 'Full name, Active' }, { label: 'Reason code', value: 'VOLUMINOUS' }])
    expect(summaryText(summaryParts(details))).toBe('Full name, Active · Reason code: VOLUMINOUS')
  })

  it('keeps text that is not a JSON object as it is', () => {
    expect(parseAuditDetails('plain words')).toEqual({ changes: [], facts: [], raw: 'plain words' })
    expect(summaryParts(parseAuditDetails('plain words'))).toEqual([{ label: '', value: 'plain words' }])
    expect(parseAuditDetails('[1,2]').raw).toBe('[1,2]')
    expect(parseAuditDetails(null)).toEqual({ changes: [], facts: [], raw: null })
  })

  it('formats values readably', () => {
    expect(formatDetailValue(null)).toBe('—')
    expect(formatDetailValue(false)).toBe('no')
    expect(formatDetailValue(['A', 'B'])).toBe('A, B')
    expect(formatDetailValue({ a: 1 })).toBe('{"a":1}')
  })
})
