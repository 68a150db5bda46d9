import { webhookCreateSchema, webhookDeliverySchema, webhookPayloadSchema, webhookSchema } from '../../../src/contract/webhook';
import { envelope, idSchema } from './common';
import { contractSchema } from './from-contract';

// Schemas of the webhook routes: /api/webhooks (src/contract/webhook.ts).

export const webhookCreateBodySchema = contractSchema(webhookCreateSchema, {
  url: { description: 'Where deliveries are POSTed: a public http(s) address (private ones only when VP_WEBHOOK_ALLOW_HOSTS names them)' },
  events: { description: 'The events the endpoint gets' },
  description: { description: 'Says what the endpoint is for, in the list' },
});

const webhook = contractSchema(webhookSchema, {
  state: { description: 'active; failing: a delivery used up its retries; paused: failing for 3 days, deliveries are held' },
  created_at: { format: 'date-time' },
  failing_since: { format: 'date-time' },
});

const delivery = contractSchema(webhookDeliverySchema, {
  event_id: { description: 'The Webhook-Id header: the same on every attempt and redelivery' },
  created_at: { format: 'date-time' },
  next_attempt_at: { format: 'date-time' },
  attempts: {
    description: 'Every POST of the delivery, newest first: time, status code (null: no answer), latency, first 1 KB of the answer',
  },
});

export const webhookCreateReplySchema = envelope({
  type: 'object',
  required: ['webhook', 'secret'],
  properties: { webhook, secret: { type: 'string', description: 'The signing secret (whsec_…): shown only in this reply' } },
});

export const webhooksReplySchema = envelope({
  type: 'object',
  required: ['webhooks'],
  properties: { webhooks: { type: 'array', items: webhook } },
});

export const deliveriesReplySchema = envelope({
  type: 'object',
  required: ['deliveries'],
  properties: { deliveries: { type: 'array', items: delivery } },
});

export const deliveryIdReplySchema = envelope({ type: 'object', required: ['delivery_id'], properties: { delivery_id: idSchema } });

export const webhookDeliveryParams = {
  type: 'object',
  required: ['id', 'delivery_id'],
  properties: { id: idSchema, delivery_id: idSchema },
} as const;

/** The JSON body every delivery POSTs (components.schemas.WebhookPayload of the OpenAPI document). */
export const webhookPayloadJsonSchema = contractSchema(webhookPayloadSchema, {
  type: {
    description:
      'The event: file.created, file.status (every status step), file.ready (Completed), file.failed, file.updated, file.deleted, file.restored, subtitle.created (a track added or back from the trash), subtitle.updated (its language, encoding or text: a cue editor save or a version restore), subtitle.deleted (to the trash), bulk_job.finished; webhook.test from POST /api/webhooks/{id}/test',
  },
  timestamp: { format: 'date-time', description: 'When the change was written' },
  data: {
    description:
      'file_id (and status: the status code, on file.status, file.ready, file.failed; sub_id and language: the track and its language code, on subtitle.*); job_id and state on bulk_job.finished',
  },
});
