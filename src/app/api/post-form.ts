import type * as v from 'valibot';
import { ApiError, GENERIC_ERROR, TRANSPORT_ERRORS } from './api-error';
import { parseReply, REQUEST_TIMEOUT_MS, type ApiClient, type ApiReply } from './client';

export interface FormProgress {
  /** Fraction of the body sent, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * POSTs a multipart form with upload progress. XMLHttpRequest rather than ky: upload progress needs
 * it (fetch upload streams need HTTP/2, which http://127.0.0.1 does not speak). Same rules as the
 * client: auth headers, envelope validation, server messages in ApiError, 401 ends the session. The
 * 10 s time-out counts silence, not the whole request: 10 s without upload progress, or 10 s for the
 * answer once the body is sent — a big file on a slow link must not fail just for taking longer.
 */
export function postForm<S extends v.GenericSchema>(
  api: ApiClient,
  path: string,
  form: FormData,
  dataSchema: S,
  { onProgress, signal }: FormProgress = {},
): Promise<ApiReply<v.InferOutput<S>>> {
  return new Promise((resolve, reject) => {
    const hadKey = api.hasKey();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.url(path));
    for (const [name, value] of Object.entries(api.authHeaders())) xhr.setRequestHeader(name, value);
    let timedOut = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const restartSilence = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    xhr.upload.onprogress = (event) => {
      restartSilence();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = restartSilence;
    xhr.onloadend = () => clearTimeout(silence);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        if (xhr.status >= 200 && xhr.status < 300) {
          reject(new ApiError(TRANSPORT_ERRORS.unreadable, 'invalid-response'));
          return;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parseReply(path, dataSchema, body));
        } catch (error) {
          reject(error);
        }
      } else {
        reject(api.errorFromReply(xhr.status, body, hadKey));
      }
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_ERROR, 'network'));
    xhr.onabort = () =>
      reject(timedOut ? new ApiError(TRANSPORT_ERRORS.timeout, 'timeout') : new ApiError(TRANSPORT_ERRORS.cancelled, 'network'));
    if (signal) {
      if (signal.aborted) {
        reject(new ApiError(TRANSPORT_ERRORS.cancelled, 'network'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
    restartSilence();
  });
}
