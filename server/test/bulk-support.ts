import type { TestServer } from './helpers';

// Helpers of the bulk job tests: POST /api/files/bulk, polling a job to its end, its results, the files.

export type Listed = { file_id: number; file_title: string; isActive: 0 | 1; version: number };
export type Job = { id: number; state: string; total: number; counts: Record<string, number> };

/** Every file of an account (live or its trash), by id. */
export async function allFiles(s: TestServer, key: string, trashed = 0): Promise<Map<number, Listed>> {
  const out = new Map<number, Listed>();
  for (let page = 1; ; page++) {
    const { files } = (await s.request('GET', `/api/files/?limit=100&page=${page}&sort_by=file_id&order=asc&trashed=${trashed}`, { key }))
      .body.data as { files: Listed[] };
    for (const f of files) out.set(f.file_id, f);
    if (files.length < 100) return out;
  }
}

export const listTotal = async (s: TestServer, key: string, query: string): Promise<number> =>
  (await s.request('GET', `/api/files/?limit=1&${query}`, { key })).body.data.pagination.total_records;

let keys = 0;
export const newKey = () => `test-key-${Date.now()}-${keys++}`;

export function postBulk(s: TestServer, key: string, body: unknown, idempotencyKey: string | null = newKey()) {
  return s.request('POST', '/api/files/bulk', {
    key,
    json: body,
    headers: { 'x-vp-source': 'panel', ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
  });
}

/** Polls GET /api/jobs/:id until the job has ended. */
export async function finished(s: TestServer, key: string, jobId: number, ms = 20_000): Promise<Job> {
  const until = Date.now() + ms;
  for (;;) {
    const job = (await s.request('GET', `/api/jobs/${jobId}?limit=1`, { key })).body.data.job as Job;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.state}: ${JSON.stringify(job.counts)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every result of a job, in file id order. */
export async function results(
  s: TestServer,
  key: string,
  jobId: number,
): Promise<Array<{ file_id: number; outcome: string; reason: string | null }>> {
  const out = [];
  for (let after = 0; ;) {
    const data = (await s.request('GET', `/api/jobs/${jobId}?limit=1000&after=${after}`, { key })).body.data;
    out.push(...data.results);
    if (data.next_after === null) return out;
    after = data.next_after;
  }
}

export const activityOf = async (s: TestServer, key: string, fileId: number) =>
  (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity as Array<{
    activity_id: number;
    action: string;
    source: string;
    actor: string;
    detail: Record<string, unknown>;
  }>;
