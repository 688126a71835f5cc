import * as oidc from 'openid-client'
import type { SsoProviderConfig } from '../../config.js'

/**
 * The discovered configuration of each identity provider, read once and kept; a failed discovery is forgotten so the
 * next sign-in tries again. ID token signatures are checked even over TLS (enableNonRepudiationChecks): a token the
 * provider did not sign never signs anyone in.
 */
export function createOidcConfigurations(providers: SsoProviderConfig[], options: { allowHttp: boolean; timeoutMs: number }) {
  const discovered = new Map<string, Promise<oidc.Configuration>>()
  return {
    get(provider: SsoProviderConfig): Promise<oidc.Configuration> {
      let configuration = discovered.get(provider.id)
      if (!configuration) {
        configuration = oidc
          .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
            timeout: Math.ceil(options.timeoutMs / 1000),
            execute: [oidc.enableNonRepudiationChecks, ...(options.allowHttp ? [oidc.allowInsecureRequests] : [])],
          })
          .catch((error: unknown) => {
            discovered.delete(provider.id)
            throw error
          })
        discovered.set(provider.id, configuration)
      }
      return configuration
    },
    find: (id: string) => providers.find((provider) => provider.id === id),
  }
}
export type OidcConfigurations = ReturnType<typeof createOidcConfigurations>
