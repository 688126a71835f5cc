import type { Page } from '@playwright/test'
import { ADMIN_EMAIL, uniqueEmail } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

const LINK_NOTE = 'This link may have expired or already been used'

/** The links of the menu's 'Applications' group, by accessible name. */
async function applicationLinks(page: Page): Promise<string[]> {
  const group = page.getByRole('navigation', { name: 'Main menu' }).getByRole('group', { name: 'Applications' })
  await expect(group.getByRole('link').first()).toBeVisible()
  return group
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent?.trim() ?? ''))
}

test('a staff member signs in through the e-mailed link and sees only the applications granted', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({ fullName: 'Dana Whitfield', roleCode: 'STAFF', applications: ['DASHBOARD', 'DSA_TRACKER'] })

  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  const send = page.getByRole('button', { name: 'Send sign-in link' })
  await expect(send).toBeDisabled()
  await page.getByLabel('Email address').fill(email)
  const seen = platform.smtp.inbox.length
  await send.click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByTestId('sent-email')).toHaveText(email)

  // The e-mail really went through SMTP, with the link to this server and a 6-digit code.
  const mail = await platform.mailAfter(email, seen)
  expect(mail.subject).toContain('sign-in link')
  const link = /(http:\/\/\S+\/auth\/verify\?\S+)/.exec(mail.text)?.[1] ?? ''
  expect(link.startsWith(`${platform.url}/auth/verify?`)).toBe(true)
  expect(mail.text).toMatch(/code on the sign-in page: \d{6}/)

  // Opened in the browser that asked: it signs in by itself, then redirects after 2.5 s.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Sign-in successful' })).toBeVisible()
  expect(new URL(page.url()).searchParams.has('token'), 'the token is stripped from the address bar').toBe(false)
  const successAt = Date.now()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  expect(Date.now() - successAt).toBeGreaterThan(1_500)

  await expect(page.getByTestId('header-user-name')).toHaveText('Dana Whitfield')
  await expect(page.getByTestId('header-organization')).toHaveText('District Office')
  await expect(page.getByText('Select an application from the menu on the left to get started.')).toBeVisible()
  expect(await applicationLinks(page)).toEqual(['Dashboard Overview', 'DSA Project Tracker'])
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'User Management' })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Server Monitoring' })).toHaveCount(0)
  await expect(menu.getByRole('group', { name: 'Administration' })).toHaveCount(0)
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.permissions)).toEqual(['dashboard', 'dsa-tracker'])

  // The first administrator, in a browser of their own, sees every application and the Administration links.
  const adminPage = await (await newBrowserContext()).newPage()
  await platform.signInThroughEmail(adminPage, ADMIN_EMAIL)
  await expect(adminPage.getByTestId('header-user-name')).toHaveText('District Administrator')
  await expect(adminPage.getByTestId('header-organization')).toHaveText('District Office')
  expect(await applicationLinks(adminPage)).toEqual([
    'Dashboard Overview',
    'Payment Receipts',
    'Accruals',
    'Email Administration',
    'Public Information',
    'Reports Studio (opens in a new tab)',
    'DSA Project Tracker',
    'Server Monitoring',
    'User Management',
  ])
  const administration = adminPage.getByRole('navigation', { name: 'Main menu' }).getByRole('group', { name: 'Administration' })
  await expect(administration.getByRole('link')).toHaveText([
    'Application Management',
    'Sites',
    'Accounts',
    'Separation of duties',
    'Activity',
    'Data retention',
  ])
})

test('an expired link says so and offers the way back to login', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { link } = await platform.requestSignIn(page, email)

  platform.clock.advance(16 * 60_000)
  try {
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Unable to sign you in' })).toBeVisible()
    await expect(page.getByText('This link has expired: sign-in links are valid for 15 minutes. Please request a new one.')).toBeVisible()
    await expect(page.getByText(LINK_NOTE)).toBeVisible()
    await page.getByRole('button', { name: 'Back to Login' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  } finally {
    platform.clock.reset()
  }
})

test('a link that has been used once is refused the second time', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { link } = await platform.signInThroughEmail(page, email)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto(link)
  // Signing in forgot which browser asked, so the page now waits for a click before trying the link.
  await page.getByRole('button', { name: /^Continue as / }).click()
  await expect(page.getByText('This link has already been used. Please request a new sign-in link.')).toBeVisible()
  await expect(page.getByText(LINK_NOTE)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('a link opened in another browser waits for a click and spends nothing before it', async ({ page, platform, newBrowserContext }) => {
  const { email } = await platform.createUser({ email: uniqueEmail('pat'), roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { link } = await platform.requestSignIn(page, email)

  const other = await (await newBrowserContext()).newPage()
  let verifyCalls = 0
  other.on('request', (request) => {
    if (request.url().includes('/api/verify-magic-link')) verifyCalls += 1
  })
  await other.goto(link)
  expect(await other.evaluate(() => localStorage.getItem('pendingSignInEmail'))).toBeNull()
  await expect(other.getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible()
  const cont = other.getByRole('button', { name: 'Continue as p•••@district.test' })
  await expect(cont).toBeVisible()

  // Nothing happens by itself: no verification call, no session, still waiting.
  await other.waitForTimeout(2_500)
  expect(verifyCalls).toBe(0)
  await expect(other).toHaveURL(/\/auth\/verify/)
  await expect(cont).toBeVisible()
  expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull()

  await cont.click()
  await expect(other.getByRole('heading', { name: 'Sign-in successful' })).toBeVisible()
  await expect(other).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(other.getByRole('button', { name: 'Logout' })).toBeVisible()
  expect(verifyCalls).toBe(1)
})

test('a plain GET of the link (a mail scanner) does not spend it', async ({ page, platform, request }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { link } = await platform.requestSignIn(page, email)

  for (let i = 0; i < 2; i += 1) {
    const scanned = await request.get(link)
    expect(scanned.status()).toBe(200)
    expect(scanned.headers()['content-type']).toContain('text/html')
  }

  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
})
