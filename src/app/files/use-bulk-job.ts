import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../api/api-error';
import { bulkJobOf, failedFileIds, getBulkJob, idempotencyKey, startBulkJob, type BulkJob, type BulkTarget } from '../api/bulk-jobs';
import { watchFileEvents } from '../api/file-events';
import { useApi } from '../api/use-api';

/** Without an `event: job` for this long, the job is read from the API (the stream may be down). */
const QUIET_MS = 2_500;

export type StartResult = { kind: 'started' } | { kind: 'count-moved'; count: number } | { kind: 'error'; error: unknown };

const ended = (job: BulkJob | null) => job?.state === 'done' || job?.state === 'failed';

/**
 * A bulk job of the list over a filter: started with an Idempotency-Key (one per confirmed action,
 * so a retried request never starts a second job), then followed live from the event stream's
 * `event: job`, and read from GET /api/jobs/:id whenever the stream has been quiet for a while.
 */
export function useBulkJob() {
  const api = useApi();
  const [job, setJob] = useState<BulkJob | null>(null);
  const [starting, setStarting] = useState(false);
  const heard = useRef(0);

  const start = useCallback(
    async (action: string, target: BulkTarget): Promise<StartResult> => {
      setStarting(true);
      try {
        const reply = await startBulkJob(api, action, target, idempotencyKey());
        heard.current = Date.now();
        setJob(reply.data.job);
        return { kind: 'started' };
      } catch (error) {
        const count = isApiError(error) && error.httpStatus === 409 ? (error.data as { count?: unknown } | undefined)?.count : undefined;
        return typeof count === 'number' ? { kind: 'count-moved', count } : { kind: 'error', error };
      } finally {
        setStarting(false);
      }
    },
    [api],
  );

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
    return start(job.action, { ids });
  }, [api, job, start]);

  return { job, starting, running, start, retryFailed };
}
