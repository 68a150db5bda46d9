import { PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';
import type { JobsRepository } from '../db/jobs-repository';
import type { PipelineWorkersRepository } from '../db/pipeline-workers-repository';
import type { WorkerTokensRepository } from '../db/worker-tokens-repository';

/** One worker of GET /api/pipeline/workers (times in ms since the epoch). */
export interface PipelineWorkerEntry {
  name: string;
  token: boolean;
  created_at: number | null;
  revoked_at: number | null;
  last_seen_at: number | null;
  current_file_id: number | null;
  jobs_done: number;
  jobs_failed: number;
}

const later = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The workers the service knows, by name: each worker token, each worker recorded taking or ending a
 * job (pipeline_workers), and each holder of a running lease, merged where names meet. Three small
 * reads (the tokens, the workers, the jobs held now), never a scan of the files.
 */
export async function listPipelineWorkers(parts: {
  tokens: WorkerTokensRepository;
  workers: PipelineWorkersRepository;
  jobs: JobsRepository;
}): Promise<PipelineWorkerEntry[]> {
  const [tokens, workers, held] = await Promise.all([parts.tokens.list(), parts.workers.list(), parts.jobs.held(PROCESS_FILE)]);
  const byName = new Map<string, PipelineWorkerEntry>();
  const entry = (name: string): PipelineWorkerEntry => {
    let found = byName.get(name);
    if (!found) {
      found = {
        name,
        token: false,
        created_at: null,
        revoked_at: null,
        last_seen_at: null,
        current_file_id: null,
        jobs_done: 0,
        jobs_failed: 0,
      };
      byName.set(name, found);
    }
    return found;
  };
  for (const t of tokens)
    Object.assign(entry(t.name), { token: true, created_at: t.created_at, revoked_at: t.revoked_at, last_seen_at: t.last_used_at });
  for (const w of workers) {
    const e = entry(w.name);
    Object.assign(e, { last_seen_at: later(e.last_seen_at, w.last_seen_at), jobs_done: w.jobs_done, jobs_failed: w.jobs_failed });
  }
  for (const job of held) entry(job.worker).current_file_id = (job.payload as ProcessFilePayload).file_id;
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
