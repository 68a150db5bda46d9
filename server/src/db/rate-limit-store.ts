import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './engine';

/** Expired buckets are deleted at most this often (one indexed DELETE). */
const PURGE_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store whose counters live in the database, so that every node of a
 * PostgreSQL deployment counts the same requests (the plugin's own store is per process). One
 * upsert per request: a fixed window per bucket that starts with its first hit.
 */
export function databaseRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let nextPurge = 0;
  const store: FastifyRateLimitStore = {
    incr(bucket, callback, timeWindow) {
      const at = now();
      const purge =
        at >= nextPurge
          ? ((nextPurge = at + PURGE_EVERY_MS), db.run('DELETE FROM rate_limit_hits WHERE window_ends_at <= ?', [at]))
          : Promise.resolve(0);
      purge
        .then(() =>
          db.get<{ hits: number; window_ends_at: number }>(
            `INSERT INTO rate_limit_hits (bucket, hits, window_ends_at) VALUES (?, 1, ?)
             ON CONFLICT (bucket) DO UPDATE SET
               hits = CASE WHEN rate_limit_hits.window_ends_at <= ? THEN 1 ELSE rate_limit_hits.hits + 1 END,
               window_ends_at = CASE WHEN rate_limit_hits.window_ends_at <= ? THEN excluded.window_ends_at ELSE rate_limit_hits.window_ends_at END
             RETURNING hits, window_ends_at`,
            [bucket, at + timeWindow, at, at],
          ),
        )
        .then(
          (row) => callback(null, { current: Number(row!.hits), ttl: Number(row!.window_ends_at) - at }),
          (err: Error) => callback(err),
        );
    },
    child: () => store,
  };
  return function DatabaseRateLimitStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Buckets a node keeps in memory at most: past it, the oldest window is dropped (a hostile flood of addresses holds no more). */
const LOCAL_BUCKETS = 100_000;

/**
 * The shared store, except for the buckets `isLocal` names, counted in this process's memory (a fixed
 * window per bucket, as in the database): the view beats of every viewer (decision D64), so that a
 * thousand viewers beating every 10 s are not a hundred upserts a second. Each node limits them alone,
 * so an address spread over N nodes may send N times as many beats; their writes are the batched beats'.
 */
export function withNodeLocalBuckets(
  Shared: FastifyRateLimitStoreCtor,
  isLocal: (bucket: string) => boolean,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  return function NodeLocalBucketsStore(this: unknown, options: unknown) {
    const shared = new (Shared as unknown as new (options: unknown) => FastifyRateLimitStore)(options);
    const windows = new Map<string, { hits: number; endsAt: number }>();
    const store: FastifyRateLimitStore = {
      incr(bucket, callback, timeWindow, max) {
        if (!isLocal(bucket)) return shared.incr(bucket, callback, timeWindow, max);
        const at = now();
        let window = windows.get(bucket);
        if (!window || window.endsAt <= at) {
          windows.delete(bucket); // re-inserted last: the map stays in the order the windows started
          if (windows.size >= LOCAL_BUCKETS) windows.delete(windows.keys().next().value!);
          window = { hits: 0, endsAt: at + timeWindow };
          windows.set(bucket, window);
        }
        window.hits += 1;
        callback(null, { current: window.hits, ttl: window.endsAt - at });
      },
      child: () => store,
    };
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
