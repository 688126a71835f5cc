import type { Core, FeatureModule } from '../../core.js'
import type { DevicesService } from '../account/devices.service.js'
import { authRoutes } from './auth.routes.js'
import { createChallengesRepository } from './challenges.repository.js'
import { createInvitationsService } from './invitations.service.js'
import { createSessionTokens } from './session-token.js'
import { createInvalidatedSessionCache } from './sessions.cache.js'
import { createSessionsRepository } from './sessions.repository.js'
import { createSessionsService } from './sessions.service.js'
import { createSignInService } from './sign-in.service.js'

/** Signing in (links and codes), sessions and invitations. */
export function authModule(
  core: Core,
  { devices, counts }: { devices: DevicesService; counts?: { signInFailed(reason: string): void; limitHit(limiter: string): void } },
) {
  const { config, db, email, audit, clock, secret, limiter, users, applications } = core
  const challenges = createChallengesRepository(db)
  const sessions = createSessionsService({
    sessions: createSessionsRepository(db),
    cache: createInvalidatedSessionCache(core.cacheInvalidation),
    challenges,
    tokens: createSessionTokens(secret),
    applications,
    audit,
    clock,
    policy: config.session,
  })
  const signIn = createSignInService({
    users,
    challenges,
    sessions,
    email,
    audit,
    limiter,
    clock,
    secret,
    appUrl: config.appUrl,
    devices,
    districtDomains: config.districtDomains,
    counts,
  })
  const invitations = createInvitationsService({ challenges, email, limiter, clock, secret, appUrl: config.appUrl })
  const module: FeatureModule = {
    async routes(api) {
      await api.register(authRoutes, {
        signIn,
        sessions,
        debugAuthEnabled: config.debugAuthEnabled,
        signInOptions: { districtDomains: config.districtDomains, ssoProviders: config.sso.providers.map((provider) => provider.id) },
      })
    },
    maintenance: () => limiter.purgeExpired(),
  }
  return { ...module, challenges, sessions, signIn, invitations }
}
