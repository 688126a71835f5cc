import type { SignInResponse, SsoErrorCode } from '@platform/contracts/auth'
import * as oidc from 'openid-client'
import type { SsoProviderConfig } from '../../config.js'
import { type Clock, MINUTE_MS } from '../../lib/clock.js'
import { hmac, randomToken } from '../../lib/crypto.js'
import { normalizeEmail } from '../../lib/email-address.js'
import { AppError } from '../../lib/errors.js'
import type { AuditService } from '../audit/audit.service.js'
import type { ClientInfo } from '../auth/sessions.service.js'
import type { SignInService, TicketChallenges } from '../auth/sign-in.service.js'
import type { UserDirectory } from '../users/users.service.js'
import type { OidcConfigurations } from './oidc-configurations.js'
import type { SsoRepository } from './sso.repository.js'

/** A single sign-on that signed nobody in, and why (the code the login page shows words for). */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
    readonly email: string | null = null,
  ) {
    super(reason)
  }
}

export type SsoOrigin = 'standard' | 'district'
const STATE_MINUTES = 10
// The ticket only carries the browser from the callback to the page that trades it for a session.
const TICKET_MINUTES = 2

/**
 * Single sign-on with the district's identity provider (OpenID Connect, authorization code flow with PKCE, state and
 * nonce). The tenant (`tid`) or hosted domain (`hd`) claim of the signed ID token decides whether the account is the
 * district's; only people already invited, matched by a verified e-mail, get in, with the same session as a link gives.
 */
