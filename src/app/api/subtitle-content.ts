import { ApiError, GENERIC_ERROR, TRANSPORT_ERRORS } from './api-error';
import { REQUEST_TIMEOUT_MS, type ApiClient } from './client';
import { subtitleSchema } from './schemas';
import { ifMatch } from './versioned-write';

/** A track's text as the cue editor edits it, and the version it was read at (its ETag). */
export interface SubtitleText {
  text: string;
  version: number | null;
}

const versionOf = (etag: string | null): number | null => {
  const match = etag && /^(?:W\/)?"(\d+)"$/.exec(etag.trim());
  return match ? Number(match[1]) : null;
};

/**
 * GET /api/subs/{sub_id}/vtt: the WebVTT text being edited (a track uploaded as .srt/.ass/.ssa/.sub is
 * edited as its WebVTT rendition). fetch rather than the JSON client: the body is text, and the ETag
 * header is the version. Failures are ApiErrors as the client's are (the envelope's message, 401 ends the session).
 */
export async function getSubtitleText(api: ApiClient, subId: number, signal?: AbortSignal): Promise<SubtitleText> {
  const hadKey = api.hasKey();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(api.url(`subs/${subId}/vtt`), {
      headers: api.authHeaders(),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    throw timeout.aborted ? new ApiError(TRANSPORT_ERRORS.timeout, 'timeout') : new ApiError(GENERIC_ERROR, 'network');
  }
  if (!response.ok) throw api.errorFromReply(response.status, await response.json().catch(() => null), hadKey);
  // Decoded as UTF-8 whatever the header says: the rendition is UTF-8 (docs/api.md).
  return { text: new TextDecoder().decode(await response.arrayBuffer()), version: versionOf(response.headers.get('etag')) };
}

/**
 * PUT /api/subs/{sub_id}/content: the edited text as the track's new version, on the version it was read
 * at (412 with the track as it is now when someone saved first). A `warning` reply says the server
 * cleaned some cue text: the stored text is then read again.
 */
export const putSubtitleText = (api: ApiClient, subId: number, text: string, version: number | null) =>
  api.request(`subs/${subId}/content`, subtitleSchema, {
    method: 'put',
    body: new Blob([text], { type: 'text/vtt;charset=utf-8' }),
    headers: { 'Content-Type': 'text/vtt; charset=utf-8', ...ifMatch(version) },
  });
