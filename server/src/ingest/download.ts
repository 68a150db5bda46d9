import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { looksLikeVideo, VIDEO_SNIFF_BYTES } from '../media/video-signature';
import { PermanentJobError } from '../pipeline/worker';
import { checkSourceUrl, guardedLookup, parseSourceUrl, UrlRefusedError, type UrlPolicy } from './url-policy';

const MAX_REDIRECTS = 5;

export interface DownloadOptions extends UrlPolicy {
  signal?: AbortSignal | undefined;
  /** The fraction downloaded (when the source says its length). */
  onProgress?: ((fraction: number) => void) | undefined;
  /** Why a source past `maxBytes` fails, when the limit is not the size limit (the account's storage quota). */
  tooLargeReason?: string | undefined;
}

export const tooLargeMessage = (maxBytes: number): string => `The video is larger than the limit of ${maxBytes} bytes`;

function get(url: URL, options: DownloadOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: guardedLookup(options, url) as never, signal: options.signal, timeout: 30_000 }, resolve);
    request.on('timeout', () => request.destroy(new Error('The source did not answer in time')));
    request.on('error', reject);
  });
}

/**
 * Downloads a video source to a local file, following at most 5 redirects and checking every hop's
 * address against the policy; a 4xx answer, a refused address, a source over the size limit or bytes
 * that are no video fail the job for good (PermanentJobError), anything else may be retried.
 */
export async function downloadUrl(text: string, localPath: string, options: DownloadOptions): Promise<void> {
  let url = parseSourceUrl(text);
  for (let hop = 0; ; hop++) {
    let response: http.IncomingMessage;
    try {
      await checkSourceUrl(url, options);
      response = await get(url, options);
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
    await pipeline(response, counter, fs.createWriteStream(localPath));
    const head = Buffer.alloc(VIDEO_SNIFF_BYTES);
    const handle = await fs.promises.open(localPath, 'r');
    const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    if (!looksLikeVideo(head.subarray(0, bytesRead))) throw new PermanentJobError('This file is not a video');
    return;
  }
}
