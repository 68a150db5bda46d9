import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClaimedJob } from '../db/jobs-repository';
import type { MediaStore } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';

/** The route a pipeline API worker reads a source from and writes its outputs to (folder store; routes/pipeline-media.ts). */
export const JOB_MEDIA_PATH = '/api/pipeline/media';

export type JobMediaMethod = 'GET' | 'PUT';

/** What a job media URL carries: the job, its attempt, the key, when it ends, and the signature of all that. */
export interface JobMediaGrant {
  job: number;
  attempt: number;
  key: string;
  expires: number;
}

/**
 * The signature is keyed by the job's lease token, which never leaves the server: any node can check
 * it (no secret to share between nodes), and it dies with the lease (a job claimed again, finished or
 * deleted makes every URL of the attempt worthless), besides its own `expires`.
 */
function signature(leaseToken: string, method: JobMediaMethod, grant: JobMediaGrant): string {
  return createHmac('sha256', leaseToken)
    .update(`${method}\n${grant.job}\n${grant.attempt}\n${grant.key}\n${grant.expires}`)
    .digest('base64url');
}

/** A URL (path and query, relative to the API's origin) that lets its holder GET or PUT one media key of a job until `expires` (ms). */
export function jobMediaUrl(job: ClaimedJob, method: JobMediaMethod, key: string, expires: number): string {
  const grant = { job: job.job_id, attempt: job.attempts, key, expires };
  const query = new URLSearchParams({
    job: String(grant.job),
    attempt: String(grant.attempt),
    key,
    expires: String(expires),
    sig: signature(job.lease_token, method, grant),
  });
  return `${JOB_MEDIA_PATH}?${query}`;
}

/**
 * The URL a worker of the pipeline API uses for one key of its job until `expires` (ms; `now` the
 * server's clock): presigned by the bucket on an object store (the bytes go straight to the store; such
 * a URL ends only at its time, not with the lease), else the API's own signed route.
 */
export async function handOutUrl(
  media: MediaStore,
  job: ClaimedJob,
  method: JobMediaMethod,
  key: string,
  expires: number,
  now: number,
): Promise<string> {
  if (media instanceof S3MediaStore) return media.presign(key, method, (expires - now) / 1000);
  return jobMediaUrl(job, method, key, expires);
}

/** Why a job media URL is refused (403), or null when it holds: signed for this method and key by the running lease, not expired. */
export function jobMediaRefusal(
  job: ClaimedJob | undefined,
  method: JobMediaMethod,
  grant: JobMediaGrant,
  sig: string,
  now: number,
): string | null {
  if (!job || job.attempts !== grant.attempt) return JOB_URL_ENDED;
  const expected = Buffer.from(signature(job.lease_token, method, grant));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return JOB_URL_INVALID;
  if (grant.expires <= now) return JOB_URL_EXPIRED;
  return null;
}

export const JOB_URL_ENDED = "This URL's job is no longer leased by the worker it was handed to";
export const JOB_URL_INVALID = 'This URL is not signed for this method and media key';
export const JOB_URL_EXPIRED = 'This URL has expired: ask the pipeline API for a new one';
