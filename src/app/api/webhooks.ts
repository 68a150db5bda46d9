import * as v from 'valibot';
import {
  webhookDeliverySchema,
  webhookSchema,
  type WebhookCreate,
  type WebhookDeliveryJson,
  type WebhookJson,
} from '../../contract/webhook';
import type { ApiClient } from './client';

/**
 * The account's webhooks (docs/api.md, Webhooks; decision D58). A module of its own: only the webhooks
 * screen, loaded when it is opened, calls it.
 */

export type Webhook = WebhookJson;
export type WebhookDelivery = WebhookDeliveryJson;
export type NewWebhook = WebhookCreate;

const deliveryIdSchema = v.object({ delivery_id: v.number() });

/** GET /api/webhooks: oldest first, with their state, never their secrets. */
export const listWebhooks = (api: ApiClient, signal?: AbortSignal) =>
  api.request('webhooks', v.object({ webhooks: v.array(webhookSchema) }), { signal });

/** POST /api/webhooks: the signing secret is in this reply only. */
export const createWebhook = (api: ApiClient, hook: NewWebhook) =>
  api.request('webhooks', v.object({ webhook: webhookSchema, secret: v.string() }), { method: 'post', json: hook });

/** DELETE /api/webhooks/{id}, with its delivery log. */
export const deleteWebhook = (api: ApiClient, id: number) => api.requestBare(`webhooks/${id}`, { method: 'delete' });

/** GET /api/webhooks/{id}/deliveries: the latest 100, newest first, each with its attempts. */
export const listDeliveries = (api: ApiClient, id: number, signal?: AbortSignal) =>
  api.request(`webhooks/${id}/deliveries`, v.object({ deliveries: v.array(webhookDeliverySchema) }), { signal });

/** POST …/deliveries/{delivery_id}/redeliver: sent again now, same Webhook-Id. */
export const redeliver = (api: ApiClient, id: number, deliveryId: number) =>
  api.request(`webhooks/${id}/deliveries/${deliveryId}/redeliver`, deliveryIdSchema, { method: 'post' });

/** POST /api/webhooks/{id}/test: a webhook.test delivery, sent now. */
export const sendTestEvent = (api: ApiClient, id: number) => api.request(`webhooks/${id}/test`, deliveryIdSchema, { method: 'post' });
