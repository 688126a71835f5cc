import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './test.js'

/** Signs the session out from somewhere else with the same token: its row is revoked on the server. */
export async function endSessionElsewhere(request: APIRequestContext, token: string): Promise<void> {
  expect((await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` }, data: {} })).status()).toBe(200)
}

/**
 * Moves inside the app (no reload, so no start-up profile check) until a call meets the 401 and the app goes to
 * /login. A call the home screen makes by itself (My queue refreshing) can meet the 401 before the click and leave the
 * page; either way the first refused call signs the browser out.
 */
export async function meetTheEndedSession(page: Page): Promise<void> {
  const refused = page.waitForResponse((response) => response.url().includes('/api/') && response.status() === 401)
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard Overview' })
  // The click may find the page already gone; the refused call is what must happen.
  await Promise.race([link.click().catch(() => undefined), refused])
  await refused
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
}
