import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { ADMIN_EMAIL } from '../support/platform.js'
import { pickOption } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test('an administrator sees the finance setup in My queue, adds and edits sites, and the screen passes axe', async ({ page, platform }) => {
  test.slow() // several screens, axe runs and a whole platform on a shared machine
  await platform.signIn(page, ADMIN_EMAIL)
  await page.goto('/dashboard')
  const queue = page.getByRole('region', { name: 'My queue' })
  await expect(queue.getByRole('link', { name: "Add the district's sites" })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/dashboard with My queue')

  await page.getByRole('link', { name: 'Sites', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
  await expect(page.getByText('No sites yet.')).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/admin/finance/sites')

  await page.getByRole('button', { name: 'Add site' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add site' })
  await dialog.getByRole('textbox', { name: 'Code' }).fill('lhs')
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Lincoln High School')
  await dialog.getByRole('textbox', { name: 'Deposit at least every (days)' }).fill('7')
  await dialog.getByRole('textbox', { name: 'Deposit cash above (dollars)' }).fill('12.345')
  await dialog.getByRole('button', { name: 'Save site' }).click()
  await expect(dialog.getByText('Enter an amount in dollars and cents')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Deposit cash above (dollars)' }).fill('1,500.50')
  await expectNoSeriousA11yViolations(page, 'the Add site form')
  await dialog.getByRole('button', { name: 'Save site' }).click()
  await expect(dialog).toBeHidden()
  const table = page.getByRole('table', { name: 'Sites' })
  const row = table.getByRole('row').filter({ hasText: 'Lincoln High School' })
  await expect(row).toContainText('LHS')
  await expect(row).toContainText('7 days')
  await expect(row).toContainText('$1,500.50')

  // A second site with the same code is refused with the server's message.
  await page.getByRole('button', { name: 'Add site' }).click()
  await dialog.getByRole('textbox', { name: 'Code' }).fill('LHS')
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Another')
  await dialog.getByRole('button', { name: 'Save site' }).click()
  // The refusal concerns the code: it is said under the code.
  await expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveAccessibleDescription(/A site with the code LHS already exists\./)
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: 'Edit Lincoln High School' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Lincoln High School' })
  await pickOption(page, edit.getByRole('combobox', { name: 'Kind' }), 'Office')
  await edit.getByRole('switch', { name: 'Active' }).uncheck({ force: true })
  await edit.getByRole('button', { name: 'Save site' }).click()
  await expect(edit).toBeHidden()
  await expect(row).toContainText('Inactive')
  await expect(row).toContainText('Office')

  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'My queue' }).getByRole('link', { name: 'Import the chart of accounts' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'My queue' }).getByRole('link', { name: "Add the district's sites" })).toHaveCount(0)
})
