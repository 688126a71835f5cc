import type { Locator, Page } from '@playwright/test'
import { type Platform, uniqueEmail } from './platform.js'
import { expect } from './test.js'

// The screens the screen walk (screen-walk.ts) opens, by who sees them. The demo district gives the fiscal screens
// (Payment Receipts, Sites, Accounts, My queue) records to show.

// Demo people (apps/server/src/demo): Roosevelt's principal collects and approves there; Amy approves everywhere.
export const PRINCIPAL = 'principal.res@demo.district.test'
export const APPROVER = 'approver@demo.district.test'
// Fred reviews and controls accruals everywhere; Rosa requests them for one site.
export const ACCRUALS_CONTROLLER = 'fiscal@demo.district.test'
export const ACCRUALS_REQUESTER = 'accruals@demo.district.test'
const RECEIPTS = '/apps/payment-receipts'
const ACCRUALS = '/apps/accruals'
const PUBLIC_INFO = '/apps/public-info'

export interface Screen {
  name: string
  /** Brings the page to the screen and waits until it shows its data. */
  open: (page: Page) => Promise<void>
  /** Sandboxed iframes axe cannot enter (their titles are checked by the email specs). */
  axeExclude?: string[]
}

export const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
/** A screen inside an application (Accruals, Public Information), named by its level-2 heading; its code loads first. */
const sectionHeading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 20_000 })

/** A screen inside an application: its address and the level-2 heading that shows it is there. */
const section = (name: string, path: string, title: string | RegExp): Screen => ({
  name,
  open: async (page) => {
    await page.goto(path)
    await sectionHeading(page, title)
  },
})

/**
 * Two finished background exports of the administrator's (a ready Excel file, a failed PDF), so the Exports list and
 * its panels are seen with something in them. Written straight into the database: a real one needs over 10,000 rows.
 */
