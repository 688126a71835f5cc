import type { ConditionalFormat, ReportColumn, ReportDefinitionInput } from '@platform/contracts/reports'

type StarterReport = { key: string; name: string; description: string; definition: ReportDefinitionInput }

/**
 * A starter report: a definition of the current schema, printed as every starter report is, under the report's name on
 * Letter paper (portrait unless told), its parameters shown, page numbers and the run time in the footer.
 */
function starter(
  report: Omit<StarterReport, 'definition'> & {
    orientation?: 'portrait' | 'landscape'
    definition: Omit<ReportDefinitionInput, 'schemaVersion' | 'layout'>
  },
): StarterReport {
  const { orientation = 'portrait', definition, ...about } = report
  const layout = {
    title: report.name,
    orientation,
    pageSize: 'Letter',
    showParameters: true,
    footer: { pageNumbers: true, runAt: true },
  } as const
  return { ...about, definition: { schemaVersion: 1, ...definition, layout } }
}

/** How a starter report marks a figure that needs attention: voided, too old, below target. */
const ALERT: ConditionalFormat['style'] = { color: '#B00020', bold: true }

/** One level of grouping by `field`, a subtotal under each group and no page break: how every grouped starter prints. */
const subtotalsBy = (field: string, label: string) => [{ field, label, subtotal: true, pageBreakBefore: false }]

/** The aging reports' column: the age of the oldest row in each group. */
const OLDEST_AGE: ReportColumn = { field: 'age_days', agg: 'max', label: 'Oldest (days)' }

/** Marks the oldest age (`OLDEST_AGE`) of a group where it is over `days`. */
const flagOlderThan = (days: number): ConditionalFormat[] => [{ column: 'max_age_days', when: { op: 'gt', value: days }, style: ALERT }]

