import { expect, test, usePlatform } from '../support/test.js'

usePlatform()

test('the 6-digit code from the e-mail signs in; a wrong code is refused', async ({ page, platform }) => {
  const { email } = await platform.createUser({ fullName: 'Omar Haddad', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  const { code } = await platform.requestSignIn(page, email)

  const codeField = page.getByLabel('Verification code')
  const verify = page.getByRole('button', { name: 'Verify code' })
  const wrong = code === '000000' ? '111111' : '000000'
  await codeField.fill(`${wrong.slice(0, 3)} ${wrong.slice(3)}`)
  await verify.click()
  await expect(page.getByText('Invalid verification code')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  // Typed as people copy it: with a space in the middle.
  await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await expect(page.getByText('Invalid verification code')).toHaveCount(0)
  await verify.click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('header-user-name')).toHaveText('Omar Haddad')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
})

test('a protected page visited signed out is remembered and reached after signing in', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await page.goto('/apps/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  await page.getByLabel('Email address').fill(email)
  const seen = platform.smtp.inbox.length
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  const code = /code on the sign-in page: (\d{6})/.exec((await platform.mailAfter(email, seen)).text)?.[1] ?? ''
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify code' }).click()

  await expect(page).toHaveURL(/\/apps\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible()
})

test('a protected page is remembered across the e-mailed link too', async ({ page, platform }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD', 'DSA_TRACKER'] })
  await page.goto('/dsa-tracker')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email address').fill(email)
  const seen = platform.smtp.inbox.length
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  const link = /(http:\/\/\S+\/auth\/verify\?\S+)/.exec((await platform.mailAfter(email, seen)).text)?.[1] ?? ''
  await page.goto(link)
  await expect(page).toHaveURL(/\/dsa-tracker$/, { timeout: 10_000 })
})
