import type { Dataset, ReportDefinition } from '@platform/contracts/reports'
import { describe, expect, it } from 'vitest'
import {
  canPreview,
  columnChoices,
  columnSource,
  defaultColumnLabel,
  isIdentifier,
  moveItem,
  newDefinition,
  nextId,
  pruneDanglingKeys,
  removeCalculation,
  renameCalculation,
  renameParameter,
  removeItem,
  toSubmittable,
  withColumnSource,
  withCurrent,
  withDataset,
} from './definition'

const costs: Dataset = {
  id: 'costs',
  canManage: false,
  label: 'Costs',
  description: '',
  kind: 'builtin',
  rowCount: null,
  fields: [
    {
      name: 'fund',
      label: 'Fund',
      type: 'string',
      filterable: true,
      groupable: true,
      aggregates: ['min', 'max', 'count', 'countDistinct'],
    },
    {
      name: 'cost',
      label: 'Cost',
      type: 'money',
      filterable: true,
      groupable: false,
      aggregates: ['sum', 'avg', 'min', 'max', 'count', 'countDistinct'],
    },
  ],
}

function draft(overrides: Partial<ReportDefinition> = {}): ReportDefinition {
  return { ...newDefinition('costs'), ...overrides }
}

describe('definition helpers', () => {
  it('starts a complete, empty definition that cannot be previewed until it has a column', () => {
    const definition = newDefinition()
    expect(definition.schemaVersion).toBe(1)
    expect(canPreview(definition)).toBe(false)
    expect(canPreview(draft({ columns: [{ field: 'fund' }] }))).toBe(true)
  })

  it('checks ids and finds the next free one', () => {
    expect(isIdentifier('fiscal_year')).toBe(true)
    expect(isIdentifier('Fiscal')).toBe(false)
    expect(isIdentifier('1st')).toBe(false)
    expect(nextId('param', ['param_1', 'param_3'])).toBe('param_2')
  })

  it('moves, replaces and removes list items without touching the original', () => {
    const list = ['a', 'b', 'c']
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(removeItem(list, 1)).toEqual(['a', 'c'])
    expect(list).toEqual(['a', 'b', 'c'])
  })

  it('clears what names fields when the dataset changes, keeping parameters and page setup', () => {
    const before = draft({
      dataset: 'other',
      columns: [{ field: 'x' }],
      parameters: [{ id: 'p', label: 'P', type: 'select', required: false, optionsFrom: 'x' }],
      layout: { ...newDefinition().layout, title: 'Kept' },
    })
    const after = withDataset(before, costs)
    expect(after.dataset).toBe('costs')
    expect(after.columns).toEqual([])
    expect(after.layout.title).toBe('Kept')
    expect(after.parameters[0]).toMatchObject({ id: 'p', optionsFrom: undefined })
  })

  it('names columns as the server does and knows which are numbers', () => {
    const definition = draft({
      calculations: [{ id: 'share', label: 'Share', expr: 'sum(cost) / 2', format: 'percent' }],
      columns: [{ field: 'fund' }, { field: 'cost', agg: 'sum' }, { field: 'fund', agg: 'count', label: 'Funds' }, { calc: 'share' }],
    })
    expect(defaultColumnLabel({ field: 'cost', agg: 'sum' }, definition, costs)).toBe('Total Cost')
    expect(columnChoices(definition, costs)).toEqual([
      { key: 'fund', label: 'Fund', numeric: false },
      { key: 'sum_cost', label: 'Total Cost', numeric: true },
      { key: 'count_fund', label: 'Funds', numeric: true },
      { key: 'share', label: 'Share', numeric: true },
    ])
  })

  it('switches a column between fields and calculations, keeping an aggregate only where it applies', () => {
    expect(columnSource({ calc: 'share' })).toBe('calc:share')
    expect(withColumnSource({ field: 'cost', agg: 'sum', label: 'Spent' }, 'field:fund', costs)).toEqual({
      field: 'fund',
      agg: undefined,
      label: 'Spent',
      format: undefined,
    })
    expect(withColumnSource({ field: 'cost', agg: 'max' }, 'field:fund', costs).agg).toBe('max')
    expect(withColumnSource({ field: 'cost', agg: 'sum' }, 'calc:share', costs)).toEqual({
      calc: 'share',
      label: undefined,
      format: undefined,
    })
  })

  it('drops sorts, formats and chart series that point at a removed column', () => {
    const definition = draft({
      groups: [{ field: 'fund', subtotal: true, pageBreakBefore: false }],
      columns: [{ field: 'fund' }],
      sort: [
        { key: 'sum_cost', dir: 'asc' },
        { key: 'fund', dir: 'desc' },
      ],
      conditionalFormats: [{ column: 'sum_cost', when: { op: 'lt', value: 0 }, style: { bold: true } }],
      chart: { type: 'bar', series: ['sum_cost'] },
    })
    const pruned = pruneDanglingKeys(definition, costs)
    expect(pruned.sort).toEqual([{ key: 'fund', dir: 'desc' }])
    expect(pruned.conditionalFormats).toEqual([])
    expect(pruned.chart).toEqual({ type: 'bar', series: [] })
  })

  it('removes a calculation with the columns that show it', () => {
    const definition = draft({
      calculations: [{ id: 'share', label: 'Share', expr: 'sum(cost)', format: 'decimal' }],
      columns: [{ field: 'fund' }, { calc: 'share' }],
      chart: { type: 'bar', series: ['share'] },
    })
    const after = removeCalculation(definition, 0, costs)
    expect(after.calculations).toEqual([])
    expect(after.columns).toEqual([{ field: 'fund' }])
    expect(after.chart?.series).toEqual([])
  })

  it('leaves blank optional texts and blank choices out of what is sent', () => {
    const sent = toSubmittable(
      draft({
        parameters: [
          { id: 'fund', label: ' Fund ', type: 'select', required: false, options: ['100', ' ', '200 '] },
          { id: 'year', label: 'Year', type: 'integer', required: true, options: ['stale'] },
        ],
        columns: [{ field: 'fund', label: '  ' }],
        conditionalFormats: [{ column: 'fund', when: { op: 'eq', value: 'x' }, style: { color: '', background: '#FFF4CC', bold: false } }],
        layout: { ...newDefinition().layout, subtitle: '', footer: { pageNumbers: true, runAt: false, text: ' ' } },
      }),
    )
    expect(sent.parameters[0]).toMatchObject({ label: 'Fund', options: ['100', '200'] })
    expect(sent.parameters[1]!.options).toBeUndefined()
    expect(sent.columns[0]!.label).toBeUndefined()
    expect(sent.conditionalFormats[0]!.style).toEqual({ color: undefined, background: '#FFF4CC', bold: undefined })
    expect(sent.layout.subtitle).toBeUndefined()
    expect(sent.layout.footer.text).toBeUndefined()
  })
})

