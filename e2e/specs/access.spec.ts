import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test("a staff member opening /admin/users reads 'Admin Access Required'", async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, email)
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
  await expect(page.getByText('Only administrators can access this page.')).toBeVisible()
  await page.getByRole('link', { name: 'Back to dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test("a staff member without the permission opening /apps/accruals reads 'Access Denied'", async ({ page, platform }) => {
  test.slow() // two applications' screens load as the person opens them, on a shared machine
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD', 'PUBLIC_INFO'] })
  await platform.signIn(page, email)
  await page.goto('/apps/accruals')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to view this page.")).toBeVisible()

  // The application the person holds opens.
  await page.goto('/apps/public-info')
  await expect(page.getByRole('heading', { level: 1, name: 'Public Information' })).toBeVisible({ timeout: 30_000 })
  // Holding the application without a duty: the person is told whom to ask.
  await expect(page.getByText('You hold no duty in Public Information')).toBeVisible()
})

test('a staff member without any application reads the no-access welcome', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: [] })
  await platform.signIn(page, email)
  await expect(page.getByText("You don't have access to any applications yet. Please contact your administrator.")).toBeVisible()
})
