import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PermanentJobError } from '../jobs/worker';
import { checkSourceUrl, guardedLookup, parseSourceUrl, UrlRefusedError, type UrlPolicy } from '../lib/url-policy';

const MAX_REDIRECTS = 5;

export interface DownloadOptions extends UrlPolicy {
  /** Aborted when the worker stops or loses the job's lease. */
  signal?: AbortSignal | undefined;
  /** The fraction downloaded (when the source says its length). */
  onProgress?: ((fraction: number) => void) | undefined;
  /** Why a source past `maxBytes` fails, when the limit is not the size limit (the account's storage quota). */
  tooLargeReason?: string | undefined;
}

export const tooLargeMessage = (maxBytes: number): string => `The video is larger than the limit of ${maxBytes} bytes`;

export const downloadTimeoutMessage = (timeoutMs: number): string => `The download did not finish within ${timeoutMs / 1000} s`;

function get(url: URL, options: DownloadOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: guardedLookup(options, url) as never, signal, timeout: 30_000 }, resolve);
    request.on('timeout', () => request.destroy(new Error('The source did not answer in time')));
    request.on('error', reject);
  });
}

/**
 * Downloads a video source to a local file, following at most 5 redirects and checking every hop's
 * address against the policy; a 4xx answer, a refused address, a source over the size limit or a
 * download that outlasts `timeoutMs` fail the job for good (PermanentJobError), anything else may be
 * retried. The deadline is not retried: a source that sends a byte every 20 s (never idle for the 30 s
 * socket timeout) would hold the worker for the deadline once per attempt.
 */
export async function downloadUrl(text: string, localPath: string, options: DownloadOptions): Promise<void> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    await download(text, localPath, options, signal);
  } catch (err) {
    const timedOut = deadline.signal.aborted && !options.signal?.aborted && !(err instanceof PermanentJobError);
    throw timedOut ? new PermanentJobError(downloadTimeoutMessage(options.timeoutMs)) : err;
  } finally {
    clearTimeout(timer);
  }
}

async function download(text: string, localPath: string, options: DownloadOptions, signal: AbortSignal): Promise<void> {
  let url = parseSourceUrl(text);
  for (let hop = 0; ; hop++) {
    let response: http.IncomingMessage;
    try {
      await checkSourceUrl(url, options);
      response = await get(url, options, signal);
    } catch (err) {
      if (err instanceof UrlRefusedError || (err as { cause?: unknown }).cause instanceof UrlRefusedError) {
        throw new PermanentJobError((err as Error).message);
      }
      throw err;
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new PermanentJobError('The source redirected too many times');
      try {
        url = parseSourceUrl(new URL(response.headers.location, url).toString());
      } catch (err) {
        throw new PermanentJobError((err as Error).message);
      }
      continue;
    }
    if (status !== 200) {
      response.resume();
      const message = `The source answered HTTP ${status}`;
      throw status >= 400 && status < 500 ? new PermanentJobError(message) : new Error(message);
    }
    const length = Number(response.headers['content-length'] ?? NaN);
    if (length > options.maxBytes) {
      response.destroy();
      throw new PermanentJobError(options.tooLargeReason ?? tooLargeMessage(options.maxBytes));
    }
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > options.maxBytes) return done(new PermanentJobError(options.tooLargeReason ?? tooLargeMessage(options.maxBytes)));
        if (length > 0) options.onProgress?.(received / length);
        done(null, chunk);
      },
    });
    // Whether the bytes are a video is the pipeline's next step (process-file.ts), as for an upload.
    await pipeline(response, counter, fs.createWriteStream(localPath), { signal });
    return;
  }
}
