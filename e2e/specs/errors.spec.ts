import type { Page, Route } from '@playwright/test'
import type { Platform } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const SESSION_ENDED = 'Your session has ended. Sign in again to continue.'
/** A failure must be on the screen this soon, retries included. */
const SHOWN_WITHIN_MS = 2_000

/** Answers every call to one API path (any query) with `status` and `body`, counting the calls. */
async function failPath(page: Page, path: string, status: number, body?: unknown): Promise<{ calls: () => number }> {
  let calls = 0
  await page.route(
    (url) => url.pathname === path,
    (route: Route) => {
      calls += 1
      return body === undefined
        ? route.fulfill({ status, contentType: 'text/html', body: `<html><body>${status}</body></html>` })
        : route.fulfill({ status, json: body })
    },
  )
  return { calls: () => calls }
}

/** A fresh administrator signed in in this page (every test its own person). */
async function signInAdmin(page: Page, platform: Platform): Promise<string> {
  const { email } = await platform.createUser({ roleCode: 'ADMIN' })
  return platform.signIn(page, email)
}

test("a failed load shows the server's own sentence at once, without retrying a 500", async ({ page, platform }) => {
  await signInAdmin(page, platform)
  const projects = await failPath(page, '/api/dsa-projects', 500, { error: 'The DSA database is being rebuilt.', code: 'x' })

  const started = Date.now()
  await page.goto('/dsa-tracker?tab=database')
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load projects' })
  await expect(alert).toHaveText(/Failed to load projects: The DSA database is being rebuilt\./, { timeout: SHOWN_WITHIN_MS })
  expect(Date.now() - started).toBeLessThan(SHOWN_WITHIN_MS + 1_000)
  expect(projects.calls(), 'a 500 is asked once').toBe(1)

  // "Try again" asks once more and says the same.
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(projects.calls).toBe(2)
  await expect(alert).toContainText('The DSA database is being rebuilt.')
})

test('a 503 without a body is retried twice, quickly, and then said in plain words', async ({ page, platform }) => {
  await signInAdmin(page, platform)
  const projects = await failPath(page, '/api/dsa-projects', 503)

  await page.goto('/dsa-tracker?tab=database')
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load projects' })).toHaveText(
    'Failed to load projects: The server is not available right now. Try again in a moment.',
    { timeout: SHOWN_WITHIN_MS + 1_000 },
  )
  expect(projects.calls(), 'the first try and two retries').toBe(3)
})

test("a refused link verification shows the server's sentence", async ({ page }) => {
  await failPath(page, '/api/verify-magic-link', 500, { error: 'The sign-in service is being restarted.', code: 'x' })
  // Opened in a browser that did not ask for the link: one click to continue.
  await page.goto('/auth/verify?email=someone%40example.org&token=abc')
  await page.getByRole('button', { name: /^Continue as/ }).click()
  await expect(page.getByRole('heading', { name: 'Unable to sign you in' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('The sign-in service is being restarted.', { timeout: SHOWN_WITHIN_MS })
  await expect(page.getByText('Request failed with status')).toHaveCount(0)
})

test('a session ended on the server: the next call sends the person to /login, which says why', async ({ page, platform, request }) => {
  const token = await signInAdmin(page, platform)
  await page.waitForLoadState('networkidle')
  // Signed out from somewhere else with the same token.
  expect((await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` }, data: {} })).status()).toBe(200)

  // Moving inside the app (no reload): the first call the next screen makes meets the 401.
  const refused = page.waitForResponse((response) => response.url().includes('/api/') && response.status() === 401)
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard Overview' })
  await Promise.race([link.click().catch(() => undefined), refused])
  await refused
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByText(SESSION_ENDED)).toBeVisible()

  // Said once: opening /login again is a plain visit.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0)
})

test('a session found ended when the app starts says so too; a plain visit to /login does not', async ({ page, platform, request }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0)

  const token = await signInAdmin(page, platform)
  expect((await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` }, data: {} })).status()).toBe(200)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(SESSION_ENDED)).toBeVisible()
})
