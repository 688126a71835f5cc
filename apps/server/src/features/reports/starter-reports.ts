import type { ReportDefinitionInput } from '@platform/contracts/reports'

/** Reports shipped with the platform so the studio is useful on the first day (issue 6, point 7). */
export const STARTER_REPORTS: Array<{ key: string; name: string; description: string; definition: ReportDefinitionInput }> = [
  {
    key: 'dsa-projects-by-client-and-status',
    name: 'DSA projects by client and status',
    description: 'How many construction projects each client has in each status, with their construction cost and subtotals per client.',
    definition: {
      schemaVersion: 1,
      dataset: 'dsa_projects',
      parameters: [{ id: 'client', label: 'Client', type: 'select', required: false, optionsFrom: 'client_id' }],
      filters: [{ field: 'client_id', op: 'eq', value: { param: 'client' }, ignoreIfEmpty: true }],
      rows: { mode: 'summary' },
      groups: [{ field: 'client_id', label: 'Client', subtotal: true, pageBreakBefore: false }],
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
      layout: { title: 'DSA projects by client and status', orientation: 'portrait', pageSize: 'Letter', showParameters: true, footer: { pageNumbers: true, runAt: true } },
    },
  },
  {
    key: 'users-by-organization-and-role',
    name: 'Users by organization and role',
    description: 'Active and inactive accounts per organization and role.',
    definition: {
      schemaVersion: 1,
      dataset: 'users',
      parameters: [{ id: 'status', label: 'Status', type: 'select', required: false, options: ['Active', 'Inactive'] }],
      filters: [{ field: 'status', op: 'eq', value: { param: 'status' }, ignoreIfEmpty: true }],
      rows: { mode: 'summary' },
      groups: [{ field: 'organization', label: 'Organization', subtotal: true, pageBreakBefore: false }],
      columns: [
        { field: 'role', label: 'Role' },
        { field: 'user_id', agg: 'count', label: 'People' },
        { field: 'last_login', agg: 'max', label: 'Latest sign-in' },
      ],
      totals: { grand: true, label: 'Everyone' },
      chart: { type: 'bar', series: ['count_user_id'] },
      layout: { title: 'Users by organization and role', orientation: 'portrait', pageSize: 'Letter', showParameters: true, footer: { pageNumbers: true, runAt: true } },
    },
  },
  {
    key: 'sign-in-activity-by-week',
    name: 'Sign-in activity by week',
    description: 'Successful and refused sign-ins per week, from the audit log.',
    definition: {
      schemaVersion: 1,
      dataset: 'audit_log',
      parameters: [{ id: 'since', label: 'Since', type: 'date', required: false }],
      filters: [
        { field: 'action', op: 'startsWith', value: 'sign_in.' },
        { field: 'occurred_date', op: 'gte', value: { param: 'since' }, ignoreIfEmpty: true },
      ],
      calculations: [{ id: 'success_rate', label: 'Success rate', expr: "sum(if(outcome = 'success', 1, 0)) / count()", format: 'percent' }],
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
      conditionalFormats: [{ column: 'success_rate', when: { op: 'lt', value: 0.5 }, style: { color: '#B00020', bold: true } }],
      chart: { type: 'line', series: ['count_audit_id'] },
      layout: { title: 'Sign-in activity by week', orientation: 'portrait', pageSize: 'Letter', showParameters: true, footer: { pageNumbers: true, runAt: true } },
    },
  },
]
