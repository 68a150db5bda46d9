/** Why a call failed, in words a user can read (`message`) and in a form code can branch on (`kind`). */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response' | 'not-success';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status when the server answered, else 0. */
    readonly httpStatus = 0,
    /** The envelope's `status` when the server sent one. */
    readonly serverStatus: 'success' | 'warning' | 'error' | null = null,
    /** The error envelope's `data` (a 412 carries the resource as it is now), unchecked. */
    readonly data: unknown = undefined,
  ) {
    super(message);
  }

  /** True when the message came from the server (so it can be shown as is). */
  get fromServer(): boolean {
    return this.serverStatus !== null;
  }
}

/** The spec's generic text for a failure without a server message (docs/spec.md §8). */
export const GENERIC_ERROR = 'Something went wrong';

/** What a failure without a server reply says, for every transport (ky and the XHR upload). */
export const TRANSPORT_ERRORS = {
  timeout: 'The server did not answer within 10 seconds. Please try again.',
  cancelled: 'The request was cancelled.',
  unreadable: 'The server sent a reply the panel cannot read.',
} as const;

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's message when it sent one, else the given fallback. */
export const messageOf = (error: unknown, fallback = GENERIC_ERROR): string =>
  isApiError(error) && error.fromServer && error.message ? error.message : fallback;
