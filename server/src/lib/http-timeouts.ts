import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify/Node options that cut a request which takes longer than `seconds` to arrive, headers and
 * body together (a client sending one byte a second would otherwise hold a connection and a temp
 * file forever), and close a connection idle for that long. Node looks for overdue requests on a
 * timer; its default period of 30 s is shortened so that short timeouts are honoured promptly.
 */
export function timeoutOptions(seconds: number): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const ms = Math.round(seconds * 1000);
  return {
    requestTimeout: ms,
    connectionTimeout: ms,
    http: {
      headersTimeout: Math.min(ms, 60_000), // Node requires headersTimeout <= requestTimeout
      connectionsCheckingInterval: Math.max(100, Math.min(Math.floor(ms / 4), 30_000)),
    },
  };
}
