import { INVITATION_TTL_DAYS } from '@platform/contracts/users'
import type { MailToSend } from '../email/email.service.js'

/** The link of an invitation: the same verify page, marked so it can greet a newcomer. */
export function invitationLink(appUrl: string, email: string, token: string): string {
  return `${appUrl}/auth/verify?${new URLSearchParams({ email, token, invite: '1' }).toString()}`
}

export function invitationMail(to: string, fullName: string, invitedBy: string, link: string, token: string): MailToSend {
  return {
    kind: 'invitation',
    to,
    values: { link, full_name: fullName, invited_by: invitedBy, days: String(INVITATION_TTL_DAYS), email: to },
    secrets: [link, token],
  }
}