export async function seedExportJobs(platform: Platform, ownerId: number): Promise<void> {
  const now = platform.clock.now()
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString()
  const request = JSON.stringify({ definition: { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_name' }] } })
  const job = { owner_id: ownerId, request, rows_total: 48_250, created_at: at(30), started_at: at(29), last_seen_at: at(5) }
  await platform.db.kysely
    .insertInto('report_export_jobs')
    .values([
      {
        ...job,
        report_name: 'Construction costs by client and fiscal year',
        format: 'xlsx',
        state: 'ready',
        rows_done: 48_250,
        finished_at: at(20),
        expires_at: new Date(now.getTime() + 23 * 3_600_000).toISOString(),
        file_name: 'Construction_costs_by_client_and_fiscal_year_2026-03-15.xlsx',
        content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size_bytes: 2_400_000,
      },
      {
        ...job,
        report_name: 'Every DSA project with its change orders',
        format: 'pdf',
        state: 'failed',
        rows_done: 12_000,
        finished_at: at(10),
        failure: 'A PDF holds at most 20,000 rows. Export this report as Excel or CSV, or filter it to fewer rows.',
      },
    ])
    .execute()
}

export const ADMIN_SCREENS: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/dashboard')
      await heading(page, /^Welcome, /)
      // The header names who is signed in at every width, a phone's too.
      await expect(page.getByTestId('header-user-name')).toBeVisible()
      await expect(page.getByTestId('header-user-name')).toHaveAttribute('title', 'District Administrator')
    },
  },
  {
    name: 'dashboard-overview',
    open: async (page) => {
      await page.goto('/apps/dashboard')
      await expect(page.getByTestId('stat-totalUsers')).toHaveText(/^\d+$/)
    },
  },
  {
    name: 'public-info-queue',
    open: async (page) => {
      await page.goto('/apps/public-info')
      await expect(page.getByRole('table', { name: 'Records requests' })).toBeVisible()
    },
  },
  {
    name: 'dsa-scraper',
    open: async (page) => {
      await page.goto('/dsa-tracker')
      await heading(page, 'DSA Project Tracker')
    },
  },
  {
    name: 'dsa-database-view',
    open: async (page) => {
      await page.goto('/dsa-tracker?tab=database')
      await expect(page.getByRole('table', { name: 'DSA projects' }).locator('tbody tr').first()).toBeVisible()
      // A project number is one token: never broken over two lines, in the table or in a phone's card.
      await expectOnOneLine(page.getByTestId('project-number'), 'project numbers')
    },
  },
  {
    name: 'dsa-statistics',
    open: async (page) => {
      await page.goto('/dsa-tracker?tab=statistics')
      await expect(page.getByRole('tab', { name: 'Statistics', selected: true })).toBeVisible()
    },
  },
  {
    name: 'reports-studio',
    open: async (page) => {
      await page.goto('/reports-studio')
      await expect(page.getByRole('region', { name: 'Available Reports' }).getByRole('listitem').first()).toBeVisible()
      // Its own tab, its own frame: no platform menu, a way back.
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible()
      // Who is signed in shows at every width, a phone's too.
      await expect(page.getByTestId('header-user-name')).toBeVisible()
    },
  },
  {
    name: 'reports-studio-report',
    open: async (page) => {
      await page.goto('/reports-studio')
      await page.getByRole('region', { name: 'Available Reports' }).getByRole('link').first().click()
      await expect(page.locator('main table').first()).toBeVisible({ timeout: 15_000 })
    },
  },
  {
    name: 'reports-studio-designer',
    open: async (page) => {
      await page.goto('/reports-studio')
      await page.getByRole('button', { name: 'New Report' }).click()
      const dialog = page.getByRole('dialog', { name: 'New Report' })
      // Save is in reach and the title reads on one line, at either width. Save appears once the catalogue has loaded,
      // when the workspace's dialog replaces the loading one: measured earlier, the title could be the one going away.
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport()
      const title = dialog.getByTestId('designer-title')
      await expect
        .poll(
          () =>
            title.evaluate((element) =>
              Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
            ),
          { message: 'lines of the designer title' },
        )
        .toBe(1)
    },
  },
  {
    name: 'user-management',
    open: async (page) => {
      await page.goto('/admin/users')
      await expect(page.getByTestId('user-count')).toHaveText(/^\d+ users$/)
    },
  },
  {
    name: 'user-import-preview',
    open: async (page) => {
      await page.goto('/admin/users/import')
      const csv = [
        'email,full_name,organization_code,role_code,applications',
        `${uniqueEmail('nell')},Nell Newcomer,DISTRICT,STAFF,ACCRUALS`,
        `not-an-address,Rex Rejected,NOWHERE,STAFF,USER_MANAGEMENT`,
      ].join('\n')
      await page.locator('input[type="file"]').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByRole('button', { name: 'Preview' }).click()
      await expect(page.getByRole('table', { name: 'Import preview rows' }).locator('tbody tr')).toHaveCount(2)
    },
  },
  {
    name: 'application-management',
    open: async (page) => {
      await page.goto('/admin/applications')
      await expect(page.getByRole('table', { name: 'Applications' }).locator('tbody tr')).toHaveCount(9)
    },
  },
  {
    name: 'activity',
    open: async (page) => {
      await page.goto('/admin/activity')
      await expect(page.getByRole('table', { name: 'Activity' }).locator('tbody tr').first()).toBeVisible()
    },
  },
  {
    name: 'data-retention',
    open: async (page) => {
      await page.goto('/admin/retention')
      await heading(page, 'Data retention')
      await expect(page.getByRole('region', { name: 'Last purge' })).toBeVisible()
    },
  },
  {
    name: 'email-log',
    open: async (page) => {
      await page.goto('/admin/email?tab=log')
      await heading(page, 'Email Administration')
      await expect(page.locator('main table tbody tr').first()).toBeVisible()
    },
    axeExclude: ['iframe'],
  },
  {
    name: 'email-templates',
    open: async (page) => {
      await page.goto('/admin/email?tab=templates')
      await heading(page, 'Email Administration')
    },
    axeExclude: ['iframe'],
  },
  {
    name: 'email-health',
    open: async (page) => {
      await page.goto('/admin/email?tab=health')
      await heading(page, 'Email Administration')
    },
    axeExclude: ['iframe'],
  },
  {
    name: 'server-monitoring',
    open: async (page) => {
      await page.goto('/admin/monitoring')
      await heading(page, 'Server Monitoring')
      await expect(page.locator('main table').first()).toBeVisible()
    },
  },
  {
    name: 'devices-and-sessions',
    open: async (page) => {
      await page.goto('/account/devices')
      await heading(page, 'Devices and sessions')
    },
  },
  {
    name: 'finance-sites',
    open: async (page) => {
      await page.goto('/admin/finance/sites')
      await heading(page, 'Sites')
      await expect(page.getByRole('table', { name: 'Sites' }).locator('tbody tr').first()).toBeVisible()
    },
  },
  {
    name: 'finance-accounts',
    open: async (page) => {
      await page.goto('/admin/finance/accounts')
      await heading(page, 'Accounts')
      await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toBeVisible()
    },
  },
  {
    name: 'finance-separation',
    open: async (page) => {
      await page.goto('/admin/finance/separation')
      await heading(page, 'Separation of duties')
    },
  },
  section('public-info-to-mail', `${PUBLIC_INFO}/to-mail`, 'To mail'),
  section('public-info-holidays', `${PUBLIC_INFO}/holidays`, 'Holidays'),
  section('public-info-exemptions', `${PUBLIC_INFO}/exemptions`, 'Exemption library'),
  section('public-info-public-log', `${PUBLIC_INFO}/public-log`, 'Public log'),
  section('public-info-figures', `${PUBLIC_INFO}/figures`, 'Figures'),
  {
    name: 'public-info-request',
    open: async (page) => {
      await page.goto(`${PUBLIC_INFO}/requests`)
      const link = page.getByRole('table', { name: 'Records requests' }).locator('tbody tr').first().getByRole('link').first()
      await expect(link).toBeVisible({ timeout: 20_000 })
      await link.click()
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    },
  },
  {
    name: 'reports-studio-editor',
    open: async (page) => {
      await page.goto('/reports-studio')
      await page
        .getByRole('region', { name: 'Available Reports' })
        .getByRole('button', { name: /^Edit / })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: /^Edit report: / })
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport()
      await dialog.getByRole('tab', { name: 'Columns' }).click()
      await expect(dialog.getByRole('tabpanel')).toBeVisible()
    },
  },
  {
    name: 'reports-studio-exports',
    open: async (page) => {
      await page.goto('/reports-studio')
      const exports = page.getByRole('region', { name: 'Exports' })
      await expect(exports.getByText('Construction costs by client and fiscal year', { exact: false })).toBeVisible()
      await exports.scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'unknown-application',
    open: async (page) => {
      // A link to an application that does not exist leads home rather than to a refusal.
      await page.goto('/apps/no-such-application')
      await expect(page).toHaveURL(/\/dashboard$/)
      await heading(page, /^Welcome, /)
    },
  },
]

