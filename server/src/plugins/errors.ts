import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { DatabaseUnavailableError } from '../db/engine';

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

export interface Envelope<T = unknown> {
  status: 'success' | 'warning' | 'error';
  message: string;
  data?: T;
}

export const ok = <T>(message: string, data?: T): Envelope<T> =>
  data === undefined ? { status: 'success', message } : { status: 'success', message, data };

/** Sends an error envelope; handlers `return fail(reply, 404, 'File not found')`. */
export function fail(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ status: 'error', message } satisfies Envelope);
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
        message =
          field === 'file_slug'
            ? 'file_slug must be 1 to 100 letters, digits, "-" or "_"'
            : `${field} has an invalid format`;
        break;
      default:
        message = `${field} ${e.message ?? 'is invalid'}`;
    }
  }
  const error = new Error(message) as Error & { statusCode: number };
  error.statusCode = 400;
  return error;
}

const MULTIPART_LIMITS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, 'File size must be less than 5MB'],
  FST_FILES_LIMIT: [413, 'Only one subtitle file can be uploaded at a time'],
  FST_PARTS_LIMIT: [413, 'Too many form fields'],
  FST_FIELDS_LIMIT: [413, 'Too many form fields'],
  FST_PROTO_VIOLATION: [400, 'Invalid form field name'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The upload must be sent as multipart/form-data'],
};

/** Every error becomes an envelope; 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return fail(reply, 400, error.message);
    const mapped = error.code ? MULTIPART_LIMITS[error.code] : undefined;
    if (mapped) return fail(reply, mapped[0], mapped[1]);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return fail(reply, 413, 'The request body is too large');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return fail(reply, 415, 'Unsupported Content-Type');
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return fail(reply, 400, 'The request body is empty');
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return fail(reply, 400, 'The request body is not valid JSON');
    }
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error.cause }, 'database unavailable');
      return fail(reply.header('retry-after', '5'), 503, SERVICE_UNAVAILABLE);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return fail(reply, statusCode, 'Something went wrong on the server. Please try again.');
    }
    return fail(reply, statusCode, error.message);
  });
}
