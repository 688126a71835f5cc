import type { ReportParameter } from '@platform/contracts/reports'
import { describe, expect, it } from 'vitest'
import {
  initialPromptValues,
  parameterDefaultText,
  parseParameterDefault,
  promptProblems,
  readyToRun,
  toParameterValues,
} from './parameter-values'

const parameters: ReportParameter[] = [
  { id: 'fy', label: 'Fiscal year', type: 'integer', required: true, default: 2026 },
  { id: 'rate', label: 'Rate', type: 'decimal', required: false },
  { id: 'since', label: 'Since', type: 'date', required: false },
  { id: 'active', label: 'Active', type: 'boolean', required: false },
  { id: 'funds', label: 'Funds', type: 'multiSelect', required: false, options: ['100', '200'], default: ['100'] },
  { id: 'name', label: 'Name', type: 'string', required: false },
]

describe('parameter values', () => {
  it('starts from the defaults', () => {
    expect(initialPromptValues(parameters)).toEqual({ fy: '2026', rate: '', since: '', active: '', funds: ['100'], name: '' })
    expect(readyToRun(parameters)).toBe(true)
    expect(readyToRun([{ id: 'fy', label: 'Fiscal year', type: 'integer', required: true }])).toBe(false)
  })

  it('names what is missing or malformed', () => {
    const values = { ...initialPromptValues(parameters), fy: '', rate: 'abc', since: '03/01/2026' }
    expect(promptProblems(parameters, values)).toEqual({
      fy: 'Fiscal year is required',
      rate: "'abc' is not a number",
      since: "'03/01/2026' is not a date (yyyy-mm-dd)",
    })
    expect(promptProblems(parameters, { ...values, fy: '20.5', rate: '1,5', since: '2026-03-01' })).toEqual({
      fy: "'20.5' is not a whole number",
    })
  })

  it('sends typed values and leaves out empty ones', () => {
    const values = { fy: '2025', rate: '1,250.5', since: '2026-03-01', active: 'false', funds: ['100', '200'], name: ' Lincoln ' }
    expect(toParameterValues(parameters, values)).toEqual({
      fy: 2025,
      rate: 1250.5,
      since: '2026-03-01',
      active: false,
      funds: ['100', '200'],
      name: 'Lincoln',
    })
    expect(toParameterValues(parameters, initialPromptValues(parameters))).toEqual({ fy: 2026, funds: ['100'] })
  })

  it('reads a default typed in the designer by the parameter’s type', () => {
    expect(parseParameterDefault('2026', 'integer')).toBe(2026)
    expect(parseParameterDefault('100, 200', 'multiSelect')).toEqual(['100', '200'])
    expect(parseParameterDefault('true', 'boolean')).toBe(true)
    expect(parseParameterDefault(' ', 'string')).toBeUndefined()
    expect(parameterDefaultText(['100', '200'])).toBe('100, 200')
  })
})
