import type { FastifyInstance } from 'fastify';
import { dummyHash, MAX_PASSWORD_LENGTH, verifyPassword } from '../lib/passwords';
import { hashApiKey, newApiKey } from '../lib/tokens';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, envelope, errorResponses } from './schemas';

const HOUR = 3_600_000;
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Try again later.';

interface LoginBody {
  username: string;
  password: string;
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: returns a new API key (a session)',
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 200 },
            password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
          },
        },
        response: {
          200: envelope({ type: 'object', required: ['apiKey'], properties: { apiKey: { type: 'string' } } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const throttleKey = username.toLowerCase();
      const ip = request.ip;
      const now = app.clock();
      const { loginMaxFailuresPerAccount, loginMaxFailuresPerIp } = app.settings;

      // Check the limits and count this attempt as a failure in one write transaction, so parallel
      // attempts cannot slip past the limit; a successful sign-in removes its own entry again.
      const attempt = await app.accounts.claimSignInAttempt(throttleKey, ip, now, {
        perAccount: loginMaxFailuresPerAccount,
        perIp: loginMaxFailuresPerIp,
        since: now - HOUR,
      });
      if (attempt === null) return fail(reply, 429, TOO_MANY_FAILURES);

      const account = await app.accounts.findByUsername(username);
      // Unknown users are checked against a dummy hash: same message, same time.
      const valid = await verifyPassword(account?.password_hash ?? (await dummyHash()), request.body.password);
      if (!account || !valid) return fail(reply, 401, INVALID_CREDENTIALS);

      await app.accounts.forgetFailure(attempt);
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
