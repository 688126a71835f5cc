import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { uniqueEmail } from '../support/platform.js'
import { openUserManagement, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test('axe: User Management, the list and the open Add User modal (also inside the dashboard)', async ({ page, platform }) => {
  await platform.createUser({ fullName: 'Vera Verified', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.createUser({ fullName: 'Ian Inactive', roleCode: 'REPORT_WRITER', isActive: false })
  await signInAsNewAdmin(page, platform, 'Axel Admin')

  await openUserManagement(page)
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Ian Inactive')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/users')

  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  await expect(dialog.getByRole('checkbox', { name: 'Accruals', exact: true })).toBeVisible()
  // With the required-field errors showing.
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog.getByText('Full name is required')).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/users (Add New User modal)')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/apps/user-management')
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  await expect(page.getByTestId('user-count')).toHaveText(/^\d+ users$/)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/user-management')
})

test('axe: the import page, empty and with a preview (created and rejected rows)', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Ines Importer')
  await page.goto('/admin/users/import')
  await expect(page.getByRole('heading', { level: 1, name: 'Import users' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/users/import')

  const csv = [
    'email,full_name,organization_code,role_code,applications',
    `${uniqueEmail('nell')},Nell Newcomer,DISTRICT,STAFF,ACCRUALS`,
    `not-an-address,Rex Rejected,NOWHERE,STAFF,USER_MANAGEMENT`,
  ].join('\n')
  await page.locator('input[type="file"]').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('table', { name: 'Import preview rows' }).locator('tbody tr')).toHaveCount(2)
  await expect(page.getByRole('table', { name: 'Import preview rows' })).toContainText("Unknown organization code 'NOWHERE'.")
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/users/import (preview)')
})

test('axe: Application Management, and a row being edited inline', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Apollo Admin')
  await page.goto('/admin/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'Application Management' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Applications' }).locator('tbody tr')).toHaveCount(9)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/applications')

  await page.getByRole('button', { name: 'Edit Accruals' }).click()
  await expect(page.getByRole('textbox', { name: 'Name of Accruals' })).toHaveValue('Accruals')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/applications (inline edit)')
})

test('axe: Activity, with an entry’s details open', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Audra Admin')
  await page.goto('/admin/activity')
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const firstEntry = page.getByRole('table', { name: 'Activity' }).locator('tbody tr').first()
  await expect(firstEntry).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/activity')

  await firstEntry.getByRole('button', { name: /^Details of entry \d+$/ }).click()
  await expect(firstEntry.getByRole('button', { name: /^Details of entry \d+$/ })).toHaveAttribute('aria-expanded', 'true')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/activity (details open)')
})
