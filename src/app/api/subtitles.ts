import * as v from 'valibot';
import { ApiError, GENERIC_ERROR, TRANSPORT_ERRORS } from './api-error';
import { parseReply, REQUEST_TIMEOUT_MS, type ApiClient, type ApiReply } from './client';
import { subtitleSchema, type Subtitle } from './schemas';

/** GET /api/subs?file_id={id} */
export const getSubtitles = (api: ApiClient, fileId: number, signal?: AbortSignal) =>
  api.request('subs', v.object({ subs: v.array(subtitleSchema) }), { searchParams: { file_id: fileId }, ...(signal ? { signal } : {}) });

/**
 * PUT /api/subs/{sub_id}: the language, and the encoding the original is read with (a new one rebuilds
 * the player's rendition). The reply's status (success or warning 'No changes to save') picks the toast.
 */
export const updateSubtitle = (api: ApiClient, subId: number, change: { sub_lang: string; sub_charset?: string }) =>
  api.request(`subs/${subId}`, v.nullish(v.unknown()), { method: 'put', json: change });

/** DELETE /api/subs/{sub_id} */
export const deleteSubtitle = (api: ApiClient, subId: number) => api.requestBare(`subs/${subId}`, { method: 'delete' });

export interface SubtitleUpload {
  file: File;
  fileId: number;
  lang: string;
  /** 16 random alphanumeric characters, '_', the original name: the server's idempotency key. */
  subTmp: string;
  /** The encoding the user saw (a WHATWG name); absent, the server detects it. */
  charset?: string;
  /** Fraction of the body sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const uploadReply = v.object({ sub: subtitleSchema });

/**
 * POST /api/files/sub (multipart). XMLHttpRequest rather than ky: upload progress needs it (fetch
 * upload streams need HTTP/2, which http://127.0.0.1 does not speak). Same rules as the client:
 * auth headers, envelope validation, server messages in ApiError, 401 ends the session. The 10 s
 * time-out counts silence, not the whole request: 10 s without upload progress, or 10 s for the
 * answer once the file is sent — a 5 MB file on a slow link must not fail just for taking longer.
 */
export function uploadSubtitle(
  api: ApiClient,
  { file, fileId, lang, subTmp, charset, onProgress, signal }: SubtitleUpload,
): Promise<ApiReply<{ sub: Subtitle }>> {
  return new Promise((resolve, reject) => {
    const path = 'files/sub';
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
          resolve(parseReply(path, uploadReply, body));
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
    const form = new FormData();
    form.append('file_id', String(fileId));
    form.append('sub_lang', lang);
    form.append('sub_tmp', subTmp);
    if (charset) form.append('sub_charset', charset);
    // The file last: multipart parsers that stream see the fields first.
    form.append('subtitle_file', file, file.name);
    xhr.send(form);
    restartSilence();
  });
}
