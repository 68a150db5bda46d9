import type { ClaimedJob } from '../db/jobs-repository';
import type { WorkerOptions } from '../jobs/worker';
import type { PipelineApi } from './pipeline-api-client';

type Queue = WorkerOptions['queue'];

/**
 * The reference queue over the pipeline API (/api/pipeline/jobs/…): a job is claimed under the worker
 * token's name, and the worker names it by id and attempt; its lease token stays on the server (it
 * signs the job's media URLs), so the job carries an empty one here.
 */
export function httpJobQueue(api: PipelineApi): Queue {
  const path = (job: ClaimedJob, action: string) => `/api/pipeline/jobs/${job.job_id}/${action}`;
  return {
    async claim(_name, _kinds, leaseMs) {
      const { job } = await api.expect<{ job: Omit<ClaimedJob, 'lease_token'> | null }>('/api/pipeline/jobs/claim', { lease_ms: leaseMs });
      return job ? { ...job, lease_token: '' } : undefined;
    },
    async extend(job, leaseMs) {
      return (await api.expect<{ mine: boolean }>(path(job, 'extend'), { attempt: job.attempts, lease_ms: leaseMs })).mine;
    },
    async finish(job) {
      await api.expect(path(job, 'finish'), { attempt: job.attempts });
    },
    async retryLater(job, error, delayMs) {
      await api.expect(path(job, 'retry-later'), { attempt: job.attempts, reason: error, delay_ms: delayMs });
    },
  };
}
