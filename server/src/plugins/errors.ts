import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { SLUG_INVALID } from '../../../src/contract/file-slug';
import { DatabaseUnavailableError } from '../db/engine';
import { MediaStoreUnavailableError } from '../media/s3-media-store';
import { clientErrorOf } from '../lib/client-errors';
import { mediaStoreUnavailable, SERVER_ERROR } from '../schemas/messages';

/** Retry-After of every 503 (a database or media store down): a client tries again after this many seconds. */
export const RETRY_AFTER_SECONDS = '5';

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/** The 503 of a request that met the media store down or slow (the reason says which, never where or with what key). */
export interface Envelope<T = unknown> {
  status: 'success' | 'warning' | 'error';
  message: string;
  data?: T;
}

export const ok = <T>(message: string, data?: T): Envelope<T> =>
  data === undefined ? { status: 'success', message } : { status: 'success', message, data };

/**
 * Sends an error envelope; handlers `return fail(reply, 404, 'File not found')`. `data` is for errors
 * that carry the resource as it is (a 412 sends the current version).
 */
export function fail(reply: FastifyReply, statusCode: number, message: string, data?: unknown): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send((data === undefined ? { status: 'error', message } : { status: 'error', message, data }) satisfies Envelope);
}

/** Messages people can read: "limit must be at most 100", not "querystring/limit must be <= 100". */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const e = errors[0];
  let message = `Invalid ${dataVar}`;
  if (e) {
    const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = e.params as Record<string, unknown>;
    const field = path || (dataVar === 'body' ? 'The request body' : dataVar);
    switch (e.keyword) {
      case 'required':
        message = `${String(params.missingProperty)} is required`;
        break;
      case 'maximum':
        message = `${field} must be at most ${String(params.limit)}`;
        break;
      case 'minimum':
        message = `${field} must be at least ${String(params.limit)}`;
        break;
      case 'type':
        message = `${field} must be ${params.type === 'integer' ? 'an integer' : params.type === 'object' ? 'a JSON object' : `a ${String(params.type)}`}`;
        break;
      case 'enum':
        message = `${field} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
        break;
      case 'minLength':
        message = `${field} must not be empty`;
        break;
      case 'maxLength':
        message = `${field} must be at most ${String(params.limit)} characters`;
        break;
      case 'pattern':
        message = field === 'file_slug' ? SLUG_INVALID : `${field} has an invalid format`;
        break;
      default:
        message = `${field} ${e.message ?? 'is invalid'}`;
    }
  }
  const error = new Error(message) as Error & { statusCode: number };
  error.statusCode = 400;
  return error;
}

/**
 * Fastify's `frameworkErrors`: errors met before routing (a URL that cannot be decoded, a path
 * parameter over the length limit) would otherwise get Fastify's own JSON, not the envelope.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [statusCode, message] = clientErrorOf(error) ?? [400, 'The request is malformed'];
  return fail(reply, statusCode, message);
}

/** Every error becomes an envelope; 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return fail(reply, 400, error.message);
    const clientError = clientErrorOf(error);
    if (clientError) return fail(reply, clientError[0], clientError[1]);
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error.cause }, 'database unavailable');
      return fail(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, SERVICE_UNAVAILABLE);
    }
    if (error instanceof MediaStoreUnavailableError) {
      request.log.warn({ err: error.cause }, 'media store unavailable');
      return fail(reply.header('retry-after', RETRY_AFTER_SECONDS), 503, mediaStoreUnavailable(error.reason));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return fail(reply, statusCode, SERVER_ERROR);
    }
    return fail(reply, statusCode, error.message);
  });
}
