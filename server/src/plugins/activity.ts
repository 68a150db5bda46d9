import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ActivityRepository, REQUEST_SOURCES, type ActivityAction, type ActivitySource } from '../db/activity-repository';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The source an `X-VP-Source` header names (the kit says `panel`); anything else is `api`. */
export function sourceNamed(header: unknown): ActivitySource {
  const named = String(header ?? '').toLowerCase();
  return (REQUEST_SOURCES as readonly string[]).includes(named) ? (named as ActivitySource) : 'api';
}

/** The source of a request: `key` for an account API key (D55), else what it names in `X-VP-Source`. */
export const sourceOf = (request: FastifyRequest): ActivitySource => (request.apiKey ? 'key' : sourceNamed(request.headers['x-vp-source']));

/** An account by name (the log's and a saved subtitle version's actor). */
export const accountName = async (app: FastifyInstance, accountId: number): Promise<string> =>
  (await app.accounts.findById(accountId))?.username ?? String(accountId);

/** Who a request acts as, by name: its API key's (the log says "by key CMS sync"), else its account's. */
export const actorOf = async (app: FastifyInstance, request: FastifyRequest): Promise<string> =>
  request.apiKey?.name ?? accountName(app, request.accountId);

/** A request's account, its name and its source: whom a change it makes is logged as. */
export const actingAs = async (app: FastifyInstance, request: FastifyRequest) => ({
  accountId: request.accountId,
  actor: await actorOf(app, request),
  source: sourceOf(request),
});

/**
 * The activity log: `app.activity` (read), `app.recordActivity(request, fileId, action, detail)` after
 * a change (the actor is the signed-in account, the source its `X-VP-Source`), and the retention
 * (`activityDays`, 0 keeps everything) applied at start and hourly.
 */
async function activity(app: FastifyInstance): Promise<void> {
  const log = new ActivityRepository(app.db);
  app.decorate('activity', log);
  app.decorate(
    'recordActivity',
    async (request: FastifyRequest, fileId: number, action: ActivityAction, detail: Record<string, unknown> = {}) => {
      const actor = await actorOf(app, request);
      await log.append({ fileId, accountId: request.accountId, at: app.clock(), actor, source: sourceOf(request), action, detail });
    },
  );

  const prune = () => {
    if (app.settings.activityDays === 0) return;
    log
      .prune(app.clock() - app.settings.activityDays * DAY_MS)
      .catch((err: unknown) => app.log.warn({ err }, 'pruning the activity log failed'));
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => prune());
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(activity, { name: 'activity', dependencies: ['database'] });
