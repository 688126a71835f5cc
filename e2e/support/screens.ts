import { expect, type Locator, type Page } from '@playwright/test'
import type { Platform } from './platform.js'

/** The Authorization header of an API call made with a person's session token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The left menu. */
export const mainMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' })

/** The accessible names of the links in the menu's 'Applications' group, in menu order ([] when it shows 'No applications'). */
export async function applicationLinks(page: Page): Promise<string[]> {
  const group = mainMenu(page).getByRole('group', { name: 'Applications' })
  await expect(group).toBeVisible()
  return group
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent?.trim() ?? ''))
}

/** Reloads the page (the app asks for the profile again at start-up) and waits for the signed-in layout. */
export async function reloadSignedIn(page: Page): Promise<void> {
  await page.reload()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
}

/** Lets Mantine's transitions settle so axe sees the screen a person sees. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

/**
 * settled() for a screen holding a sandboxed srcdoc iframe (the message drawer, the template preview), for which the
 * page does not reliably reach 'networkidle': no loader left (the data is in), then Mantine's transitions end.
 */
export async function settledWithFrames(page: Page): Promise<void> {
  // (Hidden tab panels stay mounted, their loaders idle until shown: only visible ones count.)
  await expect(page.getByLabel(/^(Loading|Updating) /).filter({ visible: true })).toHaveCount(0)
  await page.waitForTimeout(400)
}

/**
 * A fresh ADMIN (their own user, so tests never share a person), signed in in this page without the e-mail
 * (platform.signIn) and on /dashboard. Returns their address and session token.
 */
export async function signInAsNewAdmin(
  page: Page,
  platform: Platform,
  fullName = 'Avery Admin',
): Promise<{ email: string; token: string }> {
  const { email } = await platform.createUser({ fullName, roleCode: 'ADMIN' })
  return { email, token: await platform.signIn(page, email) }
}

/** Opens /admin/users and waits for the list. */
export async function openUserManagement(page: Page): Promise<void> {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  await expect(page.getByTestId('user-count')).toHaveText(/^\d[\d,]* users?$/)
}

/** Types in 'Search users...' and waits until the list shows exactly `count` users. */
export async function searchUsers(page: Page, text: string, count: number): Promise<void> {
  await page.getByPlaceholder('Search users...').fill(text)
  await expect(page.getByTestId('user-count')).toHaveText(`${count} ${count === 1 ? 'user' : 'users'}`)
}

/** Picks an option of a Mantine Select (a combobox whose list opens in a portal). */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click()
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click()
  await expect(field).toHaveValue(option)
}
