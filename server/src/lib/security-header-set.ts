import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';

/**
 * The headers helmet sets with `options`, as a plain record: for replies written before any hook can
 * run (the framework's 400 for an undecodable URL, the raw-socket 400/431/408), which must carry the
 * same CSP, nosniff and frame headers as every other reply.
 */
export function securityHeaderSet(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // With static directives (no nonce functions) helmet only sets headers, synchronously.
  // The options are helmet's own; @fastify/helmet's typings reach them through helmet's CommonJS types.
  helmet(options as Parameters<typeof helmet>[0])({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
