import { describe, expect, it } from 'vitest'
import { normaliseCell } from './report-cells.js'
import type { PlannedColumn } from './report-plan.js'

const TYPE_WORDS = { PAYABLE: 'Accounts payable', UNEARNED_REVENUE: 'Unearned revenue' }
const typeColumn = (overrides: Partial<PlannedColumn> = {}): PlannedColumn => ({
  key: 'type',
  label: 'Type',
  format: 'text',
  align: 'left',
  field: { name: 'type', label: 'Type', type: 'string', labels: TYPE_WORDS },
  agg: null,
  calc: null,
  ...overrides,
})

describe('cells of a field with a label table', () => {
  it('show the words for its codes, and any other value as it is', () => {
    expect(normaliseCell(typeColumn(), 'PAYABLE')).toBe('Accounts payable')
    expect(normaliseCell(typeColumn(), 'UNEARNED_REVENUE')).toBe('Unearned revenue')
    expect(normaliseCell(typeColumn(), 'SOMETHING_NEW')).toBe('SOMETHING_NEW')
    expect(normaliseCell(typeColumn(), null)).toBeNull()
  })

  it('leave the values of aggregates and of fields without a table alone', () => {
    expect(normaliseCell(typeColumn({ key: 'max_type', agg: 'max' }), 'PAYABLE')).toBe('PAYABLE')
    expect(normaliseCell(typeColumn({ field: { name: 'type', label: 'Type', type: 'string' } }), 'PAYABLE')).toBe('PAYABLE')
    expect(normaliseCell(typeColumn({ key: 'count_type', agg: 'count', align: 'right', format: 'integer' }), '3')).toBe(3)
  })
})
