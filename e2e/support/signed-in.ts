import { expect, type Page } from '@playwright/test'
import { ProfileResponseSchema } from '@platform/contracts/auth'

/**
 * Opens the dashboard in `page` as the holder of `token`, a session made without the e-mail (createSessionFactory).
 * The browser is given what a completed sign-in leaves in it: the token and the person's profile in localStorage.
 * The profile is the server's own answer for that token, so the app starts exactly as after a real sign-in.
 */
export async function openSignedIn(page: Page, appUrl: string, token: string): Promise<void> {
  const response = await fetch(`${appUrl}/api/get-user-profile`, { headers: { Authorization: `Bearer ${token}` } })
  if (!response.ok) throw new Error(`The new session was refused: GET /api/get-user-profile answered ${response.status}`)
  const { user } = ProfileResponseSchema.parse(await response.json())

  // localStorage belongs to the app's origin: an empty page there (never sent to the server, so the app does not start
  // signed out first) is where the storage is written.
  const blank = `${appUrl}/signing-in-for-a-test`
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Signing in</title>' }))
  try {
    await page.goto(blank)
    await page.evaluate(
      // The keys the web app keeps a session under (auth-storage.ts), as storedToken() reads them too.
      ({ token, user }) => {
        localStorage.setItem('token', token)
        localStorage.setItem('user', JSON.stringify(user))
      },
      { token, user },
    )
  } finally {
    await page.unroute(blank)
  }
  await page.goto(`${appUrl}/dashboard`)
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
}
