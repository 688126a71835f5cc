import { describe, expect, it } from 'vitest'
import { checkParameterValue, emptyParameterValue } from './report-parameters.js'
import type { ReportParameter } from './reports.js'

const parameter = (type: ReportParameter['type'], options?: string[]): ReportParameter => ({
  id: 'p',
  label: 'P',
  type,
  required: false,
  ...(options ? { options } : {}),
})

describe('a report parameter value, as the engine and the viewer check it', () => {
  it('converts each type and says what is wrong with a bad value', () => {
    expect(checkParameterValue(parameter('integer'), ' 2026 ')).toEqual({ ok: true, value: 2026 })
    expect(checkParameterValue(parameter('integer'), '20.5')).toEqual({ ok: false, problem: "'20.5' is not a whole number" })
    expect(checkParameterValue(parameter('integer'), '  ')).toEqual({ ok: false, problem: "'  ' is not a whole number" })
    expect(checkParameterValue(parameter('decimal'), '1,250.75')).toEqual({ ok: true, value: 1250.75 })
    expect(checkParameterValue(parameter('decimal'), 'ten')).toEqual({ ok: false, problem: "'ten' is not a number" })
    expect(checkParameterValue(parameter('date'), '2026-02-28')).toEqual({ ok: true, value: '2026-02-28' })
    expect(checkParameterValue(parameter('date'), '02/28/2026')).toEqual({ ok: false, problem: "'02/28/2026' is not a date (yyyy-mm-dd)" })
    expect(checkParameterValue(parameter('date'), '2026-13-40')).toMatchObject({ ok: false })
    expect(checkParameterValue(parameter('boolean'), 'false')).toEqual({ ok: true, value: false })
    expect(checkParameterValue(parameter('boolean'), 'maybe')).toEqual({ ok: false, problem: "'maybe' is not yes or no" })
    expect(checkParameterValue(parameter('string'), 'x'.repeat(501))).toEqual({
      ok: false,
      problem: 'the value is longer than 500 characters',
    })
  })

  it('holds a select to its choices and checks each item of a multiSelect', () => {
    expect(checkParameterValue(parameter('select', ['A', 'B']), 'B')).toEqual({ ok: true, value: 'B' })
    expect(checkParameterValue(parameter('select', ['A', 'B']), 'C')).toEqual({
      ok: false,
      problem: "'C' is not one of the choices (A, B)",
    })
    expect(checkParameterValue(parameter('select', ['A']), ['A'])).toEqual({ ok: false, problem: 'takes one value' })
    expect(checkParameterValue(parameter('multiSelect', ['A', 'B']), 'A, B')).toEqual({ ok: true, value: ['A', 'B'] })
    expect(checkParameterValue(parameter('multiSelect', ['A', 'B']), ['A', 'Z'])).toEqual({
      ok: false,
      problem: "'Z' is not one of the choices (A, B)",
    })
  })

  it('treats nothing, an empty text and an empty list as not given', () => {
    for (const value of [undefined, null, '', []]) expect(emptyParameterValue(value)).toBe(true)
    for (const value of [0, false, ' ', ['A']]) expect(emptyParameterValue(value)).toBe(false)
  })
})
