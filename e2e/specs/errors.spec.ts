import type { Page, Route } from '@playwright/test'
import type { Platform } from '../support/platform.js'
import { endSessionElsewhere, meetTheEndedSession } from '../support/session-ended.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const SESSION_ENDED = 'Your session has ended. Sign in again to continue.'
/**
 * A failure must be on the screen this soon, retries included. The retries themselves wait well under a second; the
 * bound leaves room for a browser rendering on a busy CI machine (2.5 s was seen there) without letting a slow backoff pass.
 */
const SHOWN_WITHIN_MS = 5_000

/** Answers every call to one API path (any query) with `status` and `body`, noting when each call came. */
async function failPath(page: Page, path: string, status: number, body?: unknown): Promise<{ calls: number[] }> {
  const calls: number[] = []
  await page.route(
    (url) => url.pathname === path,
    (route: Route) => {
      calls.push(Date.now())
      return body === undefined
        ? route.fulfill({ status, contentType: 'text/html', body: `<html><body>${status}</body></html>` })
        : route.fulfill({ status, json: body })
    },
  )
  return { calls }
}

/** Waits for the alert with this text and says how long after `since` it appeared (the page's own code loading aside). */
async function alertShown(page: Page, text: string, since: () => number): Promise<number> {
  const alert = page.getByRole('alert').filter({ hasText: text })
  await alert.waitFor({ state: 'visible', timeout: 15_000 })
  return Date.now() - since()
}

/** A fresh administrator signed in in this page (every test its own person). */
async function signInAdmin(page: Page, platform: Platform): Promise<string> {
  const { email } = await platform.createUser({ roleCode: 'ADMIN' })
  return platform.signIn(page, email)
}

test("a failed load shows the server's own sentence at once, without retrying a 500", async ({ page, platform }) => {
  await signInAdmin(page, platform)
  const projects = await failPath(page, '/api/dsa-projects', 500, { error: 'The DSA database is being rebuilt.', code: 'x' })

  await page.goto('/dsa-tracker?tab=database')
  // Timed from the call: the page's own code may take a moment to load on a busy machine.
  expect(await alertShown(page, 'Failed to load projects', () => projects.calls[0]!)).toBeLessThan(SHOWN_WITHIN_MS)
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load projects' })
  await expect(alert).toHaveText(/^Failed to load projects: The DSA database is being rebuilt\./)
  expect(projects.calls, 'a 500 is asked once').toHaveLength(1)

  // "Try again" asks once more and says the same.
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(() => projects.calls.length).toBe(2)
  await expect(alert).toContainText('The DSA database is being rebuilt.')
})

test('a 503 without a body is retried twice, quickly, and then said in plain words', async ({ page, platform }) => {
  await signInAdmin(page, platform)
  const projects = await failPath(page, '/api/dsa-projects', 503)

  await page.goto('/dsa-tracker?tab=database')
  // While it is tried again the screen says so.
  await page.getByText('Retrying…').waitFor({ state: 'visible', timeout: 15_000 })
  expect(await alertShown(page, 'Failed to load projects', () => projects.calls[0]!)).toBeLessThan(SHOWN_WITHIN_MS)
  await expect(page.getByText('Retrying…')).toHaveCount(0)
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load projects' })).toHaveText(
    /^Failed to load projects: The server is not available right now\. Try again in a moment\./,
  )
  expect(projects.calls, 'the first try and two retries').toHaveLength(3)
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
  await endSessionElsewhere(request, token)
  await meetTheEndedSession(page)
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
  await endSessionElsewhere(request, token)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(SESSION_ENDED)).toBeVisible()
})
