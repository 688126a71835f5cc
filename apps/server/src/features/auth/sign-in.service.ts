import { MAGIC_LINK_TTL_MINUTES, type SignInFlow, type SignInResponse, districtDomainHint } from '@platform/contracts/auth'
import type { Clock } from '../../lib/clock.js'
import { MINUTE_MS } from '../../lib/clock.js'
import { hmac, randomCode, randomToken, safeEqual } from '../../lib/crypto.js'
import { normalizeEmail } from '../../lib/email-address.js'
import { AppError } from '../../lib/errors.js'
import { type RateDecision, type RateLimiter, type RateRule, describeWait } from '../../db/rate-limiter.js'
import type { AuditService } from '../audit/audit.service.js'
import type { EmailService } from '../email/email.service.js'
import type { UserDirectory } from '../users/users.service.js'
import type { ChallengesRepository } from './challenges.repository.js'
import type { ClientInfo, SessionsService } from './sessions.service.js'
import { noAccountMail, signInLink, signInMail } from './sign-in-mail.js'

/** The one-time challenges single sign-on uses for its ticket (app.ts hands it the repository). */
export type TicketChallenges = Pick<ChallengesRepository, 'insert' | 'findByTokenHash' | 'consume'>

const minute = 60
const hour = 60 * minute
const day = 24 * hour

/** Sign-in limits. Per address they hold for known and unknown addresses alike; per IP they are generous (a school shares one). */
export const SIGN_IN_LIMITS = {
  sendPerEmail: [
    { limit: 5, windowSeconds: minute },
    { limit: 10, windowSeconds: hour },
    { limit: 20, windowSeconds: day },
  ],
  sendPerIp: [
    { limit: 30, windowSeconds: minute },
    { limit: 300, windowSeconds: hour },
  ],
  verifyPerIp: [{ limit: 30, windowSeconds: minute }],
  codePerIp: [{ limit: 30, windowSeconds: 10 * minute }],
  wrongCodesPerEmail: [
    { limit: 10, windowSeconds: hour },
    { limit: 20, windowSeconds: day },
  ],
} satisfies Record<string, RateRule[]>

export type SignInMethod = 'link' | 'code' | 'invitation' | 'district_link' | 'district_code' | `sso_${string}`

export const WRONG_CODES_PER_LINK = 5
/** Older links stay usable (mail can arrive late) but no more than this many at once. */
export const MAX_OUTSTANDING_LINKS = 3

export const SIGN_IN_TEXT = {
  sent: (minutes: number) =>
    `Check your email. If this address has an account, a sign-in link and a 6-digit code are on their way. They are valid for ${minutes} minutes.`,
  sendFailed: 'Failed to send magic link: the mail server did not accept the message. Please try again in a few minutes.',
  invalidLink: 'Invalid or expired link. Please request a new sign-in link.',
  expiredLink: `This link has expired: sign-in links are valid for ${MAGIC_LINK_TTL_MINUTES} minutes. Please request a new one.`,
  usedLink: 'This link has already been used. Please request a new sign-in link.',
  expiredInvite:
    'This invitation has expired (invitations are valid for 7 days). You can still sign in: request a sign-in link on the login page.',
  usedInvite: 'This invitation has already been used. Request a sign-in link on the login page.',
  replacedInvite:
    'This invitation was replaced by a newer one. Use the newest invitation email, or request a sign-in link on the login page.',
  inactive: 'Your account is not active. Contact your administrator.',
  invalidCode: 'Invalid verification code',
  codeLocked: 'Too many wrong codes for this sign-in. Use the link in the email, or request a new one.',
  tooManySends: (wait: string) => `Too many sign-in requests for this email address. Wait ${wait}, then try again.`,
  tooManyFromNetwork: (wait: string) => `Too many sign-in requests from your network. Wait ${wait}, then try again.`,
  tooManyAttempts: (wait: string) => `Too many attempts. Wait ${wait}, then try again.`,
}