/** Accruals as the district's fiscal reviewer and controller sees it. */
export const ACCRUALS_CONTROLLER_SCREENS: Screen[] = [
  section('accruals-cycle', `${ACCRUALS}/cycle`, /^Close cycle/),
  section('accruals-review-queue', `${ACCRUALS}/review`, 'Review queue'),
  section('accruals-import', `${ACCRUALS}/import`, 'Import requests'),
  section('accruals-journals', `${ACCRUALS}/journals`, 'Journals'),
]

/** Accruals as a site's requester sees it: her requests and a new one. */
export const ACCRUALS_REQUESTER_SCREENS: Screen[] = [
  section('accruals-my-requests', `${ACCRUALS}/requests`, 'My requests'),
  section('accruals-new-request', `${ACCRUALS}/requests/new`, 'New accrual request'),
]

/** Numbers read as one token (project, receipt, deposit numbers) are never broken over two lines. */
async function expectOnOneLine(numbers: Locator, what: string): Promise<void> {
  await expect(numbers.first()).toBeVisible()
  const broken = await numbers.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        // The text's boxes: on one line their tops are within a few pixels of each other; a second line is a line lower.
        const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top)
        return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 8
      })
      .map((element) => element.textContent),
  )
  expect(broken, `${what} broken over lines`).toEqual([])
}

