import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify/Node options that cut a request which takes longer than `seconds` to arrive, headers and
 * body together (a client sending one byte a second would otherwise hold a connection and a temp
 * file forever), and close a connection idle for that long. Node looks for overdue requests on a
 * timer; its default period of 30 s is shortened so that short timeouts are honoured promptly.
 * The keep-alive time a reply announces (`Keep-Alive: timeout=N`) is shorter than that idle cut:
 * announced longer (Fastify's 72 s against a 60 s cut), a client reusing a connection idle for
 * 60–72 s had it closed under its next request ("other side closed").
 */
export function timeoutOptions(seconds: number): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const ms = Math.round(seconds * 1000);
  return {
    requestTimeout: ms,
    connectionTimeout: ms,
    keepAliveTimeout: Math.max(1000, Math.min(72_000, ms - 5000)),
    http: {
      headersTimeout: Math.min(ms, 60_000), // Node requires headersTimeout <= requestTimeout
      connectionsCheckingInterval: Math.max(100, Math.min(Math.floor(ms / 4), 30_000)),
    },
  };
}
