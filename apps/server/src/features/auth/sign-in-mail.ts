import { MAGIC_LINK_TTL_MINUTES } from '@platform/contracts/auth'
import type { MailToSend } from '../email/email.service.js'

const PLATFORM = 'District Staff Platform'

/** The link of an e-mailed sign-in: the page posts the token, so opening it spends nothing by itself. */
export function signInLink(appUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token })
  return `${appUrl}/auth/verify?${query.toString()}`
}

export function signInMail(to: string, link: string, token: string, code: string): MailToSend {
  const text = [
    `Hello,`,
    ``,
    `Someone (we hope you) asked to sign in to the ${PLATFORM} with this address.`,
    ``,
    `Open this link to sign in:`,
    link,
    ``,
    `Or type this code on the sign-in page: ${code}`,
    ``,
    `The link and the code are valid for ${MAGIC_LINK_TTL_MINUTES} minutes and can be used once.`,
    `If you did not ask to sign in, you can ignore this message: nobody can sign in without it.`,
  ].join('\n')
  return { kind: 'sign_in', to, subject: `Your sign-in link for the ${PLATFORM}`, text, secrets: [link, token, code] }
}

/** Sent instead of a link to an address with no active account, so the web answer never differs by account. */
export function noAccountMail(to: string): MailToSend {
  const text = [
    `Hello,`,
    ``,
    `Someone asked to sign in to the ${PLATFORM} with this address, but there is no active account for it.`,
    `If you work for the district and need access, contact your administrator.`,
    `If you did not ask to sign in, you can ignore this message.`,
  ].join('\n')
  return { kind: 'no_account', to, subject: `Sign-in request for the ${PLATFORM}`, text, secrets: [] }
}
