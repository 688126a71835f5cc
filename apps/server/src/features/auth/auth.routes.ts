import {
  AuthConfigResponseSchema,
  SSO_LABELS,
  type SsoProvider,
  DebugTokenBodySchema,
  DebugTokenResponseSchema,
  ProfileResponseSchema,
  SendMagicLinkBodySchema,
  SendMagicLinkResponseSchema,
  SignInResponseSchema,
  VerifyCodeBodySchema,
  VerifyMagicLinkBodySchema,
} from '@platform/contracts/auth'
import { MAGIC_LINK_TTL_MINUTES } from '@platform/contracts/auth'
import { SuccessSchema } from '@platform/contracts/errors'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { SessionsService } from './sessions.service.js'
import type { SignInService } from './sign-in.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const signedIn = signedInRoute('authenticated')

/** The sign-in calls (link, code, profile, logout) and the debug endpoint. */
export const authRoutes: FastifyPluginAsyncZod<{
  signIn: SignInService
  sessions: SessionsService
  debugAuthEnabled: boolean
  signInOptions: { districtDomains: string[] | null; ssoProviders: SsoProvider[] }
}> = async (app, { signIn, sessions, debugAuthEnabled, signInOptions }) => {
  // Fixed for the life of the process: the sign-in pages ask once.
  const authConfig = {
    districtSignIn: { enabled: signInOptions.districtDomains !== null, domains: signInOptions.districtDomains ?? [] },
    sso: signInOptions.ssoProviders.map((id) => ({ id, label: SSO_LABELS[id] })),
  }
  app.get(
    '/auth-config',
    { config: { access: 'public' }, schema: { response: { 200: AuthConfigResponseSchema, ...errorResponses } } },
    async () => authConfig,
  )

  app.post(
    '/send-magic-link',
    {
      config: { access: 'public' },
      schema: { body: SendMagicLinkBodySchema, response: { 200: SendMagicLinkResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const { message } = await signIn.sendMagicLink(request.body.email, clientInfo(request), request.body.flow)
      return { success: true as const, message, expiresInMinutes: MAGIC_LINK_TTL_MINUTES }
    },
  )

  app.post(
    '/verify-magic-link',
    {
      config: { access: 'public' },
      schema: { body: VerifyMagicLinkBodySchema, response: { 200: SignInResponseSchema, ...errorResponses } },
    },
    (request) => signIn.verifyMagicLink(request.body.email, request.body.token, clientInfo(request), request.body.deviceId),
  )

  app.post(
    '/verify-code',
    { config: { access: 'public' }, schema: { body: VerifyCodeBodySchema, response: { 200: SignInResponseSchema, ...errorResponses } } },
    (request) => signIn.verifyCode(request.body.email, request.body.code, clientInfo(request), request.body.deviceId),
  )

  app.get(
    '/get-user-profile',
    { config: signedIn.config, schema: { response: { 200: ProfileResponseSchema, ...errorResponses } } },
    async (request) => ({ user: await sessions.sessionUser(signedIn.user(request)) }),
  )

  app.post('/logout', { config: signedIn.config, schema: { response: { 200: SuccessSchema, ...errorResponses } } }, async (request) => {
    await sessions.logout(signedIn.user(request), clientInfo(request))
    return { success: true as const, message: 'You have been signed out.' }
  })

  app.post(
    '/debug-token',
    {
      config: { access: 'public' },
      schema: { body: DebugTokenBodySchema, response: { 200: DebugTokenResponseSchema, ...errorResponses } },
    },
    async (request) => {
      if (!debugAuthEnabled)
        throw new AppError('not_found', 'The token debug endpoint is switched off on this server.', { code: 'debug_disabled' })
      return sessions.inspect(request.body.token)
    },
  )
}
