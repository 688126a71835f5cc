import { DeviceParamsSchema, DevicesResponseSchema, SessionParamsSchema, SignedOutResponseSchema, SignOutEverywhereBodySchema } from '@platform/contracts/account'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DevicesService } from './devices.service.js'

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] })
const signedIn = { access: 'authenticated' } as const

/** Devices and sessions: a signed-in person's own browsers and sessions, and signing them out. */
export const accountRoutes: FastifyPluginAsyncZod<{ devices: DevicesService }> = async (app, { devices }) => {
  app.get('/account/devices', { config: signedIn, schema: { response: { 200: DevicesResponseSchema, ...errorResponses } } }, (request) => devices.list(request.user!))

  app.post(
    '/account/sessions/:sessionId/sign-out',
    { config: signedIn, schema: { params: SessionParamsSchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => devices.signOutSession(request.user!, request.params.sessionId, client(request)),
  )

  app.post(
    '/account/devices/:deviceId/sign-out',
    { config: signedIn, schema: { params: DeviceParamsSchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => devices.signOutDevice(request.user!, request.params.deviceId, client(request)),
  )

  app.post(
    '/account/sign-out-everywhere',
    { config: signedIn, schema: { body: SignOutEverywhereBodySchema, response: { 200: SignedOutResponseSchema, ...errorResponses } } },
    (request) => devices.signOutEverywhere(request.user!, request.body.keepCurrent, client(request)),
  )
}
