import { WEBHOOK_TEST_EVENT, type WebhookPayload } from '../../../src/contract/webhook';
import { TooManyWebhooksError, webhookJson } from '../db/webhooks-repository';
import { checkSourceUrl, NOT_PUBLIC, UrlRefusedError } from '../lib/url-policy';
import { randomToken } from '../lib/tokens';
import { newWebhookSecret } from '../lib/webhook-signature';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, envelope, errorResponses, idParam } from '../schemas/common';
import {
  deliveriesReplySchema,
  deliveryIdReplySchema,
  webhookCreateBodySchema,
  webhookCreateReplySchema,
  webhookDeliveryParams,
  webhooksReplySchema,
} from '../schemas/webhooks';
import type { RouteApp } from '../schemas/route-types';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Delivery not found';
export const WEBHOOK_URL_INVALID = 'url must be an http(s) URL without a user name or password';
export const WEBHOOK_NOT_PUBLIC = 'This address is not public: webhooks are only sent to public http(s) addresses';
export const tooManyWebhooks = (max: number) => `This account has ${max} webhooks, the most it may have: delete one first`;
/** Deliveries GET …/deliveries answers, newest first. */
const DELIVERIES_LISTED = 100;

/** The URL as given, when it is http(s) without credentials; null otherwise. */
function webhookUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/**
 * /api/webhooks: an account's webhook endpoints, their delivery log, redelivery and a test event
 * (decision D58). Only a sign-in may manage them (lib/route-access.ts); the secret is answered once.
 */
export default async function webhookRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The account's webhook endpoints, oldest first, with their state (never their secrets)",
        security: apiKeySecurity,
        response: { 200: webhooksReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const webhooks = (await app.webhooks.list(request.accountId)).map(webhookJson);
      return ok(webhooks.length ? 'Webhooks loaded' : 'No webhooks yet', { webhooks });
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook endpoint for some events: its signing secret is in this reply only',
        security: apiKeySecurity,
        body: webhookCreateBodySchema,
        response: { 200: webhookCreateReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const url = webhookUrl(request.body.url.trim());
      if (!url) return fail(reply, 400, WEBHOOK_URL_INVALID);
      try {
        await checkSourceUrl(url, { allowHosts: app.webhookSettings.allowHosts, maxBytes: 0, timeoutMs: 0 });
      } catch (err) {
        if (err instanceof UrlRefusedError) return fail(reply, 400, err.message === NOT_PUBLIC ? WEBHOOK_NOT_PUBLIC : err.message);
        throw err;
      }
      const secret = newWebhookSecret();
      try {
        const row = await app.webhooks.create(
          {
            accountId: request.accountId,
            url: url.toString(),
            description: request.body.description?.trim() ?? '',
            events: [...new Set(request.body.events)],
          },
          secret,
          app.clock(),
          app.webhookSettings.maxPerAccount,
        );
        return ok('Webhook added: copy its secret now, it is not shown again', { webhook: webhookJson(row), secret });
      } catch (err) {
        if (err instanceof TooManyWebhooksError) return fail(reply, 409, tooManyWebhooks(app.webhookSettings.maxPerAccount));
        throw err;
      }
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint with its delivery log: nothing more is sent to it',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: envelope(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await app.webhooks.remove(request.accountId, request.params.id))) return fail(reply, 404, WEBHOOK_NOT_FOUND);
      return ok('Webhook deleted');
    },
  );

  app.get(
    '/:id/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The endpoint's latest 100 deliveries, newest first, each with its attempts",
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: deliveriesReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hook = await app.webhooks.find(request.accountId, request.params.id);
      if (!hook) return fail(reply, 404, WEBHOOK_NOT_FOUND);
      const deliveries = await app.webhooks.deliveries(hook.webhook_id, DELIVERIES_LISTED);
      return ok(deliveries.length ? 'Deliveries loaded' : 'No deliveries yet', { deliveries });
    },
  );

  app.post(
    '/:id/deliveries/:delivery_id/redeliver',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again now, with the same Webhook-Id and a fresh retry schedule',
        security: apiKeySecurity,
        params: webhookDeliveryParams,
        response: { 200: deliveryIdReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hook = await app.webhooks.find(request.accountId, request.params.id);
      if (!hook) return fail(reply, 404, WEBHOOK_NOT_FOUND);
      if (!(await app.webhooks.redeliver(hook.webhook_id, request.params.delivery_id, app.clock()))) {
        return fail(reply, 404, WEBHOOK_DELIVERY_NOT_FOUND);
      }
      return ok('Delivery queued again', { delivery_id: request.params.delivery_id });
    },
  );

  app.post(
    '/:id/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a webhook.test event to the endpoint now (it shows in the delivery log)',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: deliveryIdReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hook = await app.webhooks.find(request.accountId, request.params.id);
      if (!hook) return fail(reply, 404, WEBHOOK_NOT_FOUND);
      const now = app.clock();
      const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: new Date(now).toISOString(), data: {} };
      const eventId = `msg_test_${randomToken(16)}`;
      const deliveryId = await app.webhooks.addDelivery(hook.webhook_id, eventId, WEBHOOK_TEST_EVENT, JSON.stringify(payload), now);
      return ok('Test event queued', { delivery_id: deliveryId });
    },
  );
}
