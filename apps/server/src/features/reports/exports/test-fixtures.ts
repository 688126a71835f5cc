import type { ReportResult, ResultColumn, ResultRow } from '@platform/contracts/reports'

/*
 * A hand-built result for the export tests: two group levels (fund, department) with headers and subtotals, detail
 * rows, a grand total, money / percent / date / integer columns, a negative amount, conditional styles and a chart.
 */

export const SAMPLE_COLUMNS: ResultColumn[] = [
  { key: 'description', label: 'Description', format: 'text', align: 'left' },
  { key: 'vendor', label: 'Vendor', format: 'text', align: 'left' },
  { key: 'posted', label: 'Posted', format: 'date', align: 'left' },
  { key: 'qty', label: 'Qty', format: 'integer', align: 'right' },
  { key: 'amount', label: 'Amount', format: 'money', align: 'right' },
  { key: 'pct_used', label: '% Used', format: 'percent', align: 'right' },
]

export const FUNDS = ['100 - General Fund', '200 - Capital Projects']
export const DEPARTMENTS = ['Instruction', 'Transportation']
/** The chart's categories, worded unlike the group labels so a test can tell the chart's text from the table's. */
export const CHART_CATEGORIES = ['Fund 100', 'Fund 200']
export const RED = { color: '#B00020', bold: true }
export const YELLOW = { background: '#FFF4CC' }

type Cells = ResultRow['cells']

/** Detail rows per department; the first row of each department is a refund (negative amount, shown in red). */
export function sampleRows(detailPerDepartment: number): ResultRow[] {
  const rows: ResultRow[] = []
  let grandQty = 0
  let grandAmount = 0
  let serial = 0
  FUNDS.forEach((fund, f) => {
    rows.push({ kind: 'groupHeader', level: 0, label: fund, cells: empty(), ...(f > 0 ? { pageBreakBefore: true } : {}) })
    let fundQty = 0
    let fundAmount = 0
    DEPARTMENTS.forEach((department) => {
      rows.push({ kind: 'groupHeader', level: 1, label: department, cells: empty() })
      let qty = 0
      let amount = 0
      for (let i = 0; i < detailPerDepartment; i += 1) {
        serial += 1
        const refund = i === 0
        const rowAmount = refund ? -1234.5 : 100 + ((serial * 37) % 900) + 0.25
        const rowQty = 1 + (serial % 7)
        const pct = refund ? 0.125 : ((serial * 13) % 100) / 100
        const day = 1 + (serial % 28)
        const cells: Cells = [
          `Item ${serial}`,
          serial % 5 === 0 ? '=HYPERLINK("x")' : `Vendor ${serial % 11}`,
          `2026-03-${String(day).padStart(2, '0')}`,
          rowQty,
          rowAmount,
          pct,
        ]
        const styles = refund ? [null, null, null, null, RED, null] : pct > 0.9 ? [null, null, null, null, null, YELLOW] : undefined
        rows.push({ kind: 'detail', level: 2, label: null, cells, ...(styles ? { styles } : {}) })
        qty += rowQty
        amount += rowAmount
      }
      rows.push({ kind: 'subtotal', level: 1, label: department, cells: [null, null, null, qty, round2(amount), null] })
      fundQty += qty
      fundAmount += amount
    })
    rows.push({ kind: 'subtotal', level: 0, label: fund, cells: [null, null, null, fundQty, round2(fundAmount), null] })
    grandQty += fundQty
    grandAmount += fundAmount
  })
  rows.push({ kind: 'grandTotal', level: 0, label: 'District total', cells: [null, null, null, grandQty, round2(grandAmount), null] })
  return rows
}

export function sampleResult(detailPerDepartment: number): ReportResult {
  const rows = sampleRows(detailPerDepartment)
  const fundTotals = rows.filter((row) => row.kind === 'subtotal' && row.level === 0).map((row) => row.cells[4] as number)
  return {
    title: 'Budget vs Actual by Fund',
    subtitle: 'FY 2026, through period 6',
    parameters: [
      { id: 'fy', label: 'Fiscal year', value: '2026' },
      { id: 'funds', label: 'Fund(s)', value: '100, 200' },
    ],
    columns: SAMPLE_COLUMNS,
    rows,
    chart: { type: 'bar', categories: CHART_CATEGORIES, series: [{ key: 'amount', name: 'Amount', values: fundTotals }] },
    page: { offset: 0, limit: rows.length, total: rows.length, hasMore: false },
    generatedAt: '2026-03-15T14:05:09.000Z',
    timeZone: 'America/Los_Angeles',
    layout: {
      title: 'Budget vs Actual by Fund',
      subtitle: 'FY 2026, through period 6',
      orientation: 'landscape',
      pageSize: 'Letter',
      showParameters: true,
      footer: { pageNumbers: true, runAt: true, text: 'Confidential: district use only' },
    },
  }
}

function empty(): Cells {
  return SAMPLE_COLUMNS.map(() => null)
}

function round2(n: number): number {
  return Math.round(n * 100) / 100
}
