import type { Locator, Page } from '@playwright/test'
import { uniqueEmail } from './platform.js'
import { expect } from './test.js'

// The screens the screen walk (screen-walk.ts) opens, by who sees them. The demo district gives the fiscal screens
// (Payment Receipts, Sites, Accounts, My queue) records to show.

// Demo people (apps/server/src/demo): Roosevelt's principal collects and approves there; Amy approves everywhere.
export const PRINCIPAL = 'principal.res@demo.district.test'
export const APPROVER = 'approver@demo.district.test'
const RECEIPTS = '/apps/payment-receipts'

export interface Screen {
  name: string
  /** Brings the page to the screen and waits until it shows its data. */
  open: (page: Page) => Promise<void>
  /** Sandboxed iframes axe cannot enter (their titles are checked by the email specs). */
  axeExclude?: string[]
}

export const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

export const ADMIN_SCREENS: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/dashboard')
      await heading(page, /^Welcome, /)
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
  {
    name: 'debug-auth',
    open: async (page) => {
      await page.goto('/debug-auth')
      await expect(page.getByRole('heading', { name: 'Debug Authentication' })).toBeVisible()
    },
  },
]
