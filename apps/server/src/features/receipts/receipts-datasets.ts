import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { ageBucket, ageDays, dateOf, dollars, monthOf, siteScoped, type SiteScope, withinSites } from '../../db/sql-fragments.js'
import type { AuthUser } from '../../plugins/access.js'
import type { CatalogueDataset } from '../reports/reports.service.js'

type Source = CatalogueDataset['source']

/**
 * The Reports Studio datasets of Payment Receipts: receipts, and deposited receipt lines. Holders of the application
 * read them, each only for the sites where they hold a duty (administrators everywhere).
 */
export function receiptsDatasets(visibleSites: (user: AuthUser) => Promise<SiteScope>): CatalogueDataset[] {
  const receipts =
    (scope: SiteScope): Source =>
    (k: Kysely<Database>, dialect: Dialect) =>
      withinSites(
        k
          .selectFrom('receipts as r')
          .innerJoin('finance_sites as s', 's.site_id', 'r.site_id')
          .innerJoin('users as u', 'u.user_id', 'r.collector_id')
          .select([
            'r.receipt_id as id',
            'r.number',
            's.code as site_code',
            's.name as site_name',
            'r.fiscal_year',
            'r.state',
            'r.payer',
            'r.tender',
            'r.purpose',
            dollars('r.amount_cents').as('amount'),
            'r.issued_on',
            monthOf('r.issued_on').as('issued_month'),
            ageDays('r.issued_on', dialect).as('age_days'),
            ageBucket('r.issued_on', dialect, [7, 30]).as('age_bucket'),
            'r.deposit_id',
            'u.full_name as collector',
          ]),
        'r.site_id',
        scope,
      ) as never

  const lines =
    (scope: SiteScope): Source =>
    (k: Kysely<Database>) =>
      withinSites(
        k
          .selectFrom('receipt_lines as l')
          .innerJoin('receipts as r', 'r.receipt_id', 'l.receipt_id')
          .innerJoin('receipt_deposits as d', 'd.deposit_id', 'r.deposit_id')
          .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
          .select([
            sql<string>`${sql.ref('r.number')} || '/' || ${sql.ref('l.line_no')}`.as('line_key'),
            'd.deposit_id',
            's.code as site_code',
            's.name as site_name',
            'd.fiscal_year',
            'd.state',
            dateOf('d.created_at').as('gathered_on'),
            'd.confirmed_on',
            'd.treasury_reference',
            'r.number as receipt_number',
            'l.account',
            sql<string>`substr(l.account, 1, 2)`.as('fund'),
            sql<string>`substr(l.account, 4, 4)`.as('resource'),
            dollars('l.amount_cents').as('amount'),
          ]),
        'd.site_id',
        scope,
      ) as never

  return [
    {
      id: 'receipts',
      label: 'Payment receipts',
      description: 'Every receipt of the sites you may see: number, payer, amount, state and age.',
      kind: 'builtin',
      access: { application: 'PAYMENT_RECEIPTS' },
      key: 'id',
      fields: [
        { name: 'id', label: 'Id', type: 'integer', groupable: false },
        { name: 'number', label: 'Number', type: 'string' },
        { name: 'site_code', label: 'Site code', type: 'string' },
        { name: 'site_name', label: 'Site', type: 'string' },
        { name: 'fiscal_year', label: 'Fiscal year', type: 'string' },
        { name: 'state', label: 'State', type: 'string' },
        { name: 'payer', label: 'Payer', type: 'string' },
        { name: 'tender', label: 'Tender', type: 'string' },
        { name: 'purpose', label: 'Purpose', type: 'string', groupable: false },
        { name: 'amount', label: 'Amount', type: 'money', groupable: false },
        { name: 'issued_on', label: 'Issued', type: 'date' },
        { name: 'issued_month', label: 'Month issued', type: 'string' },
        { name: 'age_days', label: 'Age (days)', type: 'integer' },
        { name: 'age_bucket', label: 'Age', type: 'string' },
        { name: 'deposit_id', label: 'Deposit', type: 'integer' },
        { name: 'collector', label: 'Collector', type: 'string' },
      ],
      ...siteScoped(receipts, visibleSites),
    },
    {
      id: 'deposits',
      label: 'Deposit lines',
      description: "Each receipt line in a deposit, with its fund, resource and the deposit's state, of the sites you may see.",
      kind: 'builtin',
      access: { application: 'PAYMENT_RECEIPTS' },
      key: 'line_key',
      fields: [
        { name: 'line_key', label: 'Line', type: 'string', groupable: false },
        { name: 'deposit_id', label: 'Deposit', type: 'integer' },
        { name: 'site_code', label: 'Site code', type: 'string' },
        { name: 'site_name', label: 'Site', type: 'string' },
        { name: 'fiscal_year', label: 'Fiscal year', type: 'string' },
        { name: 'state', label: 'State', type: 'string' },
        { name: 'gathered_on', label: 'Gathered', type: 'date' },
        { name: 'confirmed_on', label: 'Confirmed', type: 'date' },
        { name: 'treasury_reference', label: 'Treasury reference', type: 'string' },
        { name: 'receipt_number', label: 'Receipt', type: 'string' },
        { name: 'account', label: 'Account', type: 'string' },
        { name: 'fund', label: 'Fund', type: 'string' },
        { name: 'resource', label: 'Resource', type: 'string' },
        { name: 'amount', label: 'Amount', type: 'money', groupable: false },
      ],
      ...siteScoped(lines, visibleSites),
    },
  ]
}
