import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dayOf } from '../db/view-rollup';
import { ViewStatsRepository } from '../db/view-stats-repository';
import { BeatBuffer } from '../player/beat-buffer';
import { BeatCheck } from '../player/beat-check';

const DAY_MS = 86_400_000;
/** Beats are rolled up this often: a beat shows in the stats within seconds of its batch's write. */
const ROLLUP_EVERY_MS = 5_000;
/** Held beats are written at least this often. */
const FLUSH_MS = 1_000;
/** A session with no beat for this long is forgotten: a page left open longer and played again counts again. */
const SESSION_KEEP_MS = DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;
/** A file's `views_30d` counts today and the 29 days before (the stats' default range). */
const WINDOW_DAYS = 30;
/** Days a decay looks back for views that left the window (a server stopped this long still catches up). */
const DECAY_DAYS = 7;

/** The first day of the views_30d window at `now`. */
const windowStart = (now: number): string => dayOf(now - (WINDOW_DAYS - 1) * DAY_MS);

/**
 * View analytics (issue 41, decision D54): `app.beatBuffer` holds the beats `POST /api/beats` accepts
 * and writes them in batches; every few seconds the stored beats are rolled up (one node at a time,
 * each beat counted once: see ViewStatsRepository.rollUp), and the files' `views_30d` follow; hourly,
 * views that left the 30 days leave `views_30d`, and sessions idle for a day and roll-ups older than
 * `analyticsDays` go.
 */
async function viewAnalytics(app: FastifyInstance, { beatsBatch }: { beatsBatch: number }): Promise<void> {
  const stats = new ViewStatsRepository(app.db);
  const buffer = new BeatBuffer({
    write: (beats) => stats.insertBeats(beats),
    batch: beatsBatch,
    flushMs: FLUSH_MS,
    onError: (err) => app.log.warn({ err }, 'storing view beats failed (kept for the next try)'),
  });
  app.decorate('viewStats', stats);
  app.decorate('beatBuffer', buffer);
  app.decorate('beatCheck', new BeatCheck());

  let rolling: Promise<void> = Promise.resolve();
  const rollUpViews = (): Promise<void> =>
    (rolling = rolling.then(async () => {
      await buffer.flush();
      while ((await stats.rollUp(windowStart(app.clock()))) > 0);
    }));
  app.decorate('rollUpViews', rollUpViews);

  const warn = (what: string) => (err: unknown) => app.log.warn({ err }, what);
  const pruneViews = async (): Promise<void> => {
    const now = app.clock();
    await stats.decay(dayOf(now - (WINDOW_DAYS - 1 + DECAY_DAYS) * DAY_MS), windowStart(now));
    await stats.prune(now - SESSION_KEEP_MS, dayOf(now - app.settings.analyticsDays * DAY_MS));
  };
  const prune = () => void pruneViews().catch(warn('pruning the view stats failed'));
  app.decorate('pruneViews', pruneViews);
  const rollUpTimer = setInterval(() => void rollUpViews().catch(warn('rolling up the view beats failed')), ROLLUP_EVERY_MS);
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  rollUpTimer.unref();
  pruneTimer.unref();
  app.addHook('onReady', async () => prune());
  // Before the database closes: what this node holds is written.
  app.addHook('preClose', async () => {
    clearInterval(rollUpTimer);
    clearInterval(pruneTimer);
    await rolling.catch(() => {});
    await buffer.close().catch(warn('storing view beats failed'));
  });
}

export default fp(viewAnalytics, { name: 'view-analytics', dependencies: ['database'] });
