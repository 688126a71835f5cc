import type { MailKind } from '@platform/contracts/email'
import type { ClientInfo } from '../../lib/client-info.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { Reissue } from './email-admin.service.js'

/** What resending needs from the features that send mail; app.ts hands each over. */
export interface ResendDeps {
  /** Issues a fresh sign-in e-mail (a new link and code) to the address. */
  sendSignIn(recipient: string, client: ClientInfo): Promise<unknown>
  /** The active or invited person behind an address, if there still is one. */
  userIdByEmail(recipient: string): Promise<number | undefined>
  /** Sends a person's invitation again; returns what happened. */
  resendInvitation(userId: number, actor: AuthUser, client: ClientInfo): Promise<{ message: string }>
}

const notResendable = (message: string) => () => {
  throw new AppError('unprocessable', message, { code: 'not_resendable' })
}

/**
 * How Email Administration resends a failed message of each kind: by repeating what sent it (a sign-in issues a fresh
 * link, an invitation is sent again), or not at all for a notice about a moment that has passed.
 */
export function resendRules(deps: ResendDeps): Record<Exclude<MailKind, 'test'>, Reissue> {
  const reissueSignIn: Reissue = async (recipient, _actor, client) => {
    await deps.sendSignIn(recipient, client)
    return `A fresh sign-in e-mail was sent to ${recipient} (a new link and code; the old ones stay unusable).`
  }
  const accrualNotice = notResendable(
    'An accrual notice describes a step or a deadline at the time it was sent, so it is not sent again. The request page and My queue show the current state.',
  )
  return {
    sign_in: reissueSignIn,
    no_account: reissueSignIn,
    new_device: notResendable(
      'A new-device notice describes a sign-in that has passed, so it is not sent again. The person sees every device under Devices and sessions.',
    ),
    deposit_overdue: notResendable(
      'A deposit reminder describes a day that has passed, so it is not sent again. Undeposited cash shows the current state.',
    ),
    accrual_to_approve: accrualNotice,
    accrual_returned: accrualNotice,
    accrual_deadline: accrualNotice,
    records_due: notResendable(
      'A records request alert describes a day that has passed, so it is not sent again. The request page shows its clock now.',
    ),
    audit_checkpoint: notResendable(
      'A checkpoint e-mail carries a checkpoint signed at a moment, so it is not sent again. The checkpoint log keeps every one; sign a new one there to send one now.',
    ),
    report_export_ready: notResendable(
      'An export notice points to a file kept for a day, so it is not sent again. The Exports list in Reports Studio shows the file while it is kept.',
    ),
    report_subscription: notResendable(
      'A scheduled report is the report as it was at its hour, run as its recipient, so it is not sent again. The subscription’s history in Reports Studio shows every delivery.',
    ),
    report_subscription_notice: notResendable(
      'A withheld-report notice describes a delivery that has passed, so it is not sent again. The subscription’s history in Reports Studio shows every delivery.',
    ),
    records_acknowledgment: notResendable(
      'An acknowledgment carries a tracking link that may since have been replaced, so it is not sent again. The requester asks for a new link on the public records page.',
    ),
    records_tracking_link: notResendable(
      'A tracking link e-mail is not sent again: the requester asks for a new link on the public records page, which replaces the old one.',
    ),
    records_letter: notResendable(
      'A letter is sent again from its request page (Letters), where its delivery is recorded on the timeline.',
    ),
    records_answer: notResendable(
      'An answer to a requester is part of the request’s messages: write again from the request page, where it is kept.',
    ),
    server_alert: notResendable(
      'A server alert describes a moment that has passed, so it is not sent again. The Server Monitoring screen shows the current state.',
    ),
    async invitation(recipient, actor, client) {
      const userId = await deps.userIdByEmail(recipient)
      if (userId === undefined) throw new AppError('not_found', `There is no longer a user with the address ${recipient}.`)
      return (await deps.resendInvitation(userId, actor, client)).message
    },
  }
}
