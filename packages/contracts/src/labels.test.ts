import { describe, expect, it } from 'vitest'
import { LABELS, labelOf, spelledOut } from './labels.js'

describe('labels', () => {
  it('spells a code out when the table lacks it', () => {
    expect(spelledOut('FIELD_FACILITIES')).toBe('Field facilities')
    expect(spelledOut('extendedDueOn')).toBe('Extended due on')
    expect(labelOf({ VOLUMINOUS: 'A voluminous amount of records' }, 'VOLUMINOUS')).toBe('A voluminous amount of records')
    expect(labelOf({}, null)).toBe('')
  })

  it('never gives a code as its own words', () => {
    for (const [application, table] of Object.entries(LABELS)) {
      for (const [group, words] of Object.entries(table)) {
        for (const [code, label] of Object.entries(words as Record<string, string>)) {
          expect(label.trim(), `${application}.${group}.${code}`).not.toBe('')
          expect(label, `${application}.${group}.${code}`).not.toMatch(/^[A-Z0-9_]{4,}$/)
        }
      }
    }
  })
})
