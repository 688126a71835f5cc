import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { ageBucket, ageDays, dollars, siteScoped, type SiteScope, withinSites } from '../../db/sql-fragments.js'
import type { AuthUser } from '../../plugins/access.js'
import type { CatalogueDataset } from '../reports/reports.service.js'

type Source = CatalogueDataset['source']

/**
 * The Reports Studio datasets of Accruals: `accruals`, one row per request line (fund and resource, for the county's
 * listing), and `liquidations`, one row per posted request with what cleared it (age, variance). Holders of the
 * application read them, each only for the sites where they hold a duty (administrators everywhere).
 */
export function accrualsDatasets(visibleSites: (user: AuthUser) => Promise<SiteScope>): CatalogueDataset[] {
  const lines =
    (scope: SiteScope): Source =>
    (k: Kysely<Database>) =>
      withinSites(
        k
          .selectFrom('accrual_lines as l')
          .innerJoin('accruals as a', 'a.accrual_id', 'l.accrual_id')
          .innerJoin('accrual_cycles as c', 'c.cycle_id', 'a.cycle_id')
          .innerJoin('finance_sites as s', 's.site_id', 'a.site_id')
          .innerJoin('users as u', 'u.user_id', 'a.requester_id')
          .leftJoin('accrual_journals as j', 'j.journal_id', 'a.journal_id')
          .select([
            sql<string>`${sql.ref('a.accrual_id')} || '/' || ${sql.ref('l.line_no')}`.as('line_key'),
            'a.accrual_id',
            'c.fiscal_year',
            's.code as site_code',
            's.name as site_name',
            'a.type',
            'a.state',
            'a.clearing',
            'a.basis',
            'a.vendor',
            'a.description',
            'a.po_number',
            'a.invoice_number',
            'a.received_on',
            'l.account',
            'l.fund',
            'l.resource',
            sql<string>`substr(${sql.ref('l.account')}, 23, 4)`.as('object'),
            'a.accrual_account',
            dollars('l.amount_cents').as('amount'),
            'j.reference as journal_reference',
            'u.full_name as requester',
          ]),
        'a.site_id',
        scope,
      ) as never

  const liquidations =
    (scope: SiteScope): Source =>
    (k: Kysely<Database>, dialect: Dialect) =>
      withinSites(
        k
          .selectFrom('accruals as a')
          .innerJoin('accrual_cycles as c', 'c.cycle_id', 'a.cycle_id')
          .innerJoin('finance_sites as s', 's.site_id', 'a.site_id')
          .leftJoin('accrual_journals as j', 'j.journal_id', 'a.journal_id')
          .select([
            'a.accrual_id',
            'c.fiscal_year',
            's.code as site_code',
            's.name as site_name',
            'a.type',
            'a.state',
            'a.basis',
            'a.vendor',
            'a.clearing',
            'j.reference as journal_reference',
            dollars('a.amount_cents').as('accrued'),
            dollars('a.cleared_cents').as('cleared'),
            dollars('a.written_off_cents').as('written_off'),
            sql<number>`(${sql.ref('a.amount_cents')} - ${sql.ref('a.cleared_cents')}) / 100.0`.as('variance'),
            sql<number>`case when ${sql.ref('a.state')} in ('POSTED', 'PARTIALLY_LIQUIDATED') then (${sql.ref('a.amount_cents')} - ${sql.ref('a.cleared_cents')}) / 100.0 else 0 end`.as(
              'open_amount',
            ),
            ageDays('c.cutoff_on', dialect).as('age_days'),
            ageBucket('c.cutoff_on', dialect, [90, 184]).as('age_bucket'),
            (eb) =>
              eb
                .selectFrom('accrual_liquidations as q')
                .select((inner) => inner.fn.count<number>('q.liquidation_id').as('n'))
                .whereRef('q.accrual_id', '=', 'a.accrual_id')
                .as('payments'),
            (eb) =>
              eb
                .selectFrom('accrual_liquidations as q')
                .select((inner) => inner.fn.max<string>('q.paid_on').as('d'))
                .whereRef('q.accrual_id', '=', 'a.accrual_id')
                .as('last_paid_on'),
          ])
          .where('a.journal_id', 'is not', null),
        'a.site_id',
        scope,
      ) as never

  return [
    {
      id: 'accruals',
      label: 'Accruals',
      description: 'Each line of every accrual request of the sites you may see: fund, resource, account, amount, state and journal.',
      kind: 'builtin',
      access: { application: 'ACCRUALS' },
      key: 'line_key',
      fields: [
        { name: 'line_key', label: 'Line', type: 'string', groupable: false },
        { name: 'accrual_id', label: 'Accrual', type: 'integer' },
        { name: 'fiscal_year', label: 'Fiscal year', type: 'string' },
        { name: 'site_code', label: 'Site code', type: 'string' },
        { name: 'site_name', label: 'Site', type: 'string' },
        { name: 'type', label: 'Type', type: 'string' },
        { name: 'state', label: 'State', type: 'string' },
        { name: 'clearing', label: 'Clearing', type: 'string' },
        { name: 'basis', label: 'Basis', type: 'string' },
        { name: 'vendor', label: 'Vendor or payer', type: 'string' },
        { name: 'description', label: 'Description', type: 'string', groupable: false },
        { name: 'po_number', label: 'PO number', type: 'string' },
        { name: 'invoice_number', label: 'Invoice number', type: 'string' },
        { name: 'received_on', label: 'Received', type: 'date' },
        { name: 'account', label: 'Account', type: 'string' },
        { name: 'fund', label: 'Fund', type: 'string' },
        { name: 'resource', label: 'Resource', type: 'string' },
        { name: 'object', label: 'Object', type: 'string' },
        { name: 'accrual_account', label: 'Accrual account', type: 'string' },
        { name: 'amount', label: 'Amount', type: 'money', groupable: false },
        { name: 'journal_reference', label: 'Journal', type: 'string' },
        { name: 'requester', label: 'Requester', type: 'string' },
      ],
      ...siteScoped(lines, visibleSites),
    },
    {
      id: 'liquidations',
      label: 'Accrual liquidations',
      description:
        'Each posted accrual of the sites you may see with what cleared it: accrued, paid, written off, variance and age since the cut-off.',
      kind: 'builtin',
      access: { application: 'ACCRUALS' },
      key: 'accrual_id',
      fields: [
        { name: 'accrual_id', label: 'Accrual', type: 'integer' },
        { name: 'fiscal_year', label: 'Fiscal year', type: 'string' },
        { name: 'site_code', label: 'Site code', type: 'string' },
        { name: 'site_name', label: 'Site', type: 'string' },
        { name: 'type', label: 'Type', type: 'string' },
        { name: 'state', label: 'State', type: 'string' },
        { name: 'basis', label: 'Basis', type: 'string' },
        { name: 'vendor', label: 'Vendor or payer', type: 'string' },
        { name: 'clearing', label: 'Clearing', type: 'string' },
        { name: 'journal_reference', label: 'Journal', type: 'string' },
        { name: 'accrued', label: 'Accrued', type: 'money', groupable: false },
        { name: 'cleared', label: 'Paid or received', type: 'money', groupable: false },
        { name: 'written_off', label: 'Written off', type: 'money', groupable: false },
        { name: 'variance', label: 'Variance (accrued − paid)', type: 'money', groupable: false },
        { name: 'open_amount', label: 'Still open', type: 'money', groupable: false },
        { name: 'age_days', label: 'Days since the cut-off', type: 'integer' },
        { name: 'age_bucket', label: 'Age', type: 'string' },
        { name: 'payments', label: 'Payments', type: 'integer' },
        { name: 'last_paid_on', label: 'Last paid', type: 'date' },
      ],
      ...siteScoped(liquidations, visibleSites),
    },
  ]
}
