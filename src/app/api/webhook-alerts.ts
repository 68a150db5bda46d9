import * as v from 'valibot';
import type { ApiClient } from './client';

/** An endpoint's state alone: the top bar reads nothing more of the list (the webhooks screen's module stays lazy). */
const statesSchema = v.object({ webhooks: v.array(v.object({ state: v.string() })) });

/**
 * How many of the account's webhook endpoints are failing or paused (GET /api/webhooks): the Account
 * menu tells the operator wherever they are in the panel (issue 42).
 */
export async function failingWebhooks(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const reply = await api.request('webhooks', statesSchema, { signal });
  return reply.data.webhooks.filter((hook) => hook.state !== 'active').length;
}