/** Reports shipped with the platform so the studio is useful on the first day. */
export const STARTER_REPORTS: StarterReport[] = [
  starter({
    key: 'dsa-projects-by-client-and-status',
    name: 'DSA projects by client and status',
    description: 'How many construction projects each client has in each status, with their construction cost and subtotals per client.',
    definition: {
      dataset: 'dsa_projects',
      parameters: [{ id: 'client', label: 'Client', type: 'select', required: false, optionsFrom: 'client_id' }],
      filters: [{ field: 'client_id', op: 'eq', value: { param: 'client' }, ignoreIfEmpty: true }],
      rows: { mode: 'summary' },
      groups: subtotalsBy('client_id', 'Client'),
      columns: [
        { field: 'project_status', label: 'Status' },
        { field: 'id', agg: 'count', label: 'Projects' },
        { field: 'construction_cost', agg: 'sum', label: 'Construction cost' },
        { field: 'construction_cost', agg: 'avg', label: 'Average cost' },
      ],
      sort: [{ key: 'project_status', dir: 'asc' }],
      totals: { grand: true, label: 'All clients' },
      conditionalFormats: [{ column: 'sum_construction_cost', when: { op: 'gte', value: 10_000_000 }, style: { bold: true } }],
      chart: { type: 'bar', series: ['sum_construction_cost'] },
    },
  }),
  starter({
    key: 'users-by-organization-and-role',
    name: 'Users by organization and role',
    description: 'Active and inactive accounts per organization and role.',
    definition: {
      dataset: 'users',
      parameters: [{ id: 'status', label: 'Status', type: 'select', required: false, options: ['Active', 'Inactive'] }],
      filters: [{ field: 'status', op: 'eq', value: { param: 'status' }, ignoreIfEmpty: true }],
      rows: { mode: 'summary' },
      groups: subtotalsBy('organization', 'Organization'),
      columns: [
        { field: 'role', label: 'Role' },
        { field: 'user_id', agg: 'count', label: 'People' },
        { field: 'last_login', agg: 'max', label: 'Latest sign-in' },
      ],
      totals: { grand: true, label: 'Everyone' },
      chart: { type: 'bar', series: ['count_user_id'] },
    },
  }),
  starter({
    key: 'sign-in-activity-by-week',
    name: 'Sign-in activity by week',
    description: 'Successful and refused sign-ins per week, from the audit log.',
    definition: {
      dataset: 'audit_log',
      parameters: [{ id: 'since', label: 'Since', type: 'date', required: false }],
      filters: [
        { field: 'action', op: 'startsWith', value: 'sign_in.' },
        { field: 'occurred_date', op: 'gte', value: { param: 'since' }, ignoreIfEmpty: true },
      ],
      calculations: [
        { id: 'success_rate', label: 'Success rate', expr: "sum(if(outcome = 'success', 1, 0)) / count()", format: 'percent' },
      ],
      rows: { mode: 'summary' },
      groups: [],
      columns: [
        { field: 'occurred_week', label: 'Week of' },
        { field: 'audit_id', agg: 'count', label: 'Sign-in events' },
        { field: 'email', agg: 'countDistinct', label: 'People' },
        { calc: 'success_rate' },
      ],
      sort: [{ key: 'occurred_week', dir: 'desc' }],
      totals: { grand: true, label: 'All weeks' },
      conditionalFormats: [{ column: 'success_rate', when: { op: 'lt', value: 0.5 }, style: ALERT }],
      chart: { type: 'line', series: ['count_audit_id'] },
    },
  }),
  starter({
    key: 'receipt-register',
    name: 'Receipt register',
    description: 'Every receipt number of a site and fiscal year in order, voided ones included, with its amount and state.',
    definition: {
      dataset: 'receipts',
      parameters: [
        { id: 'site', label: 'Site', type: 'select', required: false, optionsFrom: 'site_name' },
        { id: 'year', label: 'Fiscal year', type: 'select', required: false, optionsFrom: 'fiscal_year' },
      ],
      filters: [
        { field: 'site_name', op: 'eq', value: { param: 'site' }, ignoreIfEmpty: true },
        { field: 'fiscal_year', op: 'eq', value: { param: 'year' }, ignoreIfEmpty: true },
      ],
      rows: { mode: 'detail' },
      groups: subtotalsBy('site_name', 'Site'),
      columns: [
        { field: 'number', label: 'Number' },
        { field: 'issued_on', label: 'Issued' },
        { field: 'payer', label: 'Payer' },
        { field: 'state', label: 'State' },
        { field: 'amount', label: 'Amount' },
      ],
      sort: [{ key: 'number', dir: 'asc' }],
      totals: { grand: true, label: 'All sites' },
      conditionalFormats: [{ column: 'state', when: { op: 'eq', value: 'VOIDED' }, style: ALERT }],
    },
  }),
  starter({
    key: 'undeposited-cash-aging',
    name: 'Undeposited cash aging',
    description: 'Receipts not yet in a deposit, by site and age: 0-7 days, 8-30 days, over 30 days.',
    definition: {
      dataset: 'receipts',
      parameters: [],
      filters: [{ field: 'state', op: 'eq', value: 'ISSUED' }],
      rows: { mode: 'summary' },
      groups: subtotalsBy('site_name', 'Site'),
      columns: [
        { field: 'age_bucket', label: 'Age' },
        { field: 'id', agg: 'count', label: 'Receipts' },
        { field: 'amount', agg: 'sum', label: 'Amount' },
        OLDEST_AGE,
      ],
      sort: [{ key: 'age_bucket', dir: 'asc' }],
      totals: { grand: true, label: 'All sites' },
      conditionalFormats: flagOlderThan(30),
      chart: { type: 'bar', series: ['sum_amount'] },
    },
  }),
  starter({
    key: 'deposits-by-fund-and-resource',
    name: 'Deposits by fund and resource',
    description: 'Confirmed and reconciled deposits, summed by fund and resource.',
    definition: {
      dataset: 'deposits',
      parameters: [{ id: 'since', label: 'Confirmed since', type: 'date', required: false }],
      filters: [
        { field: 'state', op: 'in', value: ['CONFIRMED', 'RECONCILED'] },
        { field: 'confirmed_on', op: 'gte', value: { param: 'since' }, ignoreIfEmpty: true },
      ],
      rows: { mode: 'summary' },
      groups: subtotalsBy('fund', 'Fund'),
      columns: [
        { field: 'resource', label: 'Resource' },
        { field: 'deposit_id', agg: 'countDistinct', label: 'Deposits' },
        { field: 'amount', agg: 'sum', label: 'Amount' },
      ],
      sort: [{ key: 'resource', dir: 'asc' }],
      totals: { grand: true, label: 'All funds' },
      chart: { type: 'bar', series: ['sum_amount'] },
    },
  }),
  starter({
    key: 'accruals-by-fund-and-resource',
    name: 'Accrual listing by fund and resource',
    description:
      "Accrued amounts of a fiscal year summed by fund and resource, as the county's accrual listing shows them (posted and cleared requests).",
    definition: {
      dataset: 'accruals',
      parameters: [{ id: 'year', label: 'Fiscal year', type: 'select', required: false, optionsFrom: 'fiscal_year' }],
      filters: [
        { field: 'state', op: 'in', value: ['APPROVED', 'POSTED', 'PARTIALLY_LIQUIDATED', 'LIQUIDATED', 'WRITTEN_OFF'] },
        { field: 'fiscal_year', op: 'eq', value: { param: 'year' }, ignoreIfEmpty: true },
      ],
      rows: { mode: 'summary' },
      groups: subtotalsBy('fund', 'Fund'),
      columns: [
        { field: 'resource', label: 'Resource' },
        { field: 'type', label: 'Type' },
        { field: 'accrual_id', agg: 'countDistinct', label: 'Accruals' },
        { field: 'amount', agg: 'sum', label: 'Amount' },
      ],
      sort: [{ key: 'resource', dir: 'asc' }],
      totals: { grand: true, label: 'All funds' },
    },
  }),
  starter({
    key: 'unliquidated-accruals-by-age',
    name: 'Unliquidated accruals by age',
    description:
      'Posted accruals not yet fully cleared, by site and days since the cut-off: 0-90, 91-184, over 184 (open past December 31).',
    definition: {
      dataset: 'liquidations',
      parameters: [],
      filters: [{ field: 'state', op: 'in', value: ['POSTED', 'PARTIALLY_LIQUIDATED'] }],
      rows: { mode: 'summary' },
      groups: subtotalsBy('site_name', 'Site'),
      columns: [
        { field: 'age_bucket', label: 'Age' },
        { field: 'accrual_id', agg: 'count', label: 'Accruals' },
        { field: 'open_amount', agg: 'sum', label: 'Still open' },
        OLDEST_AGE,
      ],
      sort: [{ key: 'age_bucket', dir: 'asc' }],
      totals: { grand: true, label: 'All sites' },
      conditionalFormats: flagOlderThan(184),
    },
  }),
  starter({
    key: 'accrual-estimate-variance',
    name: 'Variance of estimates against what was paid',
    description: 'Accruals booked as estimates, with what was accrued, what was paid and the difference.',
    orientation: 'landscape',
    definition: {
      dataset: 'liquidations',
      parameters: [{ id: 'year', label: 'Fiscal year', type: 'select', required: false, optionsFrom: 'fiscal_year' }],
      filters: [
        { field: 'basis', op: 'eq', value: 'ESTIMATE' },
        { field: 'fiscal_year', op: 'eq', value: { param: 'year' }, ignoreIfEmpty: true },
      ],
      rows: { mode: 'detail' },
      groups: subtotalsBy('site_name', 'Site'),
      columns: [
        { field: 'accrual_id', label: 'Accrual' },
        { field: 'vendor', label: 'Vendor or payer' },
        { field: 'state', label: 'State' },
        { field: 'accrued', label: 'Accrued' },
        { field: 'cleared', label: 'Paid' },
        { field: 'variance', label: 'Variance' },
      ],
      sort: [{ key: 'accrual_id', dir: 'asc' }],
      totals: { grand: true, label: 'All sites' },
    },
  }),
  starter({
    key: 'records-on-time-rate-by-month',
    name: 'Public records: on-time determinations by month',
    description: 'Requests determined each month, how many within the statutory time (after any extension), and the on-time rate.',
    definition: {
      dataset: 'records_requests',
      parameters: [],
      filters: [{ field: 'determined_on', op: 'isNotNull' }],
      rows: { mode: 'summary' },
      groups: [],
      columns: [
        { field: 'determined_month', label: 'Month determined' },
        { field: 'id', agg: 'count', label: 'Determined' },
        { field: 'on_time', agg: 'sum', label: 'On time' },
        { field: 'on_time', agg: 'avg', label: 'On-time rate' },
      ],
      sort: [{ key: 'determined_month', dir: 'asc' }],
      totals: { grand: true, label: 'All months' },
      conditionalFormats: [{ column: 'avg_on_time', when: { op: 'lt', value: 1 }, style: ALERT }],
      chart: { type: 'bar', series: ['sum_on_time'] },
    },
  }),
  starter({
    key: 'records-open-by-age',
    name: 'Public records: open requests by age',
    description: 'Requests not yet closed, by how long ago they were received, and by state.',
    definition: {
      dataset: 'records_requests',
      parameters: [],
      filters: [{ field: 'open_or_closed', op: 'eq', value: 'Open' }],
      rows: { mode: 'summary' },
      groups: subtotalsBy('age_bucket', 'Age'),
      columns: [{ field: 'state', label: 'State' }, { field: 'id', agg: 'count', label: 'Requests' }, OLDEST_AGE],
      sort: [{ key: 'state', dir: 'asc' }],
      totals: { grand: true, label: 'All open requests' },
      conditionalFormats: flagOlderThan(24),
      chart: { type: 'bar', series: ['count_id'] },
    },
  }),
]
