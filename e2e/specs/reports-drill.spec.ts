import type { Locator, Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { openReportsStudio } from '../support/reports.js'
import { pickOption } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The demo district's deposits at its three schools: a site narrows the accounts a report offers, and a summary by
// site opens the deposit lines behind a school's row, which export as they are shown.
usePlatform({ env: { DEMO_DATA: 'true' } })

const LINCOLN = 'Lincoln High School'

const definition = {
  schemaVersion: 1,
  dataset: 'deposits',
  parameters: [
    { id: 'site', label: 'Site', type: 'select', optionsFrom: 'site_name' },
    { id: 'account', label: 'Account', type: 'select', optionsFrom: 'account', filteredBy: [{ param: 'site', field: 'site_name' }] },
  ],
  filters: [
    { field: 'site_name', op: 'eq', value: { param: 'site' }, ignoreIfEmpty: true },
    { field: 'account', op: 'eq', value: { param: 'account' }, ignoreIfEmpty: true },
  ],
  rows: { mode: 'summary' },
  groups: [{ field: 'site_name' }],
  columns: [{ field: 'site_name' }, { field: 'amount', agg: 'sum' }],
}

/** The texts of the options a list offers once opened (closed again after). */
async function offered(page: Page, field: Locator): Promise<string[]> {
  await field.click()
  const listbox = page.getByRole('listbox')
  await expect(listbox.getByRole('option').first()).toBeVisible()
  const options = await listbox.getByRole('option').allTextContents()
  await page.keyboard.press('Escape')
  return options
}

test('a site narrows the accounts offered; a school of the summary opens its deposit lines, which export', async ({ page, platform }) => {
  test.setTimeout(120_000)
  const { email } = await platform.createUser({
    fullName: 'Rita Writer',
    roleCode: 'ADMIN',
    applications: ['DASHBOARD', 'REPORTS_STUDIO', 'PAYMENT_RECEIPTS'],
  })
  const token = await platform.signIn(page, email)
  const created = await page.request.post('/api/reportcreate', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Deposits by school', definition },
  })
  expect(created.status(), await created.text()).toBe(200)
  const reportId = ((await created.json()) as { report: { REPORT_ID: number } }).report.REPORT_ID

  await openReportsStudio(page, reportId)
  await expect(page.getByRole('heading', { level: 2, name: 'Deposits by school' })).toBeVisible()
  const site = page.getByRole('combobox', { name: 'Site' })
  const account = page.getByRole('combobox', { name: 'Account' })

  // Every school's accounts are offered, until a school is chosen.
  await expect(account).toBeEnabled()
  const everyAccount = await offered(page, account)
  expect(everyAccount.some((option) => option.endsWith('-010'))).toBe(true)
  expect(everyAccount.some((option) => !option.endsWith('-010'))).toBe(true)
  await pickOption(page, site, LINCOLN)
  await expect.poll(() => offered(page, account)).toEqual(everyAccount.filter((option) => option.endsWith('-010')))
  await expectNoSeriousA11yViolations(page, 'narrowed account choices')

  // An account of Lincoln's, then another school: the account no longer offered is cleared.
  const lincolnAccount = everyAccount.find((option) => option.endsWith('-010'))!
  await pickOption(page, account, lincolnAccount)
  await pickOption(page, site, 'Madison Middle School')
  await expect(account).toHaveValue('')

  // The summary by school (it ran at once: nothing is required): Lincoln's row opens its deposit lines.
  const table = page.getByRole('table', { name: 'Deposits by school' })
  await expect(table).toBeVisible()
  const lincolnRow = table.getByRole('row').filter({ hasText: LINCOLN })
  const total = (await lincolnRow.getByRole('cell').last().textContent())!
  await table.getByRole('button', { name: `${LINCOLN}: show its rows` }).click()
  const dialog = page.getByRole('dialog', { name: `Rows of ${LINCOLN}` })
  await expect(dialog).toBeVisible()
  const lines = dialog.getByRole('table', { name: `Rows of ${LINCOLN}` })
  await expect(lines).toBeVisible()
  await expect(dialog.getByText(`Site: ${LINCOLN}`)).toBeVisible()
  const detailRows = lines.locator('tbody tr[data-row-kind="detail"]')
  expect(await detailRows.count()).toBeGreaterThan(0)
  for (const text of await detailRows.allTextContents()) expect(text).toContain(LINCOLN)
  // The lines add up to the school's row.
  await expect(lines.locator('tbody tr[data-row-kind="grandTotal"]')).toContainText(total)
  await expectNoSeriousA11yViolations(page, 'the rows behind a group')

  const downloading = page.waitForEvent('download')
  await dialog.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'CSV', exact: true }).click()
  const download = await downloading
  const csv = await readFile((await download.path())!, 'utf8')
  const records = csv.trim().split(/\r?\n/).slice(1)
  expect(records.filter((line) => line.includes(LINCOLN))).toHaveLength(await detailRows.count())
  expect(csv).not.toContain('Madison Middle School')
  expect(csv).not.toContain('Roosevelt Elementary')
})
