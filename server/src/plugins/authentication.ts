import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRow } from '../db/accounts-repository';
import { apiKeyLive, dayOf } from '../db/api-keys-repository';
import { routeAccess, scopeAllows, scopeRefusal } from '../lib/route-access';
import { hashApiKey, isAccountApiKey } from '../lib/tokens';
import type { Settings } from '../types';
import { fail } from './errors';
import { API_KEY_ENDED, SESSION_ENDED } from '../schemas/messages';

/** The key from `x-apikey`, else from `Authorization: Bearer`. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-apikey'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** A session that can no longer be used: revoked (sign-out, new password), idle too long, or too old. */
export function sessionEnded(
  session: SessionRow | undefined,
  now: number,
  settings: Pick<Settings, 'sessionIdleMs' | 'sessionMaxMs'>,
): boolean {
  return (
    !session ||
    session.revoked_at !== null ||
    now - session.created_at >= settings.sessionMaxMs ||
    now - session.last_used_at >= settings.sessionIdleMs
  );
}

/**
 * Decorates `app.authenticate`. A session ends when revoked (logout, password reset), after the
 * idle timeout without a request, or at its absolute lifetime, whichever comes first. An account's API
 * key (`vpk_…`, routes/keys.ts) is looked up at every request, so a revoked one is refused at once on
 * every node; it is refused with 403 on a route its scope does not reach (lib/route-access.ts), and
 * its last use is written once a day at most.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('accountId', 0);
  app.decorateRequest('sessionKeyHash', null);
  app.decorateRequest('apiKey', null);
  // last_used_at is written at most this often, so reads are not all writes.
  const touchEvery = Math.min(60_000, Math.floor(app.settings.sessionIdleMs / 10));

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const key = apiKeyOf(request);
    if (!key || key.length > 200) return fail(reply, 401, SESSION_ENDED);
    const keyHash = hashApiKey(key);
    if (isAccountApiKey(key)) {
      const found = await app.apiKeys.find(keyHash);
      const now = app.clock();
      if (!found || !apiKeyLive(found, now)) return fail(reply, 401, API_KEY_ENDED);
      const access = routeAccess(request.method, request.routeOptions.url);
      if (!scopeAllows(found.scope, access)) return fail(reply, 403, scopeRefusal(access));
      if (found.last_used_at === null || found.last_used_at < dayOf(now)) await app.apiKeys.used(found.key_id, now);
      request.accountId = found.account_id;
      request.sessionKeyHash = keyHash;
      request.apiKey = { id: found.key_id, name: found.name };
      return;
    }
    const session = await app.accounts.findSession(keyHash);
    const now = app.clock();
    if (!session || sessionEnded(session, now, app.settings)) return fail(reply, 401, SESSION_ENDED);
    if (now - session.last_used_at >= touchEvery) await app.accounts.touchSession(keyHash, now);
    request.accountId = session.account_id;
    request.sessionKeyHash = keyHash;
  });
}
