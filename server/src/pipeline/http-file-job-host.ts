import type { ProcessingFields } from '../db/files-repository';
import type { ClaimedJob } from '../db/jobs-repository';
import type { MadeMedia } from '../media/publish';
import path from 'node:path';
import { downloadUrl } from './download';
import type { FileJobHost, NewFolder, SourceFetch } from './file-job-host';
import type { PipelineApi } from './pipeline-api-client';

/** Names asked for in one call of …/uploads (an HLS ladder is many small files). */
const URLS_PER_CALL = 200;
/** Outputs uploaded at once. */
const UPLOADS_AT_ONCE = 4;

interface SourceAnswer {
  url: string;
  policy?: { allow_hosts: string[]; max_bytes: number; timeout_ms: number; too_large_reason?: string };
}

/**
 * The host of a job for a worker that reaches nothing but the API: each call is a route of
 * /api/pipeline/jobs/{id}/… (routes/pipeline-jobs.ts), which makes the same writes as the server's own
 * worker (LocalFileJobHost); media goes through the short-lived URLs those routes hand out.
 */
export class HttpFileJobHost implements FileJobHost {
  readonly #api: PipelineApi;
  readonly #job: ClaimedJob;

  constructor(api: PipelineApi, job: ClaimedJob) {
    this.#api = api;
    this.#job = job;
  }

  #call<T = unknown>(action: string, body: object = {}): Promise<T> {
    return this.#api.expect<T>(`/api/pipeline/jobs/${this.#job.job_id}/${action}`, { attempt: this.#job.attempts, ...body });
  }

  async report(status: number | null, fields: ProcessingFields = {}): Promise<void> {
    await this.#call('report', { file_status: status, ...fields });
  }

  /** An upload through its signed URL; a URL source downloaded here, under the policy the API handed (as its own worker would). */
  async fetchSource(localPath: string, { signal, onProgress }: SourceFetch): Promise<void> {
    const { url, policy } = await this.#call<SourceAnswer>('source');
    if (!policy) return this.#api.download(url, localPath, signal);
    await downloadUrl(url, localPath, {
      allowHosts: policy.allow_hosts,
      maxBytes: policy.max_bytes,
      timeoutMs: policy.timeout_ms,
      tooLargeReason: policy.too_large_reason,
      signal,
      onProgress,
    });
  }

  /** A server from before downloads answers no `downloads`: none are made. */
  async newFolder(): Promise<NewFolder> {
    const { folder, downloads } = await this.#call<{ folder: string; downloads?: boolean }>('folder');
    return { folder, downloads: downloads === true };
  }

  async store(made: MadeMedia, folder: string, signal: AbortSignal): Promise<void> {
    for (let start = 0; start < made.names.length; start += URLS_PER_CALL) {
      const names = made.names.slice(start, start + URLS_PER_CALL);
      const { urls } = await this.#call<{ urls: { name: string; url: string }[] }>('uploads', { folder, names });
      let next = 0;
      const uploader = async () => {
        while (next < urls.length) {
          const { name, url } = urls[next++]!;
          await this.#api.upload(url, path.join(made.dir, name), signal);
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, urls.length) }, uploader));
    }
  }

  /** The API counts the folder at the bytes it finds stored, not at the worker's word. */
  async published(folder: string): Promise<void> {
    await this.#call('published', { folder });
  }

  async complete(): Promise<void> {
    await this.#call('complete');
  }

  async discard(folder: string | null, owned: boolean, gone: boolean): Promise<void> {
    await this.#call('discard', { folder, owned, gone });
  }

  async retrying(_attempt: number, reason: string, delayMs: number): Promise<void> {
    await this.#call('retrying', { reason, delay_ms: delayMs });
  }

  async failed(reason: string): Promise<void> {
    await this.#call('failed', { reason });
  }
}
