import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type JWK, SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK } from 'jose'
import Provider, { interactionPolicy } from 'oidc-provider'

export interface IdpAccount {
  sub: string
  email: string
  email_verified?: boolean
  name?: string
  /** Entra ID's tenant claim and Google's hosted-domain claim. */
  tid?: string
  hd?: string
}

/** How the token endpoint's ID token is forged: each a check the relying party must make. */
export type Forgery = 'wrong-audience' | 'wrong-issuer' | 'foreign-signature' | 'wrong-nonce' | 'expired'

export interface IdentityProviderOptions {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  accounts: IdpAccount[]
}

/**
 * A real OpenID provider (the oidc-provider package) for tests, whose token endpoint's ID token can be forged on its
 * way out. The login and consent screens are skipped: the provider signs in `nextLogin` and grants the
 * scopes asked for, so a test (or a browser) goes straight through the redirects.
 */
export async function startIdentityProvider(options: IdentityProviderOptions) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const foreign = await generateKeyPair('RS256', { extractable: true })

  const front = createServer()
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]))
  let nextLogin = options.accounts[0]?.sub ?? ''
  let forgery: Forgery | null = null
  let down = false
  let delayMs = 0
  let tokenRequests = 0

  // Entra ID and Google accept prompt=select_account (the platform asks for it); this provider must too.
  const policy = interactionPolicy.base()
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }))
  const provider = new Provider(issuer, {
    interactions: { policy },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['a-test-cookie-key-that-is-long-enough'] },
    claims: { openid: ['sub', 'tid', 'hd'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the scopes' claims itself, as Entra ID and Google do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id) {
      const account = accounts.get(id)
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined
    },
  })
  provider.on('server_error', (_ctx, error) => process.stderr.write(`identity provider error: ${String(error)}\n`))

  // The login and consent prompts, answered at once.
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next()
    const details = await provider.interactionDetails(ctx.req, ctx.res)
    if (details.prompt.name === 'login' || details.prompt.name === 'select_account') {
      // Answering select_account too: a requested prompt stays pending until the result names it.
      ctx.redirect(
        await provider.interactionResult(
          ctx.req,
          ctx.res,
          { login: { accountId: nextLogin }, select_account: {} },
          { mergeWithLastSubmission: false },
        ),
      )
      return
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope))
    const grantId = await grant.save()
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true }))
  })

  async function forge(idToken: string): Promise<string> {
    const claims = decodeJwt(idToken)
    const key = forgery === 'foreign-signature' ? foreign.privateKey : await importJWK(signingJwk, 'RS256')
    const changed = {
      ...claims,
      ...(forgery === 'wrong-audience' ? { aud: 'another-application' } : {}),
      ...(forgery === 'wrong-issuer' ? { iss: 'https://login.example.com/other-tenant/v2.0' } : {}),
      ...(forgery === 'wrong-nonce' ? { nonce: 'not-the-nonce-that-was-sent' } : {}),
      ...(forgery === 'expired' ? { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } : {}),
    }
    return new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key)
  }

  /** The token endpoint's answer, rewritten on its way out with a forged ID token. */
  function forgeAnswer(response: ServerResponse) {
    const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse
    response.end = ((chunk?: unknown) => {
      void (async () => {
        const json = JSON.parse(String(chunk)) as { id_token?: string }
        if (json.id_token) json.id_token = await forge(json.id_token)
        const body = JSON.stringify(json)
        response.setHeader('content-length', Buffer.byteLength(body))
        end(body)
      })()
      return response
    }) as typeof response.end
  }

  const handle = provider.callback()
  front.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (down) {
        request.socket.destroy()
        return
      }
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (request.url?.startsWith('/token')) {
        tokenRequests += 1
        if (forgery) forgeAnswer(response)
      }
      handle(request, response)
    })()
  })

  return {
    issuer,
    /** How many times the token endpoint was called. */
    get tokenRequests() {
      return tokenRequests
    },
    /** The account the next login signs in. */
    signInAs(sub: string) {
      nextLogin = sub
    },
    forge(next: Forgery | null) {
      forgery = next
    },
    /** Every connection is dropped (a provider that is down). */
    setDown(value: boolean) {
      down = value
    },
    /** Every answer waits this long (a slow provider). */
    setDelay(ms: number) {
      delayMs = ms
    },
    async close() {
      front.closeAllConnections()
      await new Promise((resolve) => front.close(resolve))
    },
  }
}
export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>
