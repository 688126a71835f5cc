import { describe, expect, it } from 'vitest'
import { safeCellStyle } from './cell-style.js'

describe('safeCellStyle', () => {
  it('keeps #RRGGBB colours and bold, and drops anything else', () => {
    expect(safeCellStyle({ color: '#b00020', bold: true })).toEqual({ color: '#B00020', background: null, bold: true })
    expect(safeCellStyle({ color: 'red', background: 'url(x)' })).toBeNull()
    expect(safeCellStyle({ background: '#FFF4CC' })).toEqual({ color: null, background: '#FFF4CC', bold: false })
    expect(safeCellStyle(null)).toBeNull()
  })
})
