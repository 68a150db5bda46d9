import type { KyInstance, Options } from 'ky';
import * as v from 'valibot';
import type { Session } from '../session/session';
import { ApiError, GENERIC_ERROR, TRANSPORT_ERRORS } from './api-error';
import { bareEnvelope, envelope } from './schemas';

/** Every call times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface RequestOptions extends Pick<Options, 'json' | 'body' | 'searchParams' | 'signal' | 'headers'> {
  method?: 'get' | 'post' | 'put' | 'delete';
}

export interface ApiReply<T> {
  status: 'success' | 'warning' | 'error';
  message: string;
  data: T;
  /** Where a read stands in the file event log (`X-Last-Event-Id`), when the server says so. */
  lastEventId?: number;
}

/**
 * The API as one element's session sees it: its base, its key. Built once per session
 * (`apiClientFor`, kept by the session), so elements on the same base share a client and elements on two bases never mix.
 */
export interface ApiClient {
  /**
   * Calls the API and returns the validated envelope. Throws ApiError with a readable message for
   * HTTP errors (the server's message when it sent one), time-outs, network failures and replies
   * that do not match the schema. A 401 on a call that carried a key ends the session.
   */
  request<S extends v.GenericSchema>(path: string, dataSchema: S, options?: RequestOptions): Promise<ApiReply<v.InferOutput<S>>>;
  /** Like `request`, for calls whose data the caller does not read. */
  requestBare(path: string, options?: RequestOptions): Promise<ApiReply<unknown>>;
  /** Absolute URL of an API path (for the XHR upload). */
  url(path: string): string;
  /** The session's headers: `x-apikey` when signed in (never a placeholder), a bearer token when config has one. */
  authHeaders(): Record<string, string>;
  /** The ApiError for a non-2xx reply whose body was already read (XHR path); a 401 with a key ends the session. */
  errorFromReply(httpStatus: number, body: unknown, hadKey: boolean): ApiError;
  hasKey(): boolean;
}

/**
 * ky loads with the first call, not with the kit: a signed-out sign-in page makes no call, and ky's
 * start-up checks cost about 15 ms of main thread here (about 60 ms on a slow phone) before the form
 * could paint. A session that is already signed in starts loading it at once.
 */
let kyModule: Promise<typeof import('ky')> | null = null;
const loadKy = () => (kyModule ??= import('ky'));

/** The client of a session (one per API base on the page), kept by the session. */
export const apiClientFor = (session: Session): ApiClient => session.own(createApiClient);

function createApiClient({ apiBase, store }: Session): ApiClient {
  const authHeaders = (): Record<string, string> => {
    const { apiKey, config } = store.getState();
    return {
      ...(apiKey ? { 'x-apikey': apiKey } : {}),
      ...(config?.token ? { Authorization: `Bearer ${config.token}` } : {}),
      // The server's activity log says a change came from the panel.
      'X-VP-Source': 'panel',
    };
  };
  // Time-out, no retries (a repeated PUT must be the user's choice), the session's headers.
  let http: Promise<KyInstance> | null = null;
  const client = () =>
    (http ??= loadKy().then(({ default: ky }) =>
      ky.create({
        timeout: REQUEST_TIMEOUT_MS,
        retry: 0,
        hooks: {
          beforeRequest: [(request) => void Object.entries(authHeaders()).forEach(([name, value]) => request.headers.set(name, value))],
        },
      }),
    ));
  if (store.getState().apiKey) void client();
  const url = (path: string) => `${apiBase}/${path.replace(/^\/+/, '')}`;
  const hasKey = () => Boolean(store.getState().apiKey);

  const errorFromReply = (httpStatus: number, body: unknown, hadKey: boolean): ApiError => {
    if (httpStatus === 401 && hadKey) store.expireSession();
    const reply = v.safeParse(bareEnvelope, body);
    return new ApiError(
      reply.success && reply.output.message ? reply.output.message : GENERIC_ERROR,
      'http',
      httpStatus,
      reply.success ? reply.output.status : null,
      reply.success ? reply.output.data : undefined,
    );
  };

  async function send(path: string, { method = 'get', ...options }: RequestOptions): Promise<{ body: unknown; lastEventId?: number }> {
    const hadKey = hasKey();
    const [http, { HTTPError, TimeoutError }] = await Promise.all([client(), loadKy()]);
    try {
      const response = await http(url(path), { method, ...options });
      const lastEventId = response.headers.get('x-last-event-id');
      return { body: await response.json(), ...(lastEventId && /^\d+$/.test(lastEventId) ? { lastEventId: +lastEventId } : {}) };
    } catch (error) {
      if (error instanceof HTTPError) throw errorFromReply(error.response.status, await readJson(error.response), hadKey);
      if (error instanceof TimeoutError) throw new ApiError(TRANSPORT_ERRORS.timeout, 'timeout');
      throw toApiError(error);
    }
  }

  return {
    async request(path, dataSchema, options = {}) {
      const { body, lastEventId } = await send(path, options);
      const reply = parseReply(path, dataSchema, body);
      return lastEventId === undefined ? reply : { ...reply, lastEventId };
    },
    async requestBare(path, options = {}) {
      const parsed = v.safeParse(bareEnvelope, (await send(path, options)).body);
      if (!parsed.success) throw invalidReply(path, parsed.issues);
      return { ...parsed.output, data: parsed.output.data };
    },
    url,
    authHeaders,
    errorFromReply,
    hasKey,
  };
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

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
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
