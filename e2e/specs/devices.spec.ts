import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { NEW_DEVICE_SUBJECT, mailsWithSubject, queuedMailAfter, signInWithCodeFromNewDevice } from '../support/district.js'
import { uniqueEmail } from '../support/platform.js'
import { openUserManagement, searchUsers, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

// A second browser that names itself differently, so its device is easy to tell apart (and its e-mail says what it is).
const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0'
const FIREFOX_DEVICE = 'Firefox 128 on macOS'

/** Opens Devices and sessions from the signed-in header and waits for the list. */
async function openDevices(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Devices and sessions' }).click()
  await expect(page).toHaveURL(/\/account\/devices$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Devices and sessions' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled()
}

/** The card of one remembered device (a section named by its browser and system). */
const deviceCard = (page: Page, name: string | RegExp) => page.getByRole('region', { name, exact: true })

/** A page whose session was ended elsewhere: its next call is refused, and it lands on /login, signed out. */
async function expectSentToLoginOnNextCall(page: Page): Promise<void> {
  const call = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/account/devices')
  await page.getByRole('banner').getByRole('link', { name: 'Devices and sessions' }).click()
  expect((await call).status()).toBe(401)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
}

test('a second browser is a new device: noted on the page and by e-mail; the first signs it out, then everywhere', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({
    email: uniqueEmail('mia'),
    fullName: 'Mia Castellano',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })

  // Browser A, the account's first device: the note on the page, no e-mail.
  await signInWithCodeFromNewDevice(page, platform, email)
  await platform.processMail()
  expect(mailsWithSubject(platform, email, NEW_DEVICE_SUBJECT)).toEqual([])

  // Browser B: the note again, and now an e-mail with what signed in and where to sign it out.
  const other = await (await newBrowserContext({ userAgent: FIREFOX_ON_MAC })).newPage()
  const seen = platform.smtp.inbox.length
  await signInWithCodeFromNewDevice(other, platform, email)
  const mail = await queuedMailAfter(platform, email, NEW_DEVICE_SUBJECT, seen)
  expect(mail.text).toContain('Browser: Firefox 128')
  expect(mail.text).toContain('Operating system: macOS')
  expect(mail.text).toMatch(/Network address: \S+/)
  expect(mail.text).toMatch(/When: \S+/)
  expect(mail.text).toContain(`${platform.url}/account/devices`)
  expect(mailsWithSubject(platform, email, NEW_DEVICE_SUBJECT)).toHaveLength(1)

  // In A: both devices, A's marked as this one, each with its session.
  await openDevices(page)
  const devices = page.getByRole('region').filter({ has: page.getByRole('button', { name: /^Sign out this device/ }) })
  await expect(devices).toHaveCount(2)
  // The badge, not the 'Sign out this device' button.
  const thisDevice = page.getByText('This device', { exact: true })
  const mine = devices.filter({ has: thisDevice })
  await expect(mine).toHaveCount(1)
  await expect(mine.getByRole('heading', { name: /^Chrome \d+ on / })).toBeVisible()
  await expect(mine.getByText('This session', { exact: true })).toBeVisible()
  const firefox = deviceCard(page, FIREFOX_DEVICE)
  await expect(firefox).toBeVisible()
  await expect(firefox.getByText('This device', { exact: true })).toHaveCount(0)
  await expect(firefox.getByRole('table', { name: `Sessions on ${FIREFOX_DEVICE}` }).getByRole('row')).toHaveCount(2)

  // Signing out B's device is asked first; Cancel changes nothing.
  const signOutFirefox = firefox.getByRole('button', { name: `Sign out this device (${FIREFOX_DEVICE})` })
  await signOutFirefox.click()
  let dialog = page.getByRole('dialog', { name: 'Sign out device' })
  await expect(dialog).toContainText(`Sign out every session on ${FIREFOX_DEVICE}?`)
  await expect(dialog).not.toContainText('you will need to sign in again')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(firefox.getByRole('table', { name: `Sessions on ${FIREFOX_DEVICE}` })).toBeVisible()

  await signOutFirefox.click()
  dialog = page.getByRole('dialog', { name: 'Sign out device' })
  await dialog.getByRole('button', { name: 'Sign out this device' }).click()
  await expect(page.getByText(`${FIREFOX_DEVICE}: 1 session was signed out.`)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(firefox.getByText('No open sessions.')).toBeVisible()
  await expect(signOutFirefox).toBeDisabled()
  // A is still signed in.
  await expect(mine.getByText('This session', { exact: true })).toBeVisible()

  // B's next call is refused: it lands on /login.
  await expectSentToLoginOnNextCall(other)

  // Sign out everywhere, from A: asked first, then A is signed out too.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  dialog = page.getByRole('dialog', { name: 'Sign out everywhere' })
  await expect(dialog).toContainText(
    'Sign out every session on every device? This includes the session you are using now, so you will need to sign in again.',
  )
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  // Signed out for good: the protected page sends back to /login.
  await page.goto('/account/devices')
  await expect(page).toHaveURL(/\/login$/)
})

test("an administrator signs a person out everywhere from User Management; the person's browser lands on /login at its next call", async ({
  page,
  platform,
  newBrowserContext,
}) => {
  const { email } = await platform.createUser({
    email: uniqueEmail('theo'),
    fullName: 'Theo Brandt',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })
  const staff = await (await newBrowserContext()).newPage()
  await signInWithCodeFromNewDevice(staff, platform, email)

  await signInAsNewAdmin(page, platform, 'Sasha Admin')
  await openUserManagement(page)
  await searchUsers(page, 'Brandt', 1)
  await page.getByRole('button', { name: 'Sign out Theo Brandt everywhere' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' })
  await expect(dialog).toContainText('Sign out Theo Brandt on every device?')
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByText('Theo Brandt was signed out everywhere (1 session).')).toBeVisible()
  await expect(dialog).toBeHidden()

  // Still active: only the sessions ended.
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email })).toContainText('Active')
  await expectSentToLoginOnNextCall(staff)
})

/** The contrast ratio (WCAG 2) of an element's text against the nearest opaque background behind it. */
async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    let behind: Element | null = node
    while (behind && channels(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement
    const background = behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)'
    const [light, dark] = [luminance(getComputedStyle(node).color), luminance(background)].sort((a, b) => b - a)
    return (light! + 0.05) / (dark! + 0.05)
  })
}

test('Devices and sessions, opened from the header, passes axe and its badges can be read', async ({ page, platform }) => {
  const { email } = await platform.createUser({ fullName: 'Ada Contrast', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await signInWithCodeFromNewDevice(page, platform, email)
  await openDevices(page)
  const mine = deviceCard(page, /^Chrome \d+ on /)
  await expect(mine.getByText('This device', { exact: true })).toBeVisible()
  await settled(page)
  // axe only marks these 'incomplete' (text the colour of its background might be hidden on purpose): measured here.
  for (const badge of ['This device', 'This session']) {
    expect.soft(await textContrast(mine.getByText(badge, { exact: true })), `contrast of the '${badge}' badge`).toBeGreaterThanOrEqual(4.5)
  }
  await expectNoSeriousA11yViolations(page, '/account/devices')

  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign out everywhere' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/account/devices (confirmation)')
})
