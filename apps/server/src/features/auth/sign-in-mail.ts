import { MAGIC_LINK_TTL_MINUTES, type SignInFlow } from '@platform/contracts/auth'
import type { MailToSend } from '../email/email.service.js'

/** The link of an e-mailed sign-in: the page posts the token, so opening it spends nothing by itself. */
export function signInLink(appUrl: string, email: string, token: string, flow: SignInFlow = 'standard'): string {
  const query = new URLSearchParams({ email, token })
  return `${appUrl}${flow === 'district' ? '/auth/verify-clerk' : '/auth/verify'}?${query.toString()}`
}

/** The sign-in e-mail: its text comes from the editable template of Email Administration. */
export function signInMail(to: string, link: string, token: string, code: string): MailToSend {
  return { kind: 'sign_in', to, values: { link, code, minutes: String(MAGIC_LINK_TTL_MINUTES), email: to }, secrets: [link, token, code] }
}

/** Sent instead of a link to an address with no active account, so the web answer never differs by account. */
export function noAccountMail(to: string): MailToSend {
  return { kind: 'no_account', to, values: { email: to }, secrets: [] }
}
