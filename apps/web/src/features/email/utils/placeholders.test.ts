import { describe, expect, it } from 'vitest'
import { checkPlaceholders, insertPlaceholder, usedPlaceholders } from './placeholders'

describe('insertPlaceholder', () => {
  it('inserts at the cursor and puts the cursor after it', () => {
    expect(insertPlaceholder('Hello !', 'name', 6, 6)).toEqual({ value: 'Hello {{name}}!', cursor: 14 })
  })

  it('replaces the selection', () => {
    expect(insertPlaceholder('Open LINK now', 'link', 5, 9)).toEqual({ value: 'Open {{link}} now', cursor: 13 })
  })

  it('appends when there is no cursor, and clamps a stale one', () => {
    expect(insertPlaceholder('Hi ', 'name')).toEqual({ value: 'Hi {{name}}', cursor: 11 })
    expect(insertPlaceholder('Hi', 'name', 50, 60)).toEqual({ value: 'Hi{{name}}', cursor: 10 })
    expect(insertPlaceholder('', 'code', null, null)).toEqual({ value: '{{code}}', cursor: 8 })
  })

  it('ignores a reversed selection end', () => {
    expect(insertPlaceholder('abcd', 'x', 2, 1)).toEqual({ value: 'ab{{x}}cd', cursor: 7 })
  })
})

describe('placeholder checks', () => {
  const offered = [
    { name: 'link', required: true },
    { name: 'code', required: true },
    { name: 'name', required: false },
  ]

  it('finds the names used, once each', () => {
    expect(usedPlaceholders('Hi {{name}}', 'Go: {{ link }} {{name}} {notone}')).toEqual(['name', 'link'])
  })

  it('lists missing required and unknown placeholders', () => {
    expect(checkPlaceholders('Sign in', 'Use {{link}} or {{pin}}', offered)).toEqual({ missing: ['code'], unknown: ['pin'] })
    expect(checkPlaceholders('{{code}}', '{{link}}', offered)).toEqual({ missing: [], unknown: [] })
  })
})
