import type { Page } from '@playwright/test'
import { SSO_ERROR_TEXT } from '@platform/contracts/auth'
import { type IdentityProvider, type IdpAccount, startIdentityProvider } from '../../apps/server/test/identity-provider.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { DISTRICT_DOMAIN, expectSignInSuccess } from '../support/district.js'
import { freePort, uniqueEmail } from '../support/platform.js'
import { settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// A real OpenID provider in the test process plays both Microsoft Entra ID (tenant claim tid) and Google (hd).
const CLIENT = { clientId: 'staff-platform', clientSecret: 'a-client-secret-for-tests' }
const TENANT = 'district-tenant'

const ACCOUNTS = {
  invited: { sub: 'invited', email: uniqueEmail('nadia'), email_verified: true, tid: TENANT, hd: DISTRICT_DOMAIN, name: 'Nadia Invited' },
  stranger: { sub: 'stranger', email: uniqueEmail('sam'), email_verified: true, tid: TENANT, hd: DISTRICT_DOMAIN },
  otherTenant: { sub: 'other-tenant', email: uniqueEmail('olga'), email_verified: true, tid: 'another-tenant', hd: 'another.test' },
} satisfies Record<string, IdpAccount>

let idp: IdentityProvider
let port: number

// Registered before usePlatform(): the provider must list the platform's callbacks, so the platform's port is chosen first.
test.beforeAll(async () => {
  port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  idp = await startIdentityProvider({
    ...CLIENT,
    redirectUris: [`${appUrl}/api/sso/microsoft/callback`, `${appUrl}/api/sso/google/callback`],
    accounts: Object.values(ACCOUNTS),
  })
})

usePlatform(() => ({
  port,
  env: {
    DISTRICT_EMAIL_DOMAIN: DISTRICT_DOMAIN,
    OIDC_MICROSOFT_ISSUER: idp.issuer,
    OIDC_MICROSOFT_CLIENT_ID: CLIENT.clientId,
    OIDC_MICROSOFT_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_MICROSOFT_TENANT_ID: TENANT,
    OIDC_GOOGLE_ISSUER: idp.issuer,
    OIDC_GOOGLE_CLIENT_ID: CLIENT.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_GOOGLE_HOSTED_DOMAIN: DISTRICT_DOMAIN,
    OIDC_ALLOW_HTTP: 'true',
  },
}))

test.afterAll(async () => {
  await idp?.close()
})

let invitedCreated = false
test.beforeEach(async ({ platform }) => {
  // Only the invited account has a user on the platform (the other tenant's address too: the tenant must still refuse it).
  if (invitedCreated) return
  invitedCreated = true
  await platform.createUser({ email: ACCOUNTS.invited.email, fullName: 'Nadia Invited', roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.createUser({
    email: ACCOUNTS.otherTenant.email,
    fullName: 'Olga Elsewhere',
    roleCode: 'STAFF',
    applications: ['DASHBOARD'],
  })
})

/** The single sign-on alert that /login (or /login-clerk) shows after a refusal. */
const ssoAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Single sign-on did not sign you in' })

/** Clicks a provider's button and follows the redirects through the identity provider back to the platform. */
async function signInThroughProvider(
  page: Page,
  button: 'Sign in with Microsoft' | 'Sign in with Google',
  account: keyof typeof ACCOUNTS,
): Promise<void> {
  idp.signInAs(ACCOUNTS[account].sub)
  await page.getByRole('link', { name: button }).click()
}

test('an invited person signs in with Microsoft through the provider and lands on the dashboard', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login (single sign-on buttons)')

  const before = idp.tokenRequests
  await signInThroughProvider(page, 'Sign in with Microsoft', 'invited')
  await expect(page).toHaveURL(/\/auth\/sso$/)
  // The one-time ticket left the address bar at once.
  expect(new URL(page.url()).hash).toBe('')
  await expectSignInSuccess(page, { newDevice: true })
  expect(idp.tokenRequests).toBeGreaterThan(before)
  await expect(page.getByTestId('header-user-name')).toHaveText('Nadia Invited')

  // A real session: it survives a reload (the profile call at start-up).
  await page.reload()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(page.getByTestId('header-user-name')).toHaveText('Nadia Invited')
})

test('an invited person signs in with Google (hosted domain) too', async ({ page }) => {
  await page.goto('/login')
  await signInThroughProvider(page, 'Sign in with Google', 'invited')
  await expectSignInSuccess(page, { newDevice: true })
  await expect(page.getByTestId('header-user-name')).toHaveText('Nadia Invited')
})

test('a district account that is not invited comes back to /login with the reason, signed out', async ({ page }) => {
  await page.goto('/login')
  await signInThroughProvider(page, 'Sign in with Microsoft', 'stranger')
  await expect(page).toHaveURL(/\/login\?sso_error=sso_not_invited$/)
  await expect(ssoAlert(page)).toContainText(SSO_ERROR_TEXT.sso_not_invited)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login (single sign-on refused)')

  // Dismissing it cleans the address; the e-mail form is there all along.
  await ssoAlert(page).getByRole('button', { name: 'Dismiss' }).click()
  await expect(ssoAlert(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email address')).toBeVisible()
})

test('an account of another tenant (or hosted domain) is refused even though its address is invited', async ({ page }) => {
  await page.goto('/login')
  await signInThroughProvider(page, 'Sign in with Microsoft', 'otherTenant')
  await expect(page).toHaveURL(/\/login\?sso_error=sso_wrong_tenant$/)
  await expect(ssoAlert(page)).toContainText(SSO_ERROR_TEXT.sso_wrong_tenant)

  await signInThroughProvider(page, 'Sign in with Google', 'otherTenant')
  await expect(page).toHaveURL(/\/login\?sso_error=sso_wrong_tenant$/)
  await expect(ssoAlert(page)).toContainText(SSO_ERROR_TEXT.sso_wrong_tenant)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('started from /login-clerk, a refusal returns to /login-clerk with the reason', async ({ page }) => {
  await page.goto('/login-clerk')
  await expect(page.getByRole('heading', { level: 1, name: 'District sign-in' })).toBeVisible()
  await signInThroughProvider(page, 'Sign in with Microsoft', 'stranger')
  await expect(page).toHaveURL(/\/login-clerk\?sso_error=sso_not_invited$/)
  await expect(page.getByRole('heading', { level: 1, name: 'District sign-in' })).toBeVisible()
  await expect(ssoAlert(page)).toContainText(SSO_ERROR_TEXT.sso_not_invited)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/login-clerk (single sign-on refused)')
})
