import * as v from 'valibot';
import type { ApiClient } from './client';
import { fileSchema, type VideoFile } from './schemas';

// The poster the operator chooses (PUT / DELETE /api/files/{id}/poster, decision D65), each on the version
// the editor shows (If-Match): a change made elsewhere meanwhile is a 412, said, and nothing is overwritten.

const path = (file: VideoFile) => `files/${file.file_id}/poster`;
const onVersion = (file: VideoFile) => ({ 'if-match': `"${file.version}"` });

/** The frame at `time` (seconds) of the video as its poster. */
export const posterFromTime = (api: ApiClient, file: VideoFile, time: number) =>
  api.request(path(file), fileSchema, { method: 'put', json: { time }, headers: onVersion(file) });

/** An image (JPEG, PNG or WebP; the server checks its bytes) as the poster. */
export function posterFromImage(api: ApiClient, file: VideoFile, image: Blob) {
  const body = new FormData();
  body.append('image', image);
  return api.request(path(file), fileSchema, { method: 'put', body, headers: onVersion(file) });
}

/** Back to the automatic poster (a `warning` with the file when it already shows it). */
export const automaticPoster = (api: ApiClient, file: VideoFile) =>
  api.request(path(file), v.nullish(fileSchema), { method: 'delete', headers: onVersion(file) });
