import type { ActivityRepository } from '../db/activity-repository';
import type { JobPacing } from '../db/engine';
import type { FilesRepository, ScheduleDirection, ScheduleRun } from '../db/files-repository';

export interface ScheduleSweepOptions {
  files: Pick<FilesRepository, 'runDueSchedules'>;
  activity: Pick<ActivityRepository, 'appendAll'>;
  clock: () => number;
  /** How often this node looks for due schedules (ms): a schedule runs at most this long after its time. */
  pollMs: number;
  /** Schedules changed in one transaction; a full batch is followed by the next after a pause (`pacing`). */
  batch: number;
  /**
   * The pause between two full batches, as a bulk job's (db.jobPacing): at least `pauseMs`, and
   * `pauseShare` of the batch's own time, so that other requests run between them (0 and 0: a turn of
   * the event loop).
   */
  pacing: Pick<JobPacing, 'pauseMs' | 'pauseShare'>;
  onError: (err: unknown) => void;
}

/** Activations before deactivations: a file whose both times passed while no node ran ends inactive (deactivate_at is the later). */
const DIRECTIONS: readonly ScheduleDirection[] = ['activate', 'deactivate'];

/** The activity entry of one run: actor and source `schedule`, the time it was due and the flag's change. */
const runEntry = (direction: ScheduleDirection, at: number) => (run: ScheduleRun) => ({
  fileId: run.file_id,
  accountId: run.account_id,
  at,
  actor: 'schedule',
  source: 'schedule' as const,
  action: `schedule_${direction}` as const,
  detail: {
    due_at: new Date(run.due_at).toISOString(),
    isActive: { before: Number(run.is_active) ? 1 : 0, after: direction === 'activate' ? 1 : 0 },
  },
});

/**
 * Runs files' due schedules (decision D56), on every node: at start (the schedules that came due while
 * no node ran) and then every `pollMs`. A run is the file's versioned change, its activity entry and
 * (by the triggers) its file event, all in one transaction that clears the schedule's time, so it
 * happens once however many nodes sweep.
 */
export class ScheduleSweep {
  readonly #options: ScheduleSweepOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(options: ScheduleSweepOptions) {
    this.#options = options;
  }

  start(): void {
    this.#tick();
  }

  /** Stops looking and waits for a sweep under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Runs every schedule due now; resolves to how many ran. */
  async sweep(): Promise<number> {
    const { files, activity, clock, batch, pacing } = this.#options;
    let ran = 0;
    for (const direction of DIRECTIONS) {
      for (;;) {
        const now = clock();
        const started = performance.now();
        const runs = await files.runDueSchedules(direction, now, batch, (tx, done) =>
          activity.appendAll(tx, done.map(runEntry(direction, now))),
        );
        ran += runs.length;
        if (runs.length < batch || this.#stopped) break;
        const pause = Math.max(pacing.pauseMs, (performance.now() - started) * pacing.pauseShare);
        await new Promise((resolve) => (pause ? setTimeout(resolve, pause) : setImmediate(resolve)));
      }
    }
    return ran;
  }

  #tick(): void {
    if (this.#stopped) return;
    this.#running = this.sweep()
      .then(
        () => undefined,
        (err: unknown) => this.#options.onError(err),
      )
      .finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(() => this.#tick(), this.#options.pollMs).unref();
      });
  }
}
