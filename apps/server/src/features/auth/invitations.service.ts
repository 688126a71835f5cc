import { INVITATION_TTL_DAYS } from '@platform/contracts/users'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.js'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import { hmac, randomToken } from '../../lib/crypto.js'
import { AppError } from '../../lib/errors.js'
import { type RateLimiter, describeWait } from '../../db/rate-limiter.js'
import type { EmailService, SendResult } from '../email/email.service.js'
import type { ChallengesRepository } from './challenges.repository.js'
import { invitationLink, invitationMail } from './invitation-mail.js'

export interface Invitee {
  userId: number
  email: string
  fullName: string
}

export interface Inviter {
  id: number
  fullName: string
}

const RESENDS_PER_INVITEE = [{ limit: 5, windowSeconds: 3600 }]

/**
 * Invitations: a link of their own kind (7 days, single use, stored as an HMAC like a sign-in link). A new invitation
 * replaces the previous one; an expired one strands nobody, because ordinary sign-in works for every active account.
 */
export function createInvitationsService(deps: {
  challenges: ChallengesRepository
  email: EmailService
  limiter: RateLimiter
  clock: Clock
  secret: string
  appUrl: string
}) {
  const { challenges, email, limiter, clock, secret, appUrl } = deps

  /** A fresh invitation link in place of the person's previous one; returns the link and the mail to send. */
  async function issue(invitee: Invitee, inviter: Inviter, trx?: Transaction<Database>) {
    const now = clock.now()
    const previous = await challenges.outstandingIds(invitee.email, 'invite', now.toISOString(), trx)
    await challenges.revoke(
      previous.map((row) => row.challenge_id),
      now.toISOString(),
      trx,
    )
    const token = randomToken()
    const { challenge_id: challengeId } = await challenges.insert(
      {
        kind: 'invite',
        email: invitee.email,
        user_id: invitee.userId,
        token_hash: hmac(secret, 'link', token),
        code_hash: null,
        code_attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
        consumed_at: null,
        revoked_at: null,
      },
      trx,
    )
    const link = invitationLink(appUrl, invitee.email, token)
    return { challengeId, mail: invitationMail(invitee.email, invitee.fullName, inviter.fullName, link, token) }
  }

  async function send(invitee: Invitee, inviter: Inviter): Promise<SendResult> {
    const { challengeId, mail } = await issue(invitee, inviter)
    // Invitations are retried by the mail queue when the mail server does not take them at once; the link stays valid.
    const result = await email.send(mail, { retry: true })
    // An invitation that will never be delivered must not stay usable.
    if (!result.delivered && !result.willRetry) await challenges.delete(challengeId)
    return result
  }

  return {
    send,
    /**
     * Stores the invitation and queues its e-mail for the mail queue, both in `trx`: nothing waits for the mail
     * server, and a person stored is a person with a queued invitation (the CSV import).
     */
    async queue(invitee: Invitee, inviter: Inviter, trx: Transaction<Database>): Promise<void> {
      const { mail } = await issue(invitee, inviter, trx)
      await email.enqueue(mail, trx)
    },
    /** Sends a fresh invitation in place of the previous one; limited to 5 an hour per person. */
    async resend(invitee: Invitee, inviter: Inviter): Promise<void> {
      const decision = await limiter.hit(`invite:${invitee.userId}`, RESENDS_PER_INVITEE)
      if (!decision.allowed) {
        throw new AppError(
          'rate_limited',
          `Too many invitations to this person. Wait ${describeWait(decision.retryAfterSeconds)}, then try again.`,
          {
            retryAfterSeconds: decision.retryAfterSeconds,
          },
        )
      }
      const result = await send(invitee, inviter)
      if (!result.delivered) {
        const later = result.willRetry ? '; it will be retried automatically, and the mail log shows its progress' : ''
        throw new AppError('unavailable', `the mail server did not accept the message (${result.error})${later}`, {
          code: 'mail_unavailable',
        })
      }
    },
  }
}
export type InvitationsService = ReturnType<typeof createInvitationsService>
