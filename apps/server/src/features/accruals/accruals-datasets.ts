import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import {
  ACCOUNT_SEGMENT_FIELDS,
  ageColumns,
  AMOUNT_FIELD,
  FISCAL_YEAR_FIELD,
  LINE_KEY_FIELD,
  lineKey,
  SITE_COLUMNS,
  SITE_FIELDS,
  STATE_FIELD,
} from '../../db/dataset-fields.js'
import { dollars, siteScoped, type SiteScope, withinSites } from '../../db/sql-fragments.js'
import type { AuthUser } from '../../plugins/access.js'
import type { CatalogueDataset } from '../reports/reports.service.js'

type Source = CatalogueDataset['source']
type Field = CatalogueDataset['fields'][number]

/** What both datasets say first about an accrual: which one, of which year and site, its type and its state. */
const ACCRUAL_FIELDS: Field[] = [
  { name: 'accrual_id', label: 'Accrual', type: 'integer' },
  FISCAL_YEAR_FIELD,
  ...SITE_FIELDS,
  { name: 'type', label: 'Type', type: 'string', labels: accrualsLabels.type },
  { ...STATE_FIELD, labels: accrualsLabels.state },
]

/** The `ACCRUAL_FIELDS` columns, from `accruals` as `a` joined to its cycle (`c`) and site (`s`). */
const ACCRUAL_COLUMNS = ['a.accrual_id', 'c.fiscal_year', ...SITE_COLUMNS, 'a.type', 'a.state'] as const

/** Fields both datasets have further on, each in its own place. */
const CLEARING_FIELD: Field = { name: 'clearing', label: 'Clearing', type: 'string', labels: accrualsLabels.clearing }
const BASIS_FIELD: Field = { name: 'basis', label: 'Basis', type: 'string', labels: accrualsLabels.basis }
const VENDOR_FIELD: Field = { name: 'vendor', label: 'Vendor or payer', type: 'string' }
const JOURNAL_FIELD: Field = { name: 'journal_reference', label: 'Journal', type: 'string' }

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
            lineKey('a.accrual_id', 'l.line_no'),
            ...ACCRUAL_COLUMNS,
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
            ...ACCRUAL_COLUMNS,
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
            ...ageColumns('c.cutoff_on', dialect, [90, 184]),
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
        LINE_KEY_FIELD,
        ...ACCRUAL_FIELDS,
        CLEARING_FIELD,
        BASIS_FIELD,
        VENDOR_FIELD,
        { name: 'description', label: 'Description', type: 'string', groupable: false },
        { name: 'po_number', label: 'PO number', type: 'string' },
        { name: 'invoice_number', label: 'Invoice number', type: 'string' },
        { name: 'received_on', label: 'Received', type: 'date' },
        ...ACCOUNT_SEGMENT_FIELDS,
        { name: 'object', label: 'Object', type: 'string' },
        { name: 'accrual_account', label: 'Accrual account', type: 'string' },
        AMOUNT_FIELD,
        JOURNAL_FIELD,
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
        ...ACCRUAL_FIELDS,
        BASIS_FIELD,
        VENDOR_FIELD,
        CLEARING_FIELD,
        JOURNAL_FIELD,
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
