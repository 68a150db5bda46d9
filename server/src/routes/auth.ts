import { dummyHash, verifyPassword } from '../lib/passwords';
import { SignInThrottle } from '../db/sign-in-throttle';
import { hashApiKey, newApiKey } from '../lib/tokens';
import { fail, ok } from '../plugins/errors';
import { loginBodySchema, loginReplySchema } from '../schemas/auth';
import { apiKeySecurity, envelope, errorResponses } from '../schemas/common';
import type { RouteApp } from '../schemas/route-types';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Try again later.';

export default async function authRoutes(app: RouteApp): Promise<void> {
  const throttle = new SignInThrottle(app.db, app.settings.signInPolicy);

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: returns a new API key (a session)',
        body: loginBodySchema,
        response: { 200: loginReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const now = app.clock();
      // Counted as a failure until the password is right; a refusal depends on this client's address.
      const claim = await throttle.claim(username.toLowerCase(), request.ip, now);
      if ('retryAfterMs' in claim) {
        return fail(reply.header('retry-after', String(Math.ceil(claim.retryAfterMs / 1000))), 429, TOO_MANY_FAILURES);
      }

      const account = await app.accounts.findByUsername(username);
      // Unknown users are checked against a dummy hash: same message, same time.
      const valid = await verifyPassword(account?.password_hash ?? (await dummyHash()), request.body.password);
      if (!account || !valid) return fail(reply, 401, INVALID_CREDENTIALS);

      await throttle.succeeded(claim.attempt, now);
      const apiKey = newApiKey();
      await app.accounts.createSession(account.account_id, hashApiKey(apiKey), now);
      await app.accounts.purgeSessions(now - app.settings.sessionMaxMs, now - app.settings.sessionIdleMs);
      return ok('Signed in', { apiKey });
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the API key used for this call',
        security: apiKeySecurity,
        response: { 200: envelope(), ...errorResponses },
      },
    },
    async (request) => {
      if (request.sessionKeyHash) await app.accounts.revokeSession(request.sessionKeyHash, app.clock());
      return ok('Signed out');
    },
  );
}
