import type { Dataset, ReportDefinition, ReportResult, ReportSummary } from '@platform/contracts/reports'
import { makeUser } from '@/test/factories'
import { newDefinition } from '../utils/definition'

/** A report writer: may design, create, edit and delete. */
export const writer = makeUser({ id: 7, roleCode: 'REPORT_WRITER', roleName: 'Report Writer', permissions: ['reports-studio'] })
/** Staff who may only view reports. */
export const viewer = makeUser({ id: 8, roleCode: 'STAFF', roleName: 'Staff', permissions: ['reports-studio'] })

export function makeSummary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  const id = overrides.REPORT_ID ?? 1
  return {
    REPORT_ID: id,
    REPORT_NAME: `Report ${id}`,
    REPORT_DESCRIPTION: null,
    CREATOR_NAME: 'Rita Writer',
    CREATED_BY: 7,
    CREATED_AT: '2026-03-01T10:00:00.000Z',
    UPDATED_AT: '2026-03-01T10:00:00.000Z',
    canEdit: true,
    dataset: 'costs',
    version: 1,
    ...overrides,
  }
}

export const costsDataset: Dataset = {
  id: 'costs',
  label: 'Costs',
  description: 'What each fund spent, by department.',
  kind: 'builtin',
  canManage: false,
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
      name: 'department',
      label: 'Department',
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
    {
      name: 'posted',
      label: 'Posted',
      type: 'date',
      filterable: true,
      groupable: true,
      aggregates: ['min', 'max', 'count', 'countDistinct'],
    },
  ],
}

export const usersDataset: Dataset = {
  id: 'users',
  label: 'Users',
  description: 'Accounts and their roles.',
  kind: 'builtin',
  canManage: false,
  rowCount: null,
  fields: [{ name: 'role', label: 'Role', type: 'string', filterable: true, groupable: true, aggregates: ['count'] }],
}

/** Costs by fund with a subtotal per fund, a money column and a chart. */
export function costsDefinition(overrides: Partial<ReportDefinition> = {}): ReportDefinition {
  return {
    ...newDefinition('costs'),
    groups: [{ field: 'fund', label: 'Fund', subtotal: true, pageBreakBefore: false }],
    columns: [{ field: 'department' }, { field: 'cost', agg: 'sum', label: 'Spent' }, { field: 'posted' }],
    chart: { type: 'bar', series: ['sum_cost'] },
    layout: { ...newDefinition().layout, title: 'Costs by fund' },
    ...overrides,
  }
}

/** A page of a grouped result: two funds with headers and subtotals, a refund in red, a grand total and a bar chart. */
export function costsResult(overrides: Partial<ReportResult> = {}): ReportResult {
  return {
    title: 'Costs by fund',
    subtitle: 'Fiscal year to date',
    parameters: [
      { id: 'fy', label: 'Fiscal year', value: '2026' },
      { id: 'funds', label: 'Funds', value: 'All' },
    ],
    columns: [
      { key: 'department', label: 'Department', format: 'text', align: 'left' },
      { key: 'sum_cost', label: 'Spent', format: 'money', align: 'right' },
      { key: 'posted', label: 'Posted', format: 'date', align: 'left' },
    ],
    rows: [
      { kind: 'groupHeader', level: 0, label: 'Fund: 100', cells: [null, null, null] },
      { kind: 'detail', level: 1, label: null, cells: ['Instruction', 1234.5, '2026-03-01'] },
      {
        kind: 'detail',
        level: 1,
        label: null,
        cells: ['Transport', -20, '2026-03-02'],
        styles: [null, { color: '#B00020', bold: true }, null],
      },
      { kind: 'subtotal', level: 0, label: 'Fund: 100', cells: [null, 1214.5, null] },
      { kind: 'groupHeader', level: 0, label: 'Fund: 200', cells: [null, null, null] },
      { kind: 'detail', level: 1, label: null, cells: ['Instruction', 1000000, '2026-03-05'] },
      { kind: 'subtotal', level: 0, label: 'Fund: 200', cells: [null, 1000000, null] },
      { kind: 'grandTotal', level: 0, label: 'All funds', cells: [null, 1001214.5, null] },
    ],
    chart: {
      type: 'bar',
      categoryLabel: 'Fund',
      categories: ['100', '200'],
      series: [{ key: 'sum_cost', name: 'Spent', values: [1214.5, 1000000] }],
    },
    page: { offset: 0, limit: 100, total: 3, hasMore: false },
    generatedAt: '2026-03-15T14:05:09.000Z',
    timeZone: 'America/Los_Angeles',
    layout: { ...newDefinition().layout, title: 'Costs by fund' },
    ...overrides,
  }
}
