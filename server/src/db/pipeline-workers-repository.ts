import type { Db } from './engine';

/** What a worker did: took a job, or ended one (done, or failed for good). A retried attempt ends nothing. */
export type WorkerEvent = 'took' | 'done' | 'failed';

export interface PipelineWorkerRow {
  name: string;
  last_seen_at: number;
  jobs_done: number;
  jobs_failed: number;
}

/**
 * The pipeline_workers table's one reader and writer: each pipeline worker by name (in a server, the
 * CLI's `worker`, or a worker token's), when it was last seen taking or ending a job, and how many jobs
 * it ended. One write per job event, never per poll or request.
 */
export class PipelineWorkersRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async record(name: string, event: WorkerEvent, now: number): Promise<void> {
    const done = event === 'done' ? 1 : 0;
    const failed = event === 'failed' ? 1 : 0;
    await this.#db.run(
      `INSERT INTO pipeline_workers (name, last_seen_at, jobs_done, jobs_failed) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET last_seen_at = excluded.last_seen_at,
         jobs_done = pipeline_workers.jobs_done + excluded.jobs_done, jobs_failed = pipeline_workers.jobs_failed + excluded.jobs_failed`,
      [name, now, done, failed],
    );
  }

  async list(): Promise<PipelineWorkerRow[]> {
    const rows = await this.#db.all<PipelineWorkerRow>(
      'SELECT name, last_seen_at, jobs_done, jobs_failed FROM pipeline_workers ORDER BY name',
    );
    return rows.map((r) => ({
      name: r.name,
      last_seen_at: Number(r.last_seen_at),
      jobs_done: Number(r.jobs_done),
      jobs_failed: Number(r.jobs_failed),
    }));
  }
}
