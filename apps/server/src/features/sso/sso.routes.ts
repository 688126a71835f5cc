import { SignInResponseSchema, SsoCompleteBodySchema } from '@platform/contracts/auth'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { randomToken } from '../../lib/crypto.js'
import { errorResponses } from '../../plugins/error-handler.js'
import { SsoFailure, type SsoOrigin, type SsoService } from './sso.service.js'
import { clientInfo } from '../../lib/client-info.js'

const BINDING_COOKIE = 'sso_binding'
const ProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z]{1,20}$/, 'Not a sign-in provider') })
const StartQuerySchema = z.object({ from: z.enum(['standard', 'district']).default('standard') })

function bindingFrom(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === BINDING_COOKIE) return value.join('=')
  }
  return undefined
}

/** Where a failed single sign-on lands: the page it started from, with a code it shows words for. */
const failurePage = (origin: SsoOrigin, code: string) =>
  `${origin === 'district' ? '/login-clerk' : '/login'}?sso_error=${encodeURIComponent(code)}`

/** Single sign-on: the redirect to the identity provider, its return, and the page's trade of the ticket for a session. */
export const ssoRoutes: FastifyPluginAsyncZod<{ sso: SsoService; secureCookies: boolean }> = async (app, { sso, secureCookies }) => {
  const setBinding = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    // Lax: the identity provider's return is a top-level GET from another site, which must carry it.
    reply.header(
      'Set-Cookie',
      `${BINDING_COOKIE}=${value}; Path=/api/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureCookies ? '; Secure' : ''}`,
    )
  const redirect = (reply: FastifyReply, location: string) =>
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(location, 302)

  app.get(
    '/sso/:provider/start',
    { config: { access: 'public' }, schema: { params: ProviderParamsSchema, querystring: StartQuerySchema } },
    async (request, reply) => {
      const binding = randomToken()
      try {
        const url = await sso.start(request.params.provider, request.query.from, binding, clientInfo(request))
        setBinding(reply, binding, 600)
        return redirect(reply, url.toString())
      } catch (error) {
        if (error instanceof SsoFailure) return redirect(reply, failurePage(request.query.from, error.code))
        throw error
      }
    },
  )

  app.get('/sso/:provider/callback', { config: { access: 'public' }, schema: { params: ProviderParamsSchema } }, async (request, reply) => {
    const current = new URL(request.url, 'http://callback.invalid')
    setBinding(reply, '', 0)
    try {
      const { ticket } = await sso.callback(
        request.params.provider,
        currentUrlFor(request, current),
        bindingFrom(request),
        clientInfo(request),
      )
      // In the fragment: never sent to a server, never in a log or a Referer.
      return redirect(reply, `/auth/sso#ticket=${ticket}`)
    } catch (error) {
      if (error instanceof SsoFailure)
        return redirect(reply, failurePage((error as SsoFailure & { origin?: SsoOrigin }).origin ?? 'standard', error.code))
      throw error
    }
  })

  app.post(
    '/sso/complete',
    { config: { access: 'public' }, schema: { body: SsoCompleteBodySchema, response: { 200: SignInResponseSchema, ...errorResponses } } },
    (request) => sso.complete(request.body.ticket, request.body.deviceId, clientInfo(request)),
  )

  /** The callback URL as the provider was told it (the platform's own address), with the query it came back with. */
  function currentUrlFor(request: FastifyRequest, parsed: URL): URL {
    const url = new URL(`/api/sso/${(request.params as { provider: string }).provider}/callback`, sso.appUrl)
    url.search = parsed.search
    return url
  }
}
