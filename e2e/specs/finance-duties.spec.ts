import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { ADMIN_EMAIL, uniqueEmail } from '../support/platform.js'
import { openUserManagement, pickOption, searchUsers } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The demo district gives the sites (LHS, MMS, RES) duties are granted at.
usePlatform({ env: { DEMO_DATA: 'true' } })

test('duties are granted beside the application; COUNTER and COLLECTOR at one site are refused; the edit form shows them', async ({
  page,
  platform,
}) => {
  test.slow() // several screens, axe runs and a whole platform on a shared machine
  await platform.signIn(page, ADMIN_EMAIL)
  await openUserManagement(page)
  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New User' })
  const email = uniqueEmail('dora')
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill('Dora Duties')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Organization', exact: true }), 'District Office (DISTRICT)')
  await pickOption(page, dialog.getByRole('combobox', { name: 'Role', exact: true }), 'Staff')
  await dialog.getByRole('checkbox', { name: 'Send invitation email' }).uncheck()
  await expect(dialog.getByRole('group', { name: 'Duties in Payment Receipts' })).toHaveCount(0)
  await dialog.getByRole('checkbox', { name: 'Payment Receipts', exact: true }).check()
  const duties = dialog.getByRole('group', { name: 'Duties in Payment Receipts' })
  await expect(duties).toBeVisible()

  const choose = async (duty: string, site: string) => {
    await duties.getByLabel(duty, { exact: true }).click()
    await page.getByRole('listbox').getByRole('option', { name: site }).click()
    await page.keyboard.press('Escape')
  }
  await choose('Collector', 'LHS · Lincoln High School')
  await choose('Counter', 'LHS · Lincoln High School')
  await expectNoSeriousA11yViolations(page, 'the user form with duties')
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Nobody may hold both COUNTER and COLLECTOR at the same site')

  // Counting at another site is allowed.
  await duties.getByLabel('Counter', { exact: true }).click()
  await page.getByRole('listbox').getByRole('option', { name: 'LHS · Lincoln High School' }).click()
  await page.getByRole('listbox').getByRole('option', { name: 'MMS · Madison Middle School' }).click()
  await page.keyboard.press('Escape')
  await choose('Approver', 'All sites')
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog).toBeHidden()

  await searchUsers(page, 'Dora Duties', 1)
  await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email }).getByRole('button', { name: /Edit/ }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  const editDuties = edit.getByRole('group', { name: 'Duties in Payment Receipts' })
  await expect(editDuties).toContainText('LHS · Lincoln High School')
  await expect(editDuties).toContainText('MMS · Madison Middle School')
  await expect(editDuties).toContainText('All sites')
  await expectNoSeriousA11yViolations(page, 'the edit form with duties')
})