// The first screen of the application loads its code and its sites first: more time than a later screen needs.
const receiptsHeading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 20_000 })
/** The first row of a Payment Receipts table (its caption names it), once the rows are there. */
const firstRow = (page: Page, caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr').first()

/** Payment Receipts as an approver of every site sees it, and her My queue. */
export const APPROVER_SCREENS: Screen[] = [
  {
    name: 'receipts-list',
    open: async (page) => {
      await page.goto(RECEIPTS)
      await receiptsHeading(page, 'Receipts')
      await expect(firstRow(page, 'Receipts')).toBeVisible()
      await expectOnOneLine(page.getByRole('table', { name: 'Receipts' }).locator('tbody tr td:first-child'), 'receipt numbers')
    },
  },
  {
    name: 'receipt-page',
    open: async (page) => {
      await page.goto(RECEIPTS)
      const link = firstRow(page, 'Receipts').getByRole('link').first()
      await expect(link).toBeVisible({ timeout: 20_000 })
      await link.click()
      await receiptsHeading(page, /^[A-Z]+-\d{4}-\d{2}-\d{6}$/)
    },
  },
  {
    name: 'deposits-list',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/deposits`)
      await receiptsHeading(page, 'Deposits')
      await expect(firstRow(page, 'Deposits')).toBeVisible()
      await expectOnOneLine(page.getByRole('table', { name: 'Deposits' }).locator('tbody tr td:first-child'), 'deposit numbers')
    },
  },
  {
    name: 'deposit-page',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/deposits`)
      const link = firstRow(page, 'Deposits').getByRole('link').first()
      await expect(link).toBeVisible({ timeout: 20_000 })
      await link.click()
      await receiptsHeading(page, /^[A-Z]+-\d{4}-\d{2}-D\d{4}$/)
    },
  },
  {
    name: 'receipts-register',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/register`)
      await receiptsHeading(page, 'Receipt register')
      await expect(firstRow(page, 'Register')).toBeVisible()
    },
  },
  {
    name: 'receipts-undeposited',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/undeposited`)
      await receiptsHeading(page, 'Undeposited cash')
    },
  },
  {
    name: 'receipts-exceptions',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/exceptions`)
      await receiptsHeading(page, 'Exceptions')
    },
  },
  {
    name: 'my-queue-approver',
    open: async (page) => {
      await page.goto('/dashboard')
      await expect(page.getByRole('region', { name: 'My queue' })).toBeVisible()
    },
  },
]

/** A collector's screens: the new receipt form and her My queue. */
export const COLLECTOR_SCREENS: Screen[] = [
  {
    name: 'receipt-new',
    open: async (page) => {
      await page.goto(`${RECEIPTS}/receipts/new`)
      await receiptsHeading(page, 'New receipt')
      await expect(page.getByRole('textbox', { name: 'Received from' })).toBeVisible()
    },
  },
  {
    name: 'my-queue-collector',
    open: async (page) => {
      await page.goto('/dashboard')
      await expect(page.getByRole('region', { name: 'My queue' })).toBeVisible()
    },
  },
]

export const SIGNED_OUT_SCREENS: Screen[] = [
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    },
  },
  {
    name: 'verify-link-error',
    open: async (page) => {
      await page.goto('/auth/verify')
      await expect(page.getByText('Invalid verification link')).toBeVisible()
    },
  },
  // The public's pages of Public Information: no account, no staff menu.
  {
    name: 'public-records-request',
    open: async (page) => {
      await page.goto('/public-records')
      await heading(page, /./)
      await expect(page.getByRole('radio', { name: 'Electronic copies (download or e-mail)' })).toBeVisible()
    },
  },
  {
    name: 'public-records-tracking',
    open: async (page) => {
      // A request of its own, filed as the public files one; its private link opens its page.
      const filed = await page.request.post('/api/public-records/requests', {
        data: { description: 'Minutes of the facilities committee, 2025.', preferredFormat: 'PAPER', postalAddress: '12 Elm Street' },
      })
      expect(filed.status(), await filed.text()).toBe(201)
      const { data } = (await filed.json()) as { data: { number: string; trackingUrl: string } }
      await page.goto(data.trackingUrl)
      await heading(page, new RegExp(data.number))
    },
  },
  {
    name: 'public-records-new-link',
    open: async (page) => {
      await page.goto('/public-records/new-link')
      await heading(page, /./)
      await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible()
    },
  },
  {
    name: 'debug-auth',
    open: async (page) => {
      await page.goto('/debug-auth')
      await expect(page.getByRole('heading', { name: 'Debug Authentication' })).toBeVisible()
    },
  },
]
