import type { ClaimedJob, JobsRepository } from '../db/jobs-repository';
import type { WorkerEvent } from '../db/pipeline-workers-repository';

/** A failure that another attempt cannot fix (a file that is not a video): the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobContext {
  /** Aborted when the worker stops or loses the job's lease: stop working, the job is someone else's. */
  signal: AbortSignal;
  /** The worker's name (the file's `file_server`). */
  worker: string;
}

/** What a worker does with the jobs of one kind. */
export interface JobHandler {
  kind: string;
  run(job: ClaimedJob, context: JobContext): Promise<void>;
  /** The job will run again after `delayMs` (this attempt failed with `reason`). */
  retrying(job: ClaimedJob, reason: string, delayMs: number): Promise<void>;
  /** No attempts are left, or the failure is permanent: the job is dropped after this. */
  failed(job: ClaimedJob, reason: string): Promise<void>;
}

export interface WorkerOptions {
  name: string;
  queue: Pick<JobsRepository, 'claim' | 'extend' | 'finish' | 'retryLater'>;
  handlers: JobHandler[];
  /** A claimed job is this worker's for this long, renewed every third of it (at most every 5 s) while it runs (default 60 s). */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (default 1 s). */
  pollMs?: number;
  /** The first retry waits this long, each next one twice as long (default 10 s). */
  backoffMs?: number;
  /** Told when this worker takes a job and when it ends one (the pipeline's workers list); its failure only reaches onError. */
  record?: (name: string, event: WorkerEvent) => Promise<void>;
  onError?: (err: unknown) => void;
}

/**
 * The longest time between two renewals of a running job's lease: a renewal is also how a worker
 * learns that its job is gone (its file deleted for good), and then stops its ffmpeg.
 */
const RENEW_EVERY_MS = 5_000;

/** The message a person reads: the error's own, without a stack. */
const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Claims due jobs one at a time and runs them. The lease is renewed while a job runs; a worker that
 * dies leaves its job to be claimed again when the lease ends (another attempt). A failed attempt is
 * retried with exponential backoff until the job's attempts are used up, then the job fails with the
 * reason.
 */
export class Worker {
  readonly #options: Required<Omit<WorkerOptions, 'onError' | 'record'>> & Pick<WorkerOptions, 'onError' | 'record'>;
  readonly #handlers: Map<string, JobHandler>;
  readonly #stopping = new AbortController();
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;

  constructor(options: WorkerOptions) {
    this.#options = { leaseMs: 60_000, pollMs: 1_000, backoffMs: 10_000, ...options };
    this.#handlers = new Map(options.handlers.map((h) => [h.kind, h]));
  }

  get name(): string {
    return this.#options.name;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Looks for a job now instead of at the next poll (a node that just enqueued one calls it). */
  poke(): void {
    this.#wake?.();
  }

  /** Stops claiming, aborts the running job (its lease will end and another worker retries it), and waits. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#wake?.();
    await this.#loop;
  }

  async #run(): Promise<void> {
    const { queue, name, leaseMs, pollMs } = this.#options;
    while (!this.#stopping.signal.aborted) {
      let job: ClaimedJob | undefined;
      try {
        job = await queue.claim(name, [...this.#handlers.keys()], leaseMs);
        if (job) await this.#work(job);
      } catch (err) {
        this.#options.onError?.(err);
      }
      if (!job && !this.#stopping.signal.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = undefined;
      }
    }
  }

  /** Records what the worker did; a failed write is reported, never the job's failure. */
  async #record(event: WorkerEvent): Promise<void> {
    await this.#options.record?.(this.#options.name, event).catch((err: unknown) => this.#options.onError?.(err));
  }

  async #work(job: ClaimedJob): Promise<void> {
    const { queue, leaseMs, backoffMs } = this.#options;
    const handler = this.#handlers.get(job.kind)!;
    await this.#record('took');
    if (job.attempts > job.max_attempts) {
      // Its last attempt's worker died: no attempts are left.
      await handler.failed(job, job.last_error ?? 'The worker processing it stopped');
      await queue.finish(job);
      await this.#record('failed');
      return;
    }
    const lease = new AbortController();
    const stop = () => lease.abort();
    this.#stopping.signal.addEventListener('abort', stop);
    const renew = setInterval(
      () => {
        queue.extend(job, leaseMs).then(
          (mine) => mine || lease.abort(),
          () => {}, // a missed renewal is retried at the next tick; the lease is three ticks long or more
        );
      },
      Math.min(leaseMs / 3, RENEW_EVERY_MS),
    );
    try {
      await handler.run(job, { signal: lease.signal, worker: this.#options.name });
      await queue.finish(job);
      await this.#record('done');
    } catch (err) {
      if (lease.signal.aborted) return; // stopped or lost the lease: the job is left to its next claim
      const reason = reasonOf(err);
      if (err instanceof PermanentJobError || job.attempts >= job.max_attempts) {
        await handler.failed(job, reason);
        await queue.finish(job);
        await this.#record('failed');
      } else {
        const delay = backoffMs * 2 ** (job.attempts - 1);
        // The file says so while the job is still this worker's (a worker of the pipeline API may only write then).
        await handler.retrying(job, reason, delay);
        await queue.retryLater(job, reason, delay);
      }
    } finally {
      clearInterval(renew);
      this.#stopping.signal.removeEventListener('abort', stop);
    }
  }
}
