import { ApiKeyNameTakenError, apiKeyJson, TooManyApiKeysError } from '../db/api-keys-repository';
import { fail, ok } from '../plugins/errors';
import { apiKeyCreateBodySchema, apiKeyReplySchema, apiKeysReplySchema } from '../schemas/keys';
import { apiKeySecurity, envelope, errorResponses, idParam } from '../schemas/common';
import { hashApiKey, newAccountApiKey } from '../lib/tokens';
import type { RouteApp } from '../schemas/route-types';

export const API_KEY_NOT_FOUND = 'API key not found';
export const API_KEY_EXPIRY_PAST = 'The expiry must be in the future';
export const apiKeyNameTaken = (name: string) => `An API key named "${name}" already exists`;
export const tooManyApiKeys = (max: number) => `This account has ${max} API keys, the most it may hold: revoke one first`;

/**
 * /api/keys: an account's API keys (decision D55), for integrations that must not hold an operator's
 * password. Only a sign-in may manage them (lib/route-access.ts); the key is answered once, stored hashed.
 */
export default async function keyRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['keys'],
        summary: "The account's API keys, oldest first (never the keys themselves)",
        security: apiKeySecurity,
        response: { 200: apiKeysReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const keys = (await app.apiKeys.list(request.accountId)).map(apiKeyJson);
      return ok(keys.length ? 'API keys loaded' : 'No API keys yet', { keys });
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['keys'],
        summary: 'Create an API key with a scope and an optional expiry: the key is in this reply only',
        security: apiKeySecurity,
        body: apiKeyCreateBodySchema,
        response: { 200: apiKeyReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const expiresAt = request.body.expires_at === undefined ? null : Date.parse(request.body.expires_at);
      if (expiresAt !== null && !(expiresAt > now)) return fail(reply, 400, API_KEY_EXPIRY_PAST);
      const name = request.body.name.trim();
      const apiKey = newAccountApiKey();
      try {
        const row = await app.apiKeys.create(
          { accountId: request.accountId, name, scope: request.body.scope, expiresAt },
          hashApiKey(apiKey),
          now,
          app.maxApiKeys,
        );
        return ok('API key created: copy it now, it is not shown again', { key: apiKeyJson(row), apiKey });
      } catch (err) {
        if (err instanceof ApiKeyNameTakenError) return fail(reply, 409, apiKeyNameTaken(name));
        if (err instanceof TooManyApiKeysError) return fail(reply, 409, tooManyApiKeys(app.maxApiKeys));
        throw err;
      }
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['keys'],
        summary: 'Revoke an API key: refused at once, on every node',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: envelope(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await app.apiKeys.revoke(request.accountId, request.params.id))) return fail(reply, 404, API_KEY_NOT_FOUND);
      // Event streams opened with the key end now, on every node (as at a sign-out).
      await app.db.fileEvents.notifySessionsEnded().catch(() => {});
      return ok('API key revoked');
    },
  );
}
