import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import * as v from 'valibot';
import { configStore } from '../config/config';
import { ApiError, GENERIC_ERROR, TRANSPORT_ERRORS } from './api-error';
import { bareEnvelope, envelope, envelopeStatus } from './schemas';

/** Spec §9: every call times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

let apiBase = '/api';

/**
 * Points every call at an API base (the elements' `api-base` attribute). One base per page: the
 * elements share one client, so a second, different base is reported rather than silently mixed.
 */
export function setApiBase(base: string | undefined) {
  const next = (base?.trim() || '/api').replace(/\/+$/, '');
  if (next !== apiBase && apiBase !== '/api') {
    console.warn(`vp-admin-kit: api-base changed from "${apiBase}" to "${next}"; all elements on a page share one API base.`);
  }
  apiBase = next;
}

export const getApiBase = () => apiBase;

/** The session's headers: `x-apikey` when signed in (DESIGN.md §4: never a placeholder), a bearer token when config has one. */
export function authHeaders(): Record<string, string> {
  const { apiKey, config } = configStore.getState();
  return { ...(apiKey ? { 'x-apikey': apiKey } : {}), ...(config?.token ? { Authorization: `Bearer ${config.token}` } : {}) };
}

/** The one ky instance (DESIGN.md §5): timeout, no retries (a repeated PUT must be the user's choice), auth headers. */
const http = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const [name, value] of Object.entries(authHeaders())) request.headers.set(name, value);
      },
    ],
  },
});

export interface RequestOptions extends Pick<Options, 'json' | 'body' | 'searchParams' | 'signal'> {
  method?: 'get' | 'post' | 'put' | 'delete';
}

export interface ApiReply<T> {
  status: 'success' | 'warning' | 'error';
  message: string;
  data: T;
}

/**
 * Calls the API and returns the validated envelope. Throws ApiError with a readable message for
 * HTTP errors (the server's message when it sent one), time-outs, network failures and replies
 * that do not match the schema. A 401 on a call that carried a key ends the session.
 */
export async function request<S extends v.GenericSchema>(path: string, dataSchema: S, options: RequestOptions = {}): Promise<ApiReply<v.InferOutput<S>>> {
  const { method = 'get', ...rest } = options;
  return parseReply(path, dataSchema, await send(path, method, rest));
}

/** Validates a 2xx body against the envelope (exported for the XHR upload, which needs progress events). */
export function parseReply<S extends v.GenericSchema>(path: string, dataSchema: S, body: unknown): ApiReply<v.InferOutput<S>> {
  const parsed = v.safeParse(envelope(dataSchema), body);
  if (!parsed.success) throw notSuccess(body) ?? invalidReply(path, parsed.issues);
  return parsed.output as ApiReply<v.InferOutput<S>>;
}

/** A 2xx reply that says it did not succeed and carries no data: its message is the reason, for the user. */
function notSuccess(body: unknown): ApiError | null {
  const reply = v.safeParse(v.object({ status: v.picklist(['warning', 'error']), message: v.pipe(v.string(), v.minLength(1)) }), body);
  return reply.success ? new ApiError(reply.output.message, 'not-success', 200, reply.output.status) : null;
}

/**
 * The ApiError for a non-2xx reply whose body was already read (XHR path); a 401 on a call that
 * carried a key ends the session, exactly as for ky calls.
 */
export function errorFromReply(httpStatus: number, body: unknown, hadKey: boolean): ApiError {
  if (httpStatus === 401 && hadKey) configStore.expireSession();
  const reply = v.safeParse(v.object({ status: envelopeStatus, message: v.string() }), body);
  return new ApiError(reply.success && reply.output.message ? reply.output.message : GENERIC_ERROR, 'http', httpStatus, reply.success ? reply.output.status : null);
}

/** Absolute URL of an API path (for the XHR upload). */
export const apiUrl = (path: string): string => resolveUrl(path).href;

/** Like `request`, for calls whose data the caller does not read. */
export async function requestBare(path: string, options: RequestOptions = {}): Promise<ApiReply<unknown>> {
  const { method = 'get', ...rest } = options;
  const body = await send(path, method, rest);
  const parsed = v.safeParse(bareEnvelope, body);
  if (!parsed.success) throw invalidReply(path, parsed.issues);
  return { ...parsed.output, data: parsed.output.data };
}

/** Sends a request and returns the parsed JSON body of a 2xx reply. */
async function send(path: string, method: NonNullable<RequestOptions['method']>, options: Omit<RequestOptions, 'method'>): Promise<unknown> {
  const hadKey = Boolean(configStore.getState().apiKey);
  try {
    return await http(resolveUrl(path), { method, ...options }).json();
  } catch (error) {
    throw await toApiError(error, hadKey);
  }
}

/** An absolute URL: `api-base` may be relative to the page (the default `/api`) or another origin. */
function resolveUrl(path: string): URL {
  return new URL(`${apiBase}/${path.replace(/^\/+/, '')}`, globalThis.document?.baseURI ?? 'http://localhost/');
}

async function toApiError(error: unknown, hadKey: boolean): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return errorFromReply(error.response.status, await readJson(error.response), hadKey);
  if (error instanceof TimeoutError) return new ApiError(TRANSPORT_ERRORS.timeout, 'timeout');
  if (error instanceof SyntaxError) return new ApiError(TRANSPORT_ERRORS.unreadable, 'invalid-response');
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(TRANSPORT_ERRORS.cancelled, 'network');
  return new ApiError(GENERIC_ERROR, 'network');
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function invalidReply(path: string, issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const where = issues[0] ? `${v.getDotPath(issues[0]) ?? 'body'}: ${issues[0].message}` : 'unknown shape';
  console.error(`vp-admin-kit: the reply to ${path} does not match the API contract (${where}).`);
  return new ApiError(TRANSPORT_ERRORS.unreadable, 'invalid-response');
}
