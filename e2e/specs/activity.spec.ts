import { readFile } from 'node:fs/promises'
import { uniqueEmail } from '../support/platform.js'
import { pickOption, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const EXPORT_HEADER = 'audit_id,occurred_at,actor_email,actor_name,action,outcome,target_type,target_id,email,ip,user_agent,details'

test("after an administrator adds a user, Activity lists 'User created' by them; the action filter and the CSV export work", async ({
  page,
  platform,
}) => {
  const { email: adminEmail } = await signInAsNewAdmin(page, platform, 'Ada Auditor')

  // The administrator adds someone through User Management.
  const newcomer = uniqueEmail('otto')
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(newcomer)
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill('Otto Brightwater')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Organization', exact: true }), 'District Office (DISTRICT)')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Role', exact: true }), 'Staff')
  await dialog.getByRole('checkbox', { name: 'Payment Receipts', exact: true }).check()
  await dialog.getByRole('checkbox', { name: 'Send invitation email' }).uncheck()
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText('Otto Brightwater was added.')).toBeVisible()

  await page.goto('/admin/activity')
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody tr')
  const created = rows.filter({ hasText: 'User created' }).filter({ hasText: newcomer })
  await expect(created).toHaveCount(1)
  await expect(created.locator('td').nth(2)).toContainText('Ada Auditor')
  await expect(created.locator('td').nth(2)).toContainText(adminEmail)
  await expect(created.locator('td').nth(4)).toHaveText('Succeeded')
  await expect(created).toContainText('Applications')

  // Other actions are listed too (the sign-ins), until the filter keeps only 'User created'.
  await expect(rows.filter({ hasNotText: 'User created' }).first()).toBeVisible()
  await page.getByRole('combobox', { name: 'Action' }).selectOption('user.created')
  await expect(rows.filter({ hasNotText: 'User created' })).toHaveCount(0)
  await expect(created).toHaveCount(1)
  for (const cell of await rows.locator('td:nth-child(4)').all()) await expect(cell).toHaveText('User created')

  // The details open with the values after the change.
  await created.getByRole('button', { name: /^Details of entry \d+$/ }).click()
  const changes = page.getByRole('table', { name: /^Changes recorded in entry \d+$/ })
  await expect(changes.getByRole('row', { name: /^Full name/ })).toContainText('Otto Brightwater')
  await expect(changes.getByRole('row', { name: /^Applications/ })).toContainText('PAYMENT_RECEIPTS')
  await expect(page.getByText('Recorded as user.created')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  await expect(page.getByText('Export completed successfully')).toBeVisible()
  expect(download.suggestedFilename()).toMatch(/^audit_log_\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .filter(Boolean)
  expect(lines[0]).toBe(EXPORT_HEADER)
  // Exported with the same filter: only user.created entries, the newcomer's among them.
  expect(lines.length).toBeGreaterThan(1)
  expect(lines.slice(1).every((line) => line.includes(',user.created,'))).toBe(true)
  expect(lines.some((line) => line.includes(newcomer) && line.includes(adminEmail))).toBe(true)
})
