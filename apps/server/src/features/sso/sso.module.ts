import type { Core, FeatureModule } from '../../core.js'
import { createOidcConfigurations } from './oidc-configurations.js'
import { createSsoRepository } from './sso.repository.js'
import { ssoRoutes } from './sso.routes.js'
import { createSsoService } from './sso.service.js'

type SsoDeps = Parameters<typeof createSsoService>[0]

/** Signing in through the district's identity provider (OpenID Connect), ending in the platform's own sign-in. */
export function ssoModule(core: Core, { signIn, challenges }: Pick<SsoDeps, 'signIn' | 'challenges'>): FeatureModule {
  const { config } = core
  const sso = createSsoService({
    configurations: createOidcConfigurations(config.sso.providers, { allowHttp: config.sso.allowHttp, timeoutMs: config.sso.timeoutMs }),
    states: createSsoRepository(core.db),
    challenges,
    users: core.users,
    signIn,
    audit: core.audit,
    clock: core.clock,
    secret: core.secret,
    appUrl: config.appUrl,
  })
  return {
    async routes(api) {
      await api.register(ssoRoutes, { sso, secureCookies: config.appUrl.startsWith('https://') })
    },
    maintenance: () => sso.purgeExpired(),
  }
}
