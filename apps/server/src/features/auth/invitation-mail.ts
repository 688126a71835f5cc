import { INVITATION_TTL_DAYS } from '@platform/contracts/users'
import type { MailToSend } from '../email/email.service.js'

const PLATFORM = 'District Staff Platform'

/** The link of an invitation: the same verify page, marked so it can greet a newcomer. */
export function invitationLink(appUrl: string, email: string, token: string): string {
  return `${appUrl}/auth/verify?${new URLSearchParams({ email, token, invite: '1' }).toString()}`
}

export function invitationMail(to: string, fullName: string, invitedBy: string, link: string, token: string, appUrl: string): MailToSend {
  const text = [
    `Hello ${fullName},`,
    ``,
    `${invitedBy} has given you access to the ${PLATFORM}, where district staff reach the applications they use.`,
    ``,
    `Open this link to sign in for the first time:`,
    link,
    ``,
    `The link is valid for ${INVITATION_TTL_DAYS} days and can be used once.`,
    `After that, or if it has expired, sign in any time at ${appUrl}/login with this address: we e-mail you a sign-in link.`,
  ].join('\n')
  return { kind: 'invitation', to, subject: `You have been invited to the ${PLATFORM}`, text, secrets: [link, token] }
}
