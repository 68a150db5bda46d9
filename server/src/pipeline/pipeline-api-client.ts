import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileGoneError } from './file-status';

/** The API answered 401: the worker token is unknown or revoked, so every next call would be refused too. */
export class WorkerTokenRefusedError extends Error {}

export interface PipelineApiOptions {
  /** One JSON call, or one media transfer's wait for its answer (default 30 s). */
  timeoutMs?: number;
  /** How long a source download may take in all (default 30 min). */
  downloadTimeoutMs?: number;
  /** Tries of a call that found the API or the store down (a network error, a timeout, a 5xx), the first included (default 6). */
  tries?: number;
  /** The first retry waits this long, each next one twice as long (default 500 ms). */
  backoffMs?: number;
}

interface Answer {
  status: number;
  message: string;
  data: unknown;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The pipeline API as a worker on another machine calls it: JSON calls authenticated by its worker
 * token (x-pipeline-token), and the media transfers of the URLs the API hands it. Every call has a
 * timeout; one that finds the API down or overloaded (a network error, a timeout, a 5xx) is tried
 * again with exponential backoff, so a node restarting is waited for, never hung on. A 401 is
 * WorkerTokenRefusedError at once.
 */
export class PipelineApi {
  readonly #base: URL;
  readonly #token: string;
  readonly #options: Required<PipelineApiOptions>;

  constructor(base: string, token: string, options: PipelineApiOptions = {}) {
    this.#base = new URL(base);
    this.#token = token;
    this.#options = { timeoutMs: 30_000, downloadTimeoutMs: 1_800_000, tries: 6, backoffMs: 500, ...options };
  }

  /** A URL the API handed (relative to its origin, or absolute: a presigned one). */
  resolve(url: string): URL {
    return new URL(url, this.#base);
  }

  /** Runs `attempt` until it answers below 500, backing off between tries. */
  async #retried(attempt: (signal: AbortSignal) => Promise<Response>, signal?: AbortSignal): Promise<Response> {
    const { tries, backoffMs, timeoutMs } = this.#options;
    for (let tried = 1; ; tried++) {
      let failure: unknown;
      try {
        const response = await attempt(AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]));
        if (response.status < 500 || tried >= tries) return response;
        failure = new Error(`the API answered ${response.status}`);
        await response.body?.cancel();
      } catch (err) {
        if (signal?.aborted || tried >= tries) throw err;
        failure = err;
      }
      void failure;
      await sleep(backoffMs * 2 ** (tried - 1), signal);
      if (signal?.aborted) throw signal.reason;
    }
  }

  /** POSTs a JSON body to an API path; resolves to the envelope's status, message and data. */
  async call(path: string, body: object = {}): Promise<Answer> {
    const response = await this.#retried((signal) =>
      fetch(this.resolve(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pipeline-token': this.#token },
        body: JSON.stringify(body),
        signal,
      }),
    );
    const envelope = (await response.json().catch(() => ({}))) as { message?: string; data?: unknown };
    const answer = { status: response.status, message: envelope.message ?? response.statusText, data: envelope.data };
    if (answer.status === 401) throw new WorkerTokenRefusedError(answer.message);
    return answer;
  }

  /** `call` whose answer must be 200: a 404 is the file deleted meanwhile (FileGoneError), anything else an error with the API's message. */
  async expect<T>(path: string, body: object = {}): Promise<T> {
    const answer = await this.call(path, body);
    if (answer.status === 404) throw new FileGoneError(answer.message);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.message}`);
    return answer.data as T;
  }

  /** GETs a handed URL into a local file (the job's source). */
  async download(url: string, localPath: string, signal: AbortSignal): Promise<void> {
    const all = AbortSignal.any([signal, AbortSignal.timeout(this.#options.downloadTimeoutMs)]);
    const response = await this.#retried((timed) => fetch(this.resolve(url), { signal: AbortSignal.any([timed, all]) }), all);
    if (response.status === 404) throw new FileGoneError('The source is gone');
    if (!response.ok || !response.body) throw new Error(`The source could not be read: ${response.status} ${await errorMessage(response)}`);
    await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(localPath), { signal: all });
  }

  /** PUTs a local file (one output, small: an HLS segment, a playlist, an image) to a handed URL. */
  async upload(url: string, localPath: string, signal: AbortSignal): Promise<void> {
    const bytes = await fs.promises.readFile(localPath);
    const response = await this.#retried(
      (timed) =>
        fetch(this.resolve(url), { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes, signal: timed }),
      signal,
    );
    if (!response.ok) throw new Error(`An output could not be stored: ${response.status} ${await errorMessage(response)}`);
    await response.body?.cancel();
  }
}

/** The envelope's message of an error reply, else its status text. */
async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return (JSON.parse(text) as { message?: string }).message ?? response.statusText;
  } catch {
    return text.slice(0, 200) || response.statusText;
  }
}
