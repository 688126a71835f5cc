import { uniqueEmail } from '../support/platform.js'
import { expect, test, usePlatform } from '../support/test.js'

// No DISTRICT_EMAIL_DOMAIN: the district sign-in does not exist on this platform.
usePlatform()

test('without a district domain, /login offers no district sign-in and its pages answer as unknown paths do', async ({
  page,
  platform,
  request,
}) => {
  const config = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth-config')
  await page.goto('/login')
  expect((await config).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByText('Loading sign-in options...')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign in with your district email' })).toHaveCount(0)

  // An unknown path leads to /dashboard, which sends a signed-out person to /login.
  for (const path of ['/login-clerk', '/auth/verify-clerk?email=a%40district.test&token=abc']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'District sign-in' })).toHaveCount(0)
  }

  // The server refuses the district flow outright.
  const seen = platform.smtp.inbox.length
  const refused = await request.post('/api/send-magic-link', { data: { email: uniqueEmail('ada'), flow: 'district' } })
  expect(refused.status()).toBe(404)
  expect(await refused.json()).toMatchObject({ code: 'district_sign_in_disabled' })
  expect(platform.smtp.inbox.length).toBe(seen)

  // Signed in, the same paths land on the dashboard.
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, email)
  await page.goto('/login-clerk')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Select an application from the menu on the left to get started.')).toBeVisible()
})
