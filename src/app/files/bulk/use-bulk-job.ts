import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import {
  bulkJobOf,
  failedFileIds,
  getBulkJob,
  idempotencyKey,
  startBulkJob,
  startBulkSet,
  undoBulkJob,
  type BulkJob,
  type BulkTarget,
  type BulkValues,
} from '../../api/bulk-jobs';
import { watchFileEvents } from '../../api/file-events';
import { useApi } from '../../api/use-api';

/** Without an `event: job` for this long, the job is read from the API (the stream may be down). */
const QUIET_MS = 2_500;

/** What the job followed is: the action asked for, a retry of the failed files of one, or the undo of one. */
export type JobKind = 'action' | 'retry' | 'undo';

export type StartResult = { kind: 'started' } | { kind: 'count-moved'; count: number } | { kind: 'error'; error: unknown };

const ended = (job: BulkJob | null) => job?.state === 'done' || job?.state === 'failed';

/**
 * A bulk job of the list over a filter: started with an Idempotency-Key (one per confirmed action,
 * so a retried request never starts a second job), then followed live from the event stream's
 * `event: job`, and read from GET /api/jobs/:id whenever the stream has been quiet for a while. A
 * retry of its failed files or its undo is a new job, followed the same way in its place.
 */
export function useBulkJob() {
  const api = useApi();
  const [job, setJob] = useState<BulkJob | null>(null);
  const [kind, setKind] = useState<JobKind>('action');
  const [starting, setStarting] = useState(false);
  const heard = useRef(0);

  /** Sends a request that answers a new job, and follows that job. */
  const follow = useCallback(async (next: JobKind, request: () => Promise<{ data: { job: BulkJob } }>): Promise<StartResult> => {
    setStarting(true);
    try {
      const reply = await request();
      heard.current = Date.now();
      setJob(reply.data.job);
      setKind(next);
      return { kind: 'started' };
    } catch (error) {
      const count = isApiError(error) && error.httpStatus === 409 ? (error.data as { count?: unknown } | undefined)?.count : undefined;
      return typeof count === 'number' ? { kind: 'count-moved', count } : { kind: 'error', error };
    } finally {
      setStarting(false);
    }
  }, []);

  const start = useCallback(
    (action: string, target: BulkTarget) => follow('action', () => startBulkJob(api, action, target, idempotencyKey())),
    [api, follow],
  );

  /** The values of the last set (a retry of its failed files sends them again). */
  const setValues = useRef<BulkValues | null>(null);
  const set = useCallback(
    (values: BulkValues, target: BulkTarget) => {
      setValues.current = values;
      return follow('action', () => startBulkSet(api, values, target, idempotencyKey()));
    },
    [api, follow],
  );

  /** One key per job undone: pressing Undo again after a lost reply answers the same undo job. */
  const undoKeys = useRef(new Map<number, string>());
  /** A new job that takes back what this ended one changed (the server's inverse action over its done files). */
  const undo = useCallback((): Promise<StartResult> => {
    if (!job) return Promise.resolve({ kind: 'error', error: null });
    const key = undoKeys.current.get(job.id) ?? idempotencyKey();
    undoKeys.current.set(job.id, key);
    return follow('undo', () => undoBulkJob(api, job.id, key));
  }, [api, job, follow]);

  const jobId = job?.id;
  const running = job !== null && !ended(job);
  useEffect(() => {
    if (jobId === undefined || !running) return;
    let live = true;
    const take = (next: BulkJob | null) => {
      if (!live || next?.id !== jobId) return;
      heard.current = Date.now();
      setJob((current) => (ended(current) ? current : next));
    };
    const read = () =>
      getBulkJob(api, jobId).then(
        (reply) => take(reply.data.job),
        () => {}, // the next tick tries again
      );
    const watch = watchFileEvents(api, { onEvent: () => {}, onJob: (data) => take(bulkJobOf(data)), poll: read });
    const timer = setInterval(() => {
      if (Date.now() - heard.current > QUIET_MS) void read();
    }, QUIET_MS);
    return () => {
      live = false;
      clearInterval(timer);
      watch.stop();
    };
  }, [api, jobId, running]);

  /** A new job over the files this one failed on (the same action). */
  const retryFailed = useCallback(async (): Promise<StartResult> => {
    if (!job) return { kind: 'error', error: null };
    let ids: number[];
    try {
      ids = await failedFileIds(api, job.id);
    } catch (error) {
      return { kind: 'error', error };
    }
    const values = job.action.startsWith('set_') ? setValues.current : null;
    return follow('retry', () =>
      values ? startBulkSet(api, values, { ids }, idempotencyKey()) : startBulkJob(api, job.action, { ids }, idempotencyKey()),
    );
  }, [api, job, follow]);

  return { job, kind, starting, running, start, set, retryFailed, undo };
}
