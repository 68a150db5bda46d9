import * as v from 'valibot';

/**
 * Webhooks of an account (docs/api.md, Webhooks; decision D58): POST /api/webhooks's body, an endpoint
 * and its deliveries as the API lists them, and the JSON body every delivery POSTs. The kit reads and
 * builds them; the server derives its JSON schemas from here.
 */

/**
 * The events an endpoint may want: a file added, each status step, Completed, a failure, an edit, the
 * trash and back, a subtitle track added (or back from the trash), changed (language, encoding, a save
 * or version restore of its text) or moved to the trash, a bulk job's end. `webhook.test` is sent only
 * by POST /api/webhooks/{id}/test.
 */
export const WEBHOOK_EVENTS = [
  'file.created',
  'file.status',
  'file.ready',
  'file.failed',
  'file.updated',
  'file.deleted',
  'file.restored',
  'subtitle.created',
  'subtitle.updated',
  'subtitle.deleted',
  'bulk_job.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest endpoint URL and description. */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookCreateSchema = v.strictObject({
  url: v.pipe(v.string(), v.maxLength(WEBHOOK_URL_MAX)),
  events: v.pipe(v.array(v.picklist(WEBHOOK_EVENTS)), v.minLength(1), v.maxLength(WEBHOOK_EVENTS.length)),
  description: v.optional(v.pipe(v.string(), v.maxLength(WEBHOOK_DESCRIPTION_MAX))),
});
export type WebhookCreate = v.InferOutput<typeof webhookCreateSchema>;

/** `active`: deliveries go out; `failing`: a delivery used up its retries; `paused`: failing for 3 days, nothing is sent. */
export const WEBHOOK_STATES = ['active', 'failing', 'paused'] as const;

const integer = v.pipe(v.number(), v.integer());

export const webhookSchema = v.object({
  id: integer,
  url: v.string(),
  description: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  state: v.picklist(WEBHOOK_STATES),
  /** ISO-8601. */
  created_at: v.string(),
  /** Since when deliveries fail (ISO-8601); null while the endpoint answers. */
  failing_since: v.nullable(v.string()),
});
export type WebhookJson = v.InferOutput<typeof webhookSchema>;

/** One POST of a delivery: its time, the answer's status code (null: no answer), latency, the answer's first 1 KB or the error. */
export const webhookAttemptSchema = v.object({
  at: v.string(),
  status_code: v.nullable(integer),
  latency_ms: integer,
  response: v.string(),
});

/** `pending`: to be sent (again); `delivered`: answered 2xx; `failed`: its retries are used up; `held`: its endpoint is paused. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'held'] as const;

export const webhookDeliverySchema = v.object({
  id: integer,
  /** The Webhook-Id header: the same on every attempt and redelivery. */
  event_id: v.string(),
  type: v.string(),
  state: v.picklist(WEBHOOK_DELIVERY_STATES),
  created_at: v.string(),
  /** When the next attempt is due (ISO-8601); null when none is. */
  next_attempt_at: v.nullable(v.string()),
  /** Newest first. */
  attempts: v.array(webhookAttemptSchema),
});
export type WebhookDeliveryJson = v.InferOutput<typeof webhookDeliverySchema>;

/**
 * The body of every delivery: small, the rest is one API call away. `data.status` is the file's status
 * code on file.status, file.ready and file.failed; `data.sub_id` and `data.language` (its code as the
 * change left it) are a subtitle track's on subtitle.*, with its file's `file_id`; `data.job_id` and
 * `data.state` are a bulk job's. The OpenAPI document shows it as the WebhookPayload schema.
 */
export const webhookPayloadSchema = v.object({
  type: v.picklist([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  /** ISO-8601: when the change was written. */
  timestamp: v.string(),
  data: v.object({
    file_id: v.optional(integer),
    status: v.optional(integer),
    sub_id: v.optional(integer),
    language: v.optional(v.string()),
    job_id: v.optional(integer),
    state: v.optional(v.string()),
  }),
});
export type WebhookPayload = v.InferOutput<typeof webhookPayloadSchema>;