/** Passwordless sign-in: one e-mail with a link and a code, either of which opens a session. */
export function createSignInService(deps: {
  users: UserDirectory
  challenges: ChallengesRepository
  sessions: SessionsService
  email: EmailService
  audit: AuditService
  limiter: RateLimiter
  clock: Clock
  secret: string
  appUrl: string
  /** Which remembered device a sign-in comes from (and whether it is new to the account). */
  devices: {
    recognise(
      user: { id: number; email: string },
      deviceId: string | undefined,
      client: ClientInfo,
    ): Promise<{ deviceRowId: number | null; isNew: boolean }>
  }
  /** The district sign-in's domains (DISTRICT_EMAIL_DOMAIN); null when it is off. */
  districtDomains: string[] | null
  /** Told of every refused sign-in and every sign-in limit hit, by code (what the metrics count). */
  counts?: { signInFailed(reason: string): void; limitHit(limiter: string): void }
}) {
  const { users, challenges, sessions, email, audit, limiter, clock, secret, appUrl, devices, districtDomains } = deps

  async function refuseWhenOver(
    decision: RateDecision,
    message: (wait: string) => string,
    client: ClientInfo,
    emailAddress: string,
    limit: string,
  ) {
    if (!decision.allowed) await refuse(decision, message, client, emailAddress, limit)
  }
  async function refuse(
    decision: RateDecision,
    message: (wait: string) => string,
    client: ClientInfo,
    emailAddress: string,
    limit: string,
  ): Promise<never> {
    deps.counts?.limitHit(limit)
    await audit.record({
      action: 'sign_in.rate_limited',
      outcome: 'failure',
      email: emailAddress,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { limit },
    })
    throw new AppError('rate_limited', message(describeWait(decision.retryAfterSeconds)), { retryAfterSeconds: decision.retryAfterSeconds })
  }
  const enforce = async (
    key: string,
    rules: readonly RateRule[],
    message: (wait: string) => string,
    client: ClientInfo,
    emailAddress: string,
  ) => refuseWhenOver(await limiter.hit(key, rules), message, client, emailAddress, key.slice(0, key.indexOf(':')))

  async function openSession(
    userId: number,
    challengeId: number | null,
    method: SignInMethod,
    client: ClientInfo,
    deviceId: string | undefined,
  ): Promise<SignInResponse> {
    const now = clock.now().toISOString()
    await challenges.revokeAllForUser(userId, now)
    await users.recordSignIn(userId, now)
    const user = await users.findById(userId)
    if (!user) throw new AppError('unauthorized', SIGN_IN_TEXT.invalidLink, { code: 'invalid_or_expired' })
    const device = await devices.recognise({ id: userId, email: user.email }, deviceId, client)
    const { token, sessionId } = await sessions.start(userId, client, device.deviceRowId)
    await audit.record({
      action: 'sign_in.success',
      outcome: 'success',
      actorUserId: userId,
      email: user.email,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { method, challengeId, sessionId, newDevice: device.isNew },
    })
    const sessionUser = await sessions.sessionUser({
      id: user.user_id,
      email: user.email,
      fullName: user.full_name,
      roleCode: user.role_code,
      roleName: user.role_name,
      roleLevel: user.role_level,
      organization: user.org_name,
      organizationCode: user.org_code,
    })
    return { token, user: sessionUser, newDevice: device.isNew }
  }

  async function fail(action: string, reason: string, client: ClientInfo, emailAddress: string, error: AppError): Promise<never> {
    deps.counts?.signInFailed(reason)
    await audit.record({ action, outcome: 'failure', email: emailAddress, ip: client.ip, userAgent: client.userAgent, details: { reason } })
    throw error
  }

  return {
    /** Opens a session for a person whose identity was proven another way (single sign-on), exactly as a link does. */
    completeSignIn: (userId: number, method: SignInMethod, client: ClientInfo, deviceId: string | undefined) =>
      openSession(userId, null, method, client, deviceId),

    /** Answers the same for known, unknown and deactivated addresses; only the mailbox learns which. */
    async sendMagicLink(rawEmail: string, client: ClientInfo, flow: SignInFlow = 'standard'): Promise<{ message: string }> {
      const address = normalizeEmail(rawEmail)
      if (flow === 'district') {
        if (!districtDomains)
          throw new AppError('not_found', 'The district sign-in is not set up on this platform. Use the sign-in page.', {
            code: 'district_sign_in_disabled',
          })
        const domain = address.slice(address.lastIndexOf('@') + 1)
        if (!districtDomains.includes(domain)) {
          return fail(
            'sign_in.link_requested',
            'domain_not_allowed',
            client,
            address,
            new AppError('unprocessable', districtDomainHint(districtDomains), { code: 'domain_not_allowed' }),
          )
        }
      }
      await enforce(`send-ip:${client.ip}`, SIGN_IN_LIMITS.sendPerIp, SIGN_IN_TEXT.tooManyFromNetwork, client, address)
      await enforce(`send-email:${address}`, SIGN_IN_LIMITS.sendPerEmail, SIGN_IN_TEXT.tooManySends, client, address)

      const user = await users.findByEmail(address)
      if (!user || user.is_active !== 1) {
        const result = await email.send(noAccountMail(address))
        await audit.record({
          action: 'sign_in.link_requested',
          outcome: 'failure',
          email: address,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { reason: user ? 'inactive' : 'unknown', delivered: result.delivered },
        })
        if (!result.delivered) throw new AppError('unavailable', SIGN_IN_TEXT.sendFailed, { code: 'mail_unavailable' })
        return { message: SIGN_IN_TEXT.sent(MAGIC_LINK_TTL_MINUTES) }
      }

      const now = clock.now()
      const token = randomToken()
      const code = randomCode()
      const { challenge_id: challengeId } = await challenges.insert({
        kind: 'signin',
        email: address,
        user_id: user.user_id,
        token_hash: hmac(secret, 'link', token),
        code_hash: hmac(secret, 'code', String(user.user_id), code),
        code_attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * MINUTE_MS).toISOString(),
        consumed_at: null,
        revoked_at: null,
      })
      const live = await challenges.outstandingIds(address, 'signin', now.toISOString())
      await challenges.revoke(
        live.slice(0, Math.max(0, live.length - MAX_OUTSTANDING_LINKS)).map((row) => row.challenge_id),
        now.toISOString(),
      )

      const result = await email.send(signInMail(address, signInLink(appUrl, address, token, flow), token, code))
      await audit.record({
        action: 'sign_in.link_requested',
        outcome: result.delivered ? 'success' : 'failure',
        actorUserId: user.user_id,
        email: address,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { challengeId, flow, delivered: result.delivered },
      })
      if (!result.delivered) {
        // A link nobody received must not stay usable.
        await challenges.delete(challengeId)
        throw new AppError('unavailable', SIGN_IN_TEXT.sendFailed, { code: 'mail_unavailable' })
      }
      return { message: SIGN_IN_TEXT.sent(MAGIC_LINK_TTL_MINUTES) }
    },

    async verifyMagicLink(rawEmail: string, token: string, client: ClientInfo, deviceId?: string): Promise<SignInResponse> {
      const address = normalizeEmail(rawEmail)
      await enforce(`verify-ip:${client.ip}`, SIGN_IN_LIMITS.verifyPerIp, SIGN_IN_TEXT.tooManyAttempts, client, address)
      const now = clock.now().toISOString()
      const challenge = await challenges.findByTokenHash(hmac(secret, 'link', token))
      const invalid = (reason: string, message = SIGN_IN_TEXT.invalidLink, code = 'invalid_or_expired') =>
        fail('sign_in.link_failed', reason, client, address, new AppError('bad_request', message, { code }))
      if (!challenge || challenge.email !== address) return invalid('unknown_token')
      const invite = challenge.kind === 'invite'
      if (challenge.consumed_at) return invalid('already_used', invite ? SIGN_IN_TEXT.usedInvite : SIGN_IN_TEXT.usedLink, 'link_used')
      if (challenge.revoked_at) return invalid('revoked', invite ? SIGN_IN_TEXT.replacedInvite : SIGN_IN_TEXT.invalidLink)
      if (challenge.expires_at <= now)
        return invalid(
          'expired',
          invite ? SIGN_IN_TEXT.expiredInvite : SIGN_IN_TEXT.expiredLink,
          invite ? 'invite_expired' : 'link_expired',
        )
      const user = await users.findById(challenge.user_id)
      if (!user || user.is_active !== 1) return invalid('inactive', SIGN_IN_TEXT.inactive, 'account_inactive')
      if (!(await challenges.consume(challenge.challenge_id, now))) return invalid('already_used', SIGN_IN_TEXT.usedLink, 'link_used')
      return openSession(user.user_id, challenge.challenge_id, invite ? 'invitation' : 'link', client, deviceId)
    },

    async verifyCode(rawEmail: string, code: string, client: ClientInfo, deviceId?: string): Promise<SignInResponse> {
      const address = normalizeEmail(rawEmail)
      await enforce(`code-ip:${client.ip}`, SIGN_IN_LIMITS.codePerIp, SIGN_IN_TEXT.tooManyAttempts, client, address)
      // Counted before the code is looked at, so that no number of simultaneous guesses on any number of instances
      // gets more codes evaluated than the limits allow. Too many wrong codes pause code entry; links keep working.
      const wrongCodes = await limiter.take(`wrong-code:${address}`, SIGN_IN_LIMITS.wrongCodesPerEmail)
      if (!wrongCodes.allowed) return refuse(wrongCodes, SIGN_IN_TEXT.tooManyAttempts, client, address, 'wrong-code')
      const notWrong = () => limiter.giveBack(wrongCodes.ticket)
      const now = clock.now().toISOString()
      const wrong = (reason: string) =>
        fail(
          'sign_in.code_failed',
          reason,
          client,
          address,
          new AppError('bad_request', SIGN_IN_TEXT.invalidCode, { code: 'invalid_code' }),
        )
      const challenge = await challenges.latestOutstandingSignIn(address, now)
      if (!challenge?.code_hash) return wrong('no_outstanding_link')
      // The link's own limit, taken the same way: the sixth guess finds no attempt left whatever raced it.
      if (!(await challenges.takeCodeAttempt(challenge.challenge_id, WRONG_CODES_PER_LINK))) {
        await notWrong()
        return fail(
          'sign_in.code_failed',
          'code_locked',
          client,
          address,
          new AppError('bad_request', SIGN_IN_TEXT.codeLocked, { code: 'code_locked' }),
        )
      }
      if (!safeEqual(challenge.code_hash, hmac(secret, 'code', String(challenge.user_id), code))) return wrong('wrong_code')
      await notWrong()
      const user = await users.findById(challenge.user_id)
      if (!user || user.is_active !== 1)
        return fail(
          'sign_in.code_failed',
          'inactive',
          client,
          address,
          new AppError('bad_request', SIGN_IN_TEXT.inactive, { code: 'account_inactive' }),
        )
      if (!(await challenges.consume(challenge.challenge_id, now)))
        return fail(
          'sign_in.code_failed',
          'already_used',
          client,
          address,
          new AppError('bad_request', SIGN_IN_TEXT.invalidCode, { code: 'invalid_code' }),
        )
      return openSession(user.user_id, challenge.challenge_id, 'code', client, deviceId)
    },
  }
}
export type SignInService = ReturnType<typeof createSignInService>
