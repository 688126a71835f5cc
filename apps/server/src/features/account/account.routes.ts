import {
  DeviceParamsSchema,
  DevicesResponseSchema,
  SessionParamsSchema,
  SignedOutResponseSchema,
  SignOutEverywhereBodySchema,
} from '@platform/contracts/account'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DevicesService } from './devices.service.js'
import { signedInRoute } from '../../plugins/access.js'
import { clientInfo } from '../../lib/client-info.js'

const signedIn = signedInRoute('authenticated')

/** Devices and sessions: a signed-in person's own browsers and sessions, and signing them out. */
export const accountRoutes: FastifyPluginAsyncZod<{ devices: DevicesService }> = async (app, { devices }) => {
  app.get(
    '/account/devices',
    { config: signedIn.config, schema: { response: { 200: DevicesResponseSchema, ...errorResponses } } },
    (request) => devices.list(signedIn.user(request)),
  )

  app.post(
    '/account/sessions/:sessionId/sign-out',
    { config: signedIn.config, schema: { params: SessionParamsSchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => devices.signOutSession(signedIn.user(request), request.params.sessionId, clientInfo(request)),
  )

  app.post(
    '/account/devices/:deviceId/sign-out',
    { config: signedIn.config, schema: { params: DeviceParamsSchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => devices.signOutDevice(signedIn.user(request), request.params.deviceId, clientInfo(request)),
  )

  app.post(
    '/account/sign-out-everywhere',
    {
      config: signedIn.config,
      schema: { body: SignOutEverywhereBodySchema, response: { 200: SignedOutResponseSchema, ...errorResponses } },
    },
    (request) => devices.signOutEverywhere(signedIn.user(request), request.body.keepCurrent, clientInfo(request)),
  )
}
