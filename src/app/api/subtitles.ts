import * as v from 'valibot';
import type { SubtitlePatch } from '../../contract/subtitle-patch';
import type { ApiClient, ApiReply } from './client';
import { postForm } from './post-form';
import { subtitleSchema, type Subtitle } from './schemas';
import { ifMatch, writeMerging } from './versioned-write';

/** GET /api/subs?file_id={id} */
export const getSubtitles = (api: ApiClient, fileId: number, signal?: AbortSignal) =>
  api.request('subs', v.object({ subs: v.array(subtitleSchema) }), { searchParams: { file_id: fileId }, ...(signal ? { signal } : {}) });

/**
 * PUT /api/subs/{sub_id}: the language, and the encoding the original is read with (a new one rebuilds
 * the player's rendition). The reply's status (success or warning 'No changes to save') picks the toast.
 */
export const updateSubtitle = (api: ApiClient, subId: number, change: SubtitleChange, headers: Record<string, string> = {}) =>
  api.request(`subs/${subId}`, v.nullish(v.unknown()), { method: 'put', json: change, headers });

/** Only what the operator changed: a field left out is not compared on a 412, so another operator's change of it merges. */
export type SubtitleChange = SubtitlePatch;

/** PUT /api/subs/{sub_id} on the version `base` was read at (see updateFileMerging). */
export const updateSubtitleMerging = (api: ApiClient, base: Subtitle, change: SubtitleChange) =>
  writeMerging(subtitleSchema, base, change, (body, headers) => updateSubtitle(api, base.sub_id, body, headers));

/** DELETE /api/subs/{sub_id} on the version the track was read at: a track changed meanwhile is refused (412). */
export const deleteSubtitle = (api: ApiClient, sub: Subtitle) =>
  api.requestBare(`subs/${sub.sub_id}`, { method: 'delete', headers: ifMatch(sub.version) });

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

/** POST /api/files/sub (multipart, with progress: see postForm). */
export function uploadSubtitle(
  api: ApiClient,
  { file, fileId, lang, subTmp, charset, onProgress, signal }: SubtitleUpload,
): Promise<ApiReply<{ sub: Subtitle }>> {
  const form = new FormData();
  form.append('file_id', String(fileId));
  form.append('sub_lang', lang);
  form.append('sub_tmp', subTmp);
  if (charset) form.append('sub_charset', charset);
  // The file last: multipart parsers that stream see the fields first.
  form.append('subtitle_file', file, file.name);
  return postForm(api, 'files/sub', form, uploadReply, { onProgress, signal });
}
