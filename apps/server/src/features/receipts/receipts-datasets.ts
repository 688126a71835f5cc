import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import {
  ACCOUNT_SEGMENT_FIELDS,
  AGE_FIELDS,
  ageColumns,
  AMOUNT_FIELD,
  FISCAL_YEAR_FIELD,
  idField,
  LINE_KEY_FIELD,
  lineKey,
  SITE_COLUMNS,
  SITE_FIELDS,
  STATE_FIELD,
} from '../../db/dataset-fields.js'
import { districtDateOf, dollars, monthOf, type SiteScope, withinSites } from '../../db/sql-fragments.js'
import type { AuthUser } from '../../plugins/access.js'
import type { CatalogueDataset } from '../reports/reports.service.js'

type Source = CatalogueDataset['source']
type Field = CatalogueDataset['fields'][number]

/** Where and when a receipt or a deposit belongs, and how far it has gone: its site, fiscal year and state (in words). */
const siteYearState = (states: Readonly<Record<string, string>>): Field[] => [
  ...SITE_FIELDS,
  FISCAL_YEAR_FIELD,
  { ...STATE_FIELD, labels: states },
]

/** The deposit a receipt went into, or that holds a line. */
const DEPOSIT_FIELD: Field = { name: 'deposit_id', label: 'Deposit', type: 'integer' }

/** No site: the blind count's sites when no person is known (the dataset's shape). */
const NOWHERE: SiteScope = { all: false, siteIds: [] }

/** Whether a row's site is one where the person counts, as SQL (the blind count's policy, amount-visibility.ts). */
const atCountingSite = (column: string, counting: SiteScope) =>
  counting.all
    ? sql<boolean>`1 = 1`
    : sql<boolean>`${sql.ref(column)} in (${sql.join(counting.siteIds.length > 0 ? counting.siteIds : [-1])})`

/** An amount in dollars, or null where it is uncounted cash at a site the person counts. */
const amountUnless = (column: string, uncounted: RawBuilder<boolean>) =>
  sql<number | null>`case when ${uncounted} then null else ${dollars(column)} end`

/**
 * The Reports Studio datasets of Payment Receipts: receipts, and deposited receipt lines. Holders of the application
 * read them, each only for the sites where they hold a duty (administrators everywhere). A COUNTER reads no amount of
 * cash not yet counted at the sites where they count (undeposited receipts, receipts and lines of open deposits): the
 * amount is null in the dataset itself, so no total, filter or formula over it can tell it either.
 */
export function receiptsDatasets(
  visibleSites: (user: AuthUser) => Promise<SiteScope>,
  countingSites: (user: AuthUser) => Promise<SiteScope>,
): CatalogueDataset[] {
  /** Reads a dataset both ways: with no site (its shape), and with the person's sites and blind count. */
  const scopedBoth = (build: (scope: SiteScope, counting: SiteScope) => Source) => ({
    source: build(NOWHERE, NOWHERE),
    scoped: async (user: AuthUser) => build(await visibleSites(user), await countingSites(user)),
  })

  const receipts =
    (scope: SiteScope, counting: SiteScope): Source =>
    (k: Kysely<Database>, dialect: Dialect) =>
      withinSites(
        k
          .selectFrom('receipts as r')
          .innerJoin('finance_sites as s', 's.site_id', 'r.site_id')
          .innerJoin('users as u', 'u.user_id', 'r.collector_id')
          .leftJoin('receipt_deposits as d', 'd.deposit_id', 'r.deposit_id')
          .select([
            'r.receipt_id as id',
            'r.number',
            ...SITE_COLUMNS,
            'r.fiscal_year',
            'r.state',
            'r.payer',
            'r.tender',
            'r.purpose',
            amountUnless(
              'r.amount_cents',
              sql<boolean>`${atCountingSite('r.site_id', counting)} and (r.state = 'ISSUED' or (r.state = 'DEPOSITED' and d.state = 'OPEN'))`,
            ).as('amount'),
            'r.issued_on',
            monthOf('r.issued_on').as('issued_month'),
            ...ageColumns('r.issued_on', dialect, [7, 30]),
            'r.deposit_id',
            'u.full_name as collector',
          ]),
        'r.site_id',
        scope,
      ) as never

  const lines =
    (scope: SiteScope, counting: SiteScope): Source =>
    (k: Kysely<Database>, dialect: Dialect, timeZone: string) =>
      withinSites(
        k
          .selectFrom('receipt_lines as l')
          .innerJoin('receipts as r', 'r.receipt_id', 'l.receipt_id')
          .innerJoin('receipt_deposits as d', 'd.deposit_id', 'r.deposit_id')
          .innerJoin('finance_sites as s', 's.site_id', 'd.site_id')
          .select([
            lineKey('r.number', 'l.line_no'),
            'd.deposit_id',
            ...SITE_COLUMNS,
            'd.fiscal_year',
            'd.state',
            // The district's day the deposit was gathered on, not the UTC one.
            districtDateOf('d.created_at', dialect, timeZone).as('gathered_on'),
            'd.confirmed_on',
            'd.treasury_reference',
            'r.number as receipt_number',
            'l.account',
            sql<string>`substr(l.account, 1, 2)`.as('fund'),
            sql<string>`substr(l.account, 4, 4)`.as('resource'),
            amountUnless('l.amount_cents', sql<boolean>`${atCountingSite('d.site_id', counting)} and d.state = 'OPEN'`).as('amount'),
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
        idField('id'),
        { name: 'number', label: 'Number', type: 'string' },
        ...siteYearState(receiptsLabels.receiptState),
        { name: 'payer', label: 'Payer', type: 'string' },
        { name: 'tender', label: 'Tender', type: 'string', labels: receiptsLabels.tender },
        { name: 'purpose', label: 'Purpose', type: 'string', groupable: false },
        AMOUNT_FIELD,
        { name: 'issued_on', label: 'Issued', type: 'date' },
        { name: 'issued_month', label: 'Month issued', type: 'string' },
        ...AGE_FIELDS,
        DEPOSIT_FIELD,
        { name: 'collector', label: 'Collector', type: 'string' },
      ],
      ...scopedBoth(receipts),
    },
    {
      id: 'deposits',
      label: 'Deposit lines',
      description: "Each receipt line in a deposit, with its fund, resource and the deposit's state, of the sites you may see.",
      kind: 'builtin',
      access: { application: 'PAYMENT_RECEIPTS' },
      key: 'line_key',
      fields: [
        LINE_KEY_FIELD,
        DEPOSIT_FIELD,
        ...siteYearState(receiptsLabels.depositState),
        { name: 'gathered_on', label: 'Gathered', type: 'date' },
        { name: 'confirmed_on', label: 'Confirmed', type: 'date' },
        { name: 'treasury_reference', label: 'Treasury reference', type: 'string' },
        { name: 'receipt_number', label: 'Receipt', type: 'string' },
        ...ACCOUNT_SEGMENT_FIELDS,
        AMOUNT_FIELD,
      ],
      ...scopedBoth(lines),
    },
  ]
}
