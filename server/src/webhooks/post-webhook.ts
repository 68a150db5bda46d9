import http from 'node:http';
import https from 'node:https';
import { checkSourceUrl, guardedLookup, type UrlPolicy } from '../lib/url-policy';
import type { AttemptResult } from '../db/webhook-delivery';

/** The part of an answer the delivery log keeps. */
const KEPT_BYTES = 1024;

/**
 * POSTs one delivery and reports what came back; never throws. The address is checked against the
 * outbound policy before and during the connection (as URL ingest's), a redirect is an answer like any
 * other (never followed), and the whole exchange has `timeoutMs`.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: Pick<UrlPolicy, 'allowHosts'>,
  timeoutMs: number,
  stop: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const signal = AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]);
  const latency = () => Math.round(performance.now() - started);
  try {
    const url = new URL(target);
    await checkSourceUrl(url, { ...policy, maxBytes: 0, timeoutMs });
    const { statusCode, text } = await send(url, body, headers, policy, signal);
    return { statusCode, latencyMs: latency(), response: text };
  } catch (err) {
    const message = signal.aborted && !stop.aborted ? `No answer within ${timeoutMs / 1000} s` : (err as Error).message;
    return { statusCode: null, latencyMs: latency(), response: message.slice(0, KEPT_BYTES) };
  }
}

function send(
  url: URL,
  body: string,
  headers: Record<string, string>,
  policy: Pick<UrlPolicy, 'allowHosts'>,
  signal: AbortSignal,
): Promise<{ statusCode: number; text: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup({ ...policy, maxBytes: 0, timeoutMs: 0 }, url) as never,
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'vp-admin-kit-webhooks',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept >= KEPT_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
          // The log keeps the first 1 KB: the rest of a long answer is not waited for.
          if (kept >= KEPT_BYTES) response.destroy();
        });
        const done = () =>
          resolve({ statusCode: response.statusCode ?? 0, text: Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8') });
        response.on('end', done);
        response.on('close', done);
        response.on('error', () => done());
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
