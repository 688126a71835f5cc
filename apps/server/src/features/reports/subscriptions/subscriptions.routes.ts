import { SuccessSchema } from '@platform/contracts/errors'
import {
  RecipientCandidatesQuerySchema,
  RecipientCandidatesSchema,
  ReportSubscriptionsQuerySchema,
  SubscriptionInputSchema,
  SubscriptionListSchema,
  SubscriptionParamsSchema,
  SubscriptionPauseSchema,
  SubscriptionRunListSchema,
  SubscriptionSchema,
  SubscriptionUpdateSchema,
  UnsubscribeResultSchema,
  UnsubscribeSchema,
} from '@platform/contracts/report-subscriptions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientInfo } from '../../../lib/client-info.js'
import { signedInRoute } from '../../../plugins/access.js'
import { errorResponses } from '../../../plugins/error-handler.js'
import type { SubscriptionsService } from './subscriptions.service.js'

const access = signedInRoute({ application: 'REPORTS_STUDIO' })

/** Report subscriptions: setting them up, changing, pausing, their history, and the unsubscribe link of their e-mails. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (app, { subscriptions }) => {
  app.get(
    '/reportsubscriptions',
    {
      config: access.config,
      schema: { querystring: ReportSubscriptionsQuerySchema, response: { 200: SubscriptionListSchema, ...errorResponses } },
    },
    async (request) => ({ subscriptions: await subscriptions.list(access.user(request), request.query.reportId) }),
  )

  app.post(
    '/reportsubscriptions',
    { config: access.config, schema: { body: SubscriptionInputSchema, response: { 201: SubscriptionSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await subscriptions.create(access.user(request), request.body, clientInfo(request))),
  )

  app.get(
    '/reportsubscriptions/recipients',
    {
      config: access.config,
      schema: { querystring: RecipientCandidatesQuerySchema, response: { 200: RecipientCandidatesSchema, ...errorResponses } },
    },
    async (request) => ({
      people: await subscriptions.candidates(access.user(request), request.query.reportId, request.query.search || undefined),
    }),
  )

  app.get(
    '/reportsubscriptions/:id',
    { config: access.config, schema: { params: SubscriptionParamsSchema, response: { 200: SubscriptionSchema, ...errorResponses } } },
    (request) => subscriptions.get(access.user(request), request.params.id),
  )

  app.put(
    '/reportsubscriptions/:id',
    {
      config: access.config,
      schema: {
        params: SubscriptionParamsSchema,
        body: SubscriptionUpdateSchema,
        response: { 200: SubscriptionSchema, ...errorResponses },
      },
    },
    (request) => subscriptions.update(access.user(request), request.params.id, request.body, clientInfo(request)),
  )

  app.post(
    '/reportsubscriptions/:id/pause',
    {
      config: access.config,
      schema: { params: SubscriptionParamsSchema, body: SubscriptionPauseSchema, response: { 200: SubscriptionSchema, ...errorResponses } },
    },
    (request) => subscriptions.pause(access.user(request), request.params.id, request.body.paused, clientInfo(request)),
  )

  app.get(
    '/reportsubscriptions/:id/runs',
    {
      config: access.config,
      schema: { params: SubscriptionParamsSchema, response: { 200: SubscriptionRunListSchema, ...errorResponses } },
    },
    async (request) => ({ runs: await subscriptions.runs(access.user(request), request.params.id) }),
  )

  app.delete(
    '/reportsubscriptions/:id',
    { config: access.config, schema: { params: SubscriptionParamsSchema, response: { 200: SuccessSchema, ...errorResponses } } },
    (request) => subscriptions.delete(access.user(request), request.params.id, clientInfo(request)),
  )

  // Opened from an e-mail, possibly on a phone that is not signed in: the token in the link is the proof.
  app.post(
    '/public/report-subscriptions/unsubscribe',
    { config: { access: 'public' }, schema: { body: UnsubscribeSchema, response: { 200: UnsubscribeResultSchema, ...errorResponses } } },
    (request) => subscriptions.unsubscribe(request.body.token, clientInfo(request)),
  )
}
