import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { mainMenu, settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The home page: the welcome, then the person's work and shortcuts, and the notice an unknown address leaves.
usePlatform()

test('an unknown address still lands on the dashboard, which says the page did not exist, once', async ({ page, platform }) => {
  test.setTimeout(120_000) // a whole platform and axe, on a shared machine
  const { email } = await platform.createUser({
    fullName: 'Hana Homeward',
    roleCode: 'STAFF',
    applications: ['DASHBOARD', 'REPORTS_STUDIO'],
  })
  await platform.signIn(page, email)
  const notice = page.getByRole('status').filter({ hasText: 'Page not found' })
  // Signing in lands on the dashboard without a notice: nothing was missing.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Hana/ })).toBeVisible()
  await expect(notice).toHaveCount(0)

  await page.goto('/reports/old-budget-page?year=2025')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(notice).toContainText('There is no page at /reports/old-budget-page. You are on your dashboard instead.')
  // The welcome and the person's shortcuts are still there beneath it.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Hana/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Shortcuts' }).getByRole('link', { name: /Reports Studio/ })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dashboard after an unknown address')

  // Going home on purpose shows no notice.
  await mainMenu(page).getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Hana/ })).toBeVisible()
  await expect(notice).toHaveCount(0)
})