export function createSsoService(deps: {
  configurations: OidcConfigurations
  states: SsoRepository
  challenges: TicketChallenges
  users: UserDirectory
  signIn: Pick<SignInService, 'completeSignIn'>
  audit: AuditService
  clock: Clock
  secret: string
  appUrl: string
}) {
  const { configurations, states, challenges, users, signIn, audit, clock, secret, appUrl } = deps
  const redirectUri = (provider: SsoProviderConfig) => `${appUrl}/api/sso/${provider.id}/callback`

  function providerOf(id: string): SsoProviderConfig {
    const provider = configurations.find(id)
    if (!provider) throw new SsoFailure('sso_disabled', `no provider named ${id} is configured`)
    return provider
  }

  async function configurationOf(provider: SsoProviderConfig) {
    try {
      return await configurations.get(provider)
    } catch (error) {
      throw new SsoFailure('sso_unavailable', `discovery of ${provider.issuer} failed: ${describe(error)}`)
    }
  }

  /** The verified address of the person the ID token names, or why there is none. */
  function addressFrom(provider: SsoProviderConfig, claims: oidc.IDToken): string {
    if (claims[provider.tenantClaim.name] !== provider.tenantClaim.value) {
      throw new SsoFailure(
        'sso_wrong_tenant',
        `${provider.tenantClaim.name} is ${JSON.stringify(claims[provider.tenantClaim.name] ?? null)}, expected ${provider.tenantClaim.value}`,
      )
    }
    // Google says whether it verified the address; an Entra ID account's address belongs to the tenant just checked.
    const address =
      provider.id === 'google' ? (claims.email_verified === true ? claims.email : undefined) : (claims.email ?? claims.preferred_username)
    if (typeof address !== 'string' || !address.includes('@'))
      throw new SsoFailure('sso_unverified_email', 'the ID token carries no verified e-mail address')
    return normalizeEmail(address)
  }

  async function recordFailure(provider: string, failure: SsoFailure, client: ClientInfo) {
    await audit.record({
      action: 'sign_in.sso_failed',
      outcome: 'failure',
      ...(failure.email ? { email: failure.email } : {}),
      ip: client.ip,
      userAgent: client.userAgent,
      details: { provider, code: failure.code, reason: failure.reason },
    })
  }

  return {
    appUrl,

    /**
     * Where to send the browser: the provider's authorization endpoint. `binding` is a random value the browser keeps
     * in a cookie: the return is accepted only in the browser that left (no sign-in can be pushed into another one).
     */
    async start(providerId: string, origin: SsoOrigin, binding: string, client: ClientInfo): Promise<URL> {
      try {
        const provider = providerOf(providerId)
        const configuration = await configurationOf(provider)
        const state = oidc.randomState()
        const nonce = oidc.randomNonce()
        const codeVerifier = oidc.randomPKCECodeVerifier()
        const now = clock.now()
        await states.insertState({
          state_hash: hmac(secret, 'sso-state', state),
          provider: provider.id,
          nonce,
          code_verifier: codeVerifier,
          binding_hash: hmac(secret, 'sso-binding', binding),
          origin,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + STATE_MINUTES * MINUTE_MS).toISOString(),
          consumed_at: null,
        })
        return oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri(provider),
          scope: 'openid email profile',
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          prompt: 'select_account',
          // A hint for Google's account chooser only; the hd claim of the token is what is checked.
          ...(provider.tenantClaim.name === 'hd' ? { hd: provider.tenantClaim.value } : {}),
        })
      } catch (error) {
        const failure = error instanceof SsoFailure ? error : new SsoFailure('sso_unavailable', describe(error))
        await recordFailure(providerId, failure, client)
        throw failure
      }
    },

    /** The provider's return: checks everything, and answers a one-time ticket for the page to trade for the session. */
    async callback(
      providerId: string,
      currentUrl: URL,
      binding: string | undefined,
      client: ClientInfo,
    ): Promise<{ ticket: string; origin: SsoOrigin }> {
      let origin: SsoOrigin = 'standard'
      try {
        const provider = providerOf(providerId)
        const state = currentUrl.searchParams.get('state') ?? ''
        const stored = state ? await states.consumeState(hmac(secret, 'sso-state', state), clock.now().toISOString()) : undefined
        if (!stored || stored.provider !== provider.id) throw new SsoFailure('sso_state_mismatch', 'unknown, spent or expired state')
        origin = stored.origin as SsoOrigin
        if (!binding || hmac(secret, 'sso-binding', binding) !== stored.binding_hash)
          throw new SsoFailure('sso_state_mismatch', 'returned to another browser than the one that started')
        const providerError = currentUrl.searchParams.get('error')
        if (providerError) {
          throw new SsoFailure(
            providerError === 'access_denied' ? 'sso_cancelled' : 'sso_invalid_response',
            `the provider answered ${providerError}: ${currentUrl.searchParams.get('error_description') ?? ''}`.trim(),
          )
        }
        const configuration = await configurationOf(provider)
        let claims: oidc.IDToken | undefined
        try {
          const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
            pkceCodeVerifier: stored.code_verifier,
            expectedState: state,
            expectedNonce: stored.nonce,
            idTokenExpected: true,
          })
          claims = tokens.claims()
        } catch (error) {
          const unreachable =
            error instanceof TypeError ||
            (error instanceof Error &&
              /fetch failed|timed? ?out|aborted|ECONNREFUSED/i.test(`${error.message} ${String(error.cause ?? '')}`))
          throw new SsoFailure(unreachable ? 'sso_unavailable' : 'sso_invalid_response', describe(error))
        }
        if (!claims) throw new SsoFailure('sso_invalid_response', 'no ID token')
        const address = addressFrom(provider, claims)
        const user = await users.findByEmail(address)
        if (!user) throw new SsoFailure('sso_not_invited', 'no account has this address', address)
        if (user.is_active !== 1) throw new SsoFailure('sso_inactive', 'the account is deactivated', address)
        const ticket = randomToken()
        const now = clock.now()
        await challenges.insert({
          kind: `sso_${provider.id}`,
          email: address,
          user_id: user.user_id,
          token_hash: hmac(secret, 'sso-ticket', ticket),
          code_hash: null,
          code_attempts: 0,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + TICKET_MINUTES * MINUTE_MS).toISOString(),
          consumed_at: null,
          revoked_at: null,
        })
        return { ticket, origin }
      } catch (error) {
        const failure = error instanceof SsoFailure ? error : new SsoFailure('sso_invalid_response', describe(error))
        await recordFailure(providerId, failure, client)
        throw Object.assign(failure, { origin })
      }
    },

    /** Trades the ticket for the session, once. */
    async complete(ticket: string, deviceId: string | undefined, client: ClientInfo): Promise<SignInResponse> {
      const now = clock.now().toISOString()
      const challenge = await challenges.findByTokenHash(hmac(secret, 'sso-ticket', ticket))
      const invalid = new AppError('bad_request', 'This sign-in has expired or was already used. Please sign in again.', {
        code: 'sso_ticket_invalid',
      })
      if (!challenge || !challenge.kind.startsWith('sso_') || !(await challenges.consume(challenge.challenge_id, now))) {
        await audit.record({
          action: 'sign_in.sso_failed',
          outcome: 'failure',
          ...(challenge ? { email: challenge.email } : {}),
          ip: client.ip,
          userAgent: client.userAgent,
          details: { code: 'sso_ticket_invalid' },
        })
        throw invalid
      }
      const user = await users.findById(challenge.user_id)
      if (!user || user.is_active !== 1)
        throw new AppError('bad_request', 'Your account is not active. Contact your administrator.', { code: 'account_inactive' })
      return signIn.completeSignIn(user.user_id, challenge.kind as `sso_${string}`, client, deviceId)
    },

    purgeExpired: () => states.purgeExpired(clock.now().toISOString()),
  }
}
export type SsoService = ReturnType<typeof createSsoService>

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
