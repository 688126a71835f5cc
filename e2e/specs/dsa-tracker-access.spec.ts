import { applicationLinks } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test('a staff member without the DSA_TRACKER application has no DSA menu item and reads the access message at /dsa-tracker', async ({
  page,
  platform,
}) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD', 'ACCRUALS'] })
  await platform.signIn(page, email)
  expect(await applicationLinks(page)).toEqual(['Dashboard Overview', 'Accruals'])

  await page.goto('/dsa-tracker')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to view this page.")).toBeVisible()
  await expect(page.getByRole('heading', { name: 'DSA Project Tracker' })).toBeHidden()
  await expect(page.getByRole('tab', { name: 'Scraper' })).toBeHidden()
})
