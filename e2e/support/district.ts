import { expect, type Page } from '@playwright/test'
import { type ReceivedMail, readSignInMail } from '../../apps/server/test/smtp-peer.js'
import type { Platform, SignInMail } from './platform.js'

/** The district's domain in these tests: every `uniqueEmail()` address belongs to it. */
export const DISTRICT_DOMAIN = 'district.test'
export const DISTRICT_HINT = `Please use your @${DISTRICT_DOMAIN} email address`
export const NEW_DEVICE_NOTE = 'New device registered for your account'
export const NEW_DEVICE_SUBJECT = 'New device registered for your District staff platform account'

/** The mail to `email` with exactly this subject, in arrival order. */
export function mailsWithSubject(platform: Platform, email: string, subject: string): ReceivedMail[] {
  return platform.smtp.inbox.filter((mail) => mail.to.includes(email) && mail.subject === subject)
}

/** Sends the queued mail now, then waits for the one with this subject to `email` (`seen`: the inbox's length before). */
export async function queuedMailAfter(
  platform: Platform,
  email: string,
  subject: string,
  seen: number,
  timeoutMs = 7_500,
): Promise<ReceivedMail> {
  await platform.processMail()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = platform.smtp.inbox.slice(seen).find((mail) => mail.to.includes(email) && mail.subject === subject)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No e-mail '${subject}' to ${email} reached the SMTP peer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** On /login-clerk: asks for a district link in this page (the browser that asked) and reads the e-mail. */
export async function requestDistrictSignIn(page: Page, platform: Platform, email: string): Promise<SignInMail> {
  await page.goto('/login-clerk')
  await expect(page.getByRole('heading', { name: 'District sign-in' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  const seen = platform.smtp.inbox.length
  await page.getByRole('button', { name: 'Send sign-in link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByTestId('sent-email')).toHaveText(email)
  return readSignInMail((await platform.mailAfter(email, seen)).text)
}

/**
 * The success screen every sign-in ends on: 'Sign-in successful', with the new-device note when the browser is new to
 * the account, then /dashboard by itself after the delay. Returns how long the screen stayed (ms).
 */
export async function expectSignInSuccess(page: Page, { newDevice }: { newDevice: boolean }): Promise<number> {
  const status = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Sign-in successful' }) })
  await expect(status).toBeVisible()
  const shownAt = Date.now()
  if (newDevice) await expect(status.getByText(NEW_DEVICE_NOTE)).toBeVisible()
  else await expect(status.getByText(NEW_DEVICE_NOTE)).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  const shownMs = Date.now() - shownAt
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  return shownMs
}

/**
 * Signs in on /login with the e-mailed code from a browser the account has not seen: the success screen with the
 * new-device note, then /dashboard. (A known browser goes straight on, with no success screen.)
 */
export async function signInWithCodeFromNewDevice(page: Page, platform: Platform, email: string): Promise<void> {
  const mail = await platform.requestSignIn(page, email)
  await page.getByLabel('Verification code').fill(mail.code)
  await page.getByRole('button', { name: 'Verify code' }).click()
  await expectSignInSuccess(page, { newDevice: true })
}
