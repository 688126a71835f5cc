import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

/** Lets Mantine's transitions settle so axe sees the screen a person sees. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

test('axe: /login', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login')
})

test("axe: /login's 'Check Your Email' state, with a code error shown", async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.requestSignIn(page, email)
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'Check Your Email')
  await page.getByLabel('Verification code').fill('12')
  await page.getByRole('button', { name: 'Verify code' }).click()
  await expect(page.getByText('Invalid verification code')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'Check Your Email (code error)')
})

test('axe: /auth/verify error state', async ({ page }) => {
  await page.goto('/auth/verify')
  await expect(page.getByText('Invalid verification link')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/auth/verify (error)')
})

test("axe: /auth/verify 'Continue as' state (link opened in another browser)", async ({ page }) => {
  await page.goto('/auth/verify?email=someone%40district.test&token=not-a-real-token')
  await expect(page.getByRole('button', { name: 'Continue as s•••@district.test' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/auth/verify (continue)')
})

test('axe: /debug-auth, empty and with a decoded token', async ({ page, platform }) => {
  await page.goto('/debug-auth')
  await expect(page.getByRole('heading', { name: 'Debug Authentication' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/debug-auth')

  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, email)
  await page.goto('/debug-auth')
  await page.getByRole('button', { name: 'Decode token' }).click()
  await expect(page.getByText('Valid session')).toBeVisible()
  await page.getByRole('button', { name: 'Test profile endpoint' }).click()
  await expect(page.getByText('Status 200')).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/debug-auth (decoded)')
})

test('axe: an administrator’s /dashboard, /apps/dashboard with the figures, and the Public Information queue', async ({
  page,
  platform,
}) => {
  test.slow() // three screens with axe, the last a whole application, on a shared machine
  const { email } = await platform.createUser({ fullName: 'Grace Okafor', roleCode: 'ADMIN' })
  await platform.signIn(page, email)

  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dashboard')

  await page.goto('/apps/dashboard')
  await expect(page.getByRole('heading', { name: 'Platform at a glance' })).toBeVisible()
  await expect(page.getByTestId('stat-totalUsers')).toHaveText(/^\d+$/)
  await expect(page.getByTestId('stat-activeSessions')).not.toHaveText('0')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/dashboard')

  await page.goto('/apps/public-info')
  await expect(page.getByRole('table', { name: 'Records requests' })).toBeVisible({ timeout: 30_000 })
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/public-info')
})

test('axe: the admin-required and access-denied pages', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, email)

  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/users (admin required)')

  await page.goto('/apps/accruals')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/accruals (access denied)')
})
