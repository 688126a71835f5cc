import { expectNoSeriousA11yViolations } from '../support/axe.js'
import {
  DISTRICT_DOMAIN,
  DISTRICT_HINT,
  NEW_DEVICE_SUBJECT,
  expectSignInSuccess,
  mailsWithSubject,
  requestDistrictSignIn,
} from '../support/district.js'
import { uniqueEmail } from '../support/platform.js'
import { settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The district sign-in (/login-clerk) for addresses of district.test, the domain of every uniqueEmail().
usePlatform({ env: { DISTRICT_EMAIL_DOMAIN: DISTRICT_DOMAIN } })

const PROVIDER_LINK_NOTE = 'This link may have expired or already been used, or it was opened on a different device.'

test('/login leads to the district sign-in, which refuses another domain with the hint and sends nothing', async ({
  page,
  platform,
  request,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign in with your district email' }).click()
  await expect(page).toHaveURL(/\/login-clerk$/)
  await expect(page.getByRole('heading', { level: 1, name: 'District sign-in' })).toBeVisible()
  const field = page.getByLabel('Email address')
  // The rule is said before anyone types.
  await expect(field).toHaveAccessibleDescription(DISTRICT_HINT)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login-clerk (entering e-mail)')

  let sendCalls = 0
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/send-magic-link')) sendCalls += 1
  })
  const seen = platform.smtp.inbox.length
  await field.fill('jordan.lee@example.org')
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(DISTRICT_HINT)
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toHaveCount(0)
  expect(sendCalls).toBe(0)

  // The server has the same rule for anyone calling it directly: 422 with the hint, and still no e-mail.
  const refused = await request.post('/api/send-magic-link', { data: { email: 'jordan.lee@example.org', flow: 'district' } })
  expect(refused.status()).toBe(422)
  expect(await refused.json()).toMatchObject({ error: DISTRICT_HINT, code: 'domain_not_allowed' })
  expect(platform.smtp.inbox.slice(seen)).toEqual([])

  // Typing again clears the error and brings the hint back as the field's description.
  await field.fill(uniqueEmail('jordan'))
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(DISTRICT_HINT)
})

test("an invited person's link, opened in the browser that asked, signs in with the new-device note and redirects after 2 s", async ({
  page,
  platform,
}) => {
  const { email } = await platform.createUser({
    email: uniqueEmail('lena'),
    fullName: 'Lena Ortiz',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })
  const seen = platform.smtp.inbox.length
  const mail = await requestDistrictSignIn(page, platform, email)
  expect(mail.link.startsWith(`${platform.url}/auth/verify-clerk?`)).toBe(true)
  expect(new URL(mail.link).searchParams.get('email')).toBe(email)
  await expect(page.getByRole('button', { name: 'Use a different email' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login-clerk (Check Your Email)')

  await page.goto(mail.link)
  await expect(page).toHaveURL(/\/auth\/verify-clerk/)
  const shownMs = await expectSignInSuccess(page, { newDevice: true })
  expect(shownMs, 'the success screen stays about 2 s').toBeGreaterThan(1_500)
  await expect(page.getByTestId('header-user-name')).toHaveText('Lena Ortiz')

  // The account's very first device: the note on the page, but no e-mail about it.
  await platform.processMail()
  expect(mailsWithSubject(platform, email, NEW_DEVICE_SUBJECT)).toEqual([])
  expect(
    platform.smtp.inbox
      .slice(seen)
      .filter((received) => received.to.includes(email))
      .map((received) => received.subject),
  ).toEqual(['Your sign-in link for the District staff platform'])
})

test('by code: a wrong code is refused, the right one typed with a space signs in; Use a different email returns to entry', async ({
  page,
  platform,
}) => {
  const { email } = await platform.createUser({
    email: uniqueEmail('omar'),
    fullName: 'Omar Haddad',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })
  await requestDistrictSignIn(page, platform, email)

  // Back to entry, the address kept for correcting.
  await page.getByRole('button', { name: 'Use a different email' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'District sign-in' })).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveValue(email)

  const { code } = await requestDistrictSignIn(page, platform, email)
  const codeField = page.getByLabel('Verification code')
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  await codeField.fill(wrong)
  await page.getByRole('button', { name: 'Verify code' }).click()
  await expect(page.getByText('Invalid verification code')).toBeVisible()
  await expect(codeField).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/login-clerk$/)

  await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await expect(page.getByText('Invalid verification code')).toHaveCount(0)
  await page.getByRole('button', { name: 'Verify code' }).click()
  await expectSignInSuccess(page, { newDevice: true })
  await expect(page.getByTestId('header-user-name')).toHaveText('Omar Haddad')
})

test('/auth/verify-clerk without a usable link, and a link opened in another browser, are accessible and spend nothing', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  await page.goto('/auth/verify-clerk')
  await expect(page.getByRole('heading', { name: 'Unable to sign you in' })).toBeVisible()
  await expect(page.getByText('Invalid or expired magic link')).toBeVisible()
  await expect(page.getByText(PROVIDER_LINK_NOTE)).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/auth/verify-clerk (invalid link)')
  await page.getByRole('button', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL(/\/login-clerk$/)

  // Asked for in this browser, opened in another: it waits for a click.
  const { email } = await platform.createUser({ email: uniqueEmail('rui'), roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { link } = await requestDistrictSignIn(page, platform, email)
  const other = await (await newBrowserContext()).newPage()
  await other.goto(link)
  await expect(other.getByRole('heading', { name: 'Confirm sign-in' })).toBeVisible()
  const cont = other.getByRole('button', { name: `Continue as r•••@${DISTRICT_DOMAIN}` })
  await expect(cont).toBeVisible()
  await settled(other)
  await expectNoSeriousA11yViolations(other, '/auth/verify-clerk (confirm sign-in)')
  await cont.click()
  await expectSignInSuccess(other, { newDevice: true })
})