describe('renames', () => {
  it('carries a parameter’s new id into the filters that use it', () => {
    const definition = draft({
      parameters: [{ id: 'fy', label: 'Year', type: 'integer', required: false }],
      filters: [
        { field: 'fund', op: 'eq', value: { param: 'fy' }, ignoreIfEmpty: true },
        { field: 'cost', op: 'between', value: [{ param: 'fy' }, 10], ignoreIfEmpty: false },
      ],
    })
    const after = renameParameter(definition, 'fy', 'year')
    expect(after.parameters[0]!.id).toBe('year')
    expect(after.filters.map((filter) => filter.value)).toEqual([{ param: 'year' }, [{ param: 'year' }, 10]])
  })

  it('carries a calculation’s new id into its columns, sorts, formats and chart', () => {
    const definition = draft({
      calculations: [{ id: 'share', label: 'Share', expr: 'sum(cost)', format: 'decimal' }],
      columns: [{ calc: 'share' }],
      sort: [{ key: 'share', dir: 'desc' }],
      conditionalFormats: [{ column: 'share', when: { op: 'gt', value: 1 }, style: { bold: true } }],
      chart: { type: 'bar', series: ['share'] },
    })
    const after = renameCalculation(definition, 'share', 'portion')
    expect(after.columns).toEqual([{ calc: 'portion' }])
    expect(after.sort[0]!.key).toBe('portion')
    expect(after.conditionalFormats[0]!.column).toBe('portion')
    expect(after.chart!.series).toEqual(['portion'])
  })

  it('keeps a stale choice visible in a select', () => {
    expect(withCurrent([{ value: 'a', label: 'A' }], 'gone', (value) => `${value} (missing)`)).toEqual([
      { value: 'gone', label: 'gone (missing)' },
      { value: 'a', label: 'A' },
    ])
    expect(withCurrent([{ value: 'a', label: 'A' }], 'a', String)).toHaveLength(1)
  })
})
