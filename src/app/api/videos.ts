import * as v from 'valibot';
import { ApiError, TRANSPORT_ERRORS } from './api-error';
import type { ApiClient } from './client';
import { getFile } from './files';
import { postForm } from './post-form';
import { fileSchema, type VideoFile } from './schemas';

/** From this size on a video goes up resumably (tus), in pieces that survive a dropped connection. */
export const RESUMABLE_FROM_BYTES = 64 * 1024 * 1024;
/** Bytes per tus request. */
const TUS_CHUNK_BYTES = 8 * 1024 * 1024;

export interface NewVideo {
  /** A video file to upload, or… */
  file?: File | undefined;
  /** …the http(s) URL the server downloads it from. */
  sourceUrl?: string | undefined;
  title: string;
  /** Empty: the server makes one from the title. */
  slug?: string | undefined;
  /** Fraction of the file sent, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

const addedReply = v.object({ file: fileSchema });

/** The new file of a reply that must be a success. */
function fileOf(reply: { status: string; message: string; data: { file: VideoFile } }): VideoFile {
  if (reply.status !== 'success') throw new ApiError(reply.message, 'not-success', 200, reply.status as 'warning' | 'error');
  return reply.data.file;
}

/**
 * Adds a video (POST /api/files): JSON `{ source_url, file_title, file_slug? }` for a URL, multipart
 * `video_file` with progress for a file, tus (`/api/uploads/`) for a big file. Resolves to the new
 * file, at status 0 Pending.
 */
export async function addVideo(api: ApiClient, video: NewVideo): Promise<VideoFile> {
  const slug = video.slug?.trim() || undefined;
  if (!video.file) {
    const json = { source_url: video.sourceUrl, file_title: video.title, ...(slug ? { file_slug: slug } : {}) };
    return fileOf(await api.request('files', addedReply, { method: 'post', json, ...(video.signal ? { signal: video.signal } : {}) }));
  }
  if (video.file.size >= RESUMABLE_FROM_BYTES) return uploadResumably(api, video.file, video, slug);
  const form = new FormData();
  form.append('file_title', video.title);
  if (slug) form.append('file_slug', slug);
  form.append('video_file', video.file, video.file.name); // last: the server streams it to storage
  return fileOf(await postForm(api, 'files', form, addedReply, { onProgress: video.onProgress, signal: video.signal }));
}

/** tus-js-client (loaded only for a big file): the last reply names the new file in X-File-Id. */
async function uploadResumably(api: ApiClient, file: File, video: NewVideo, slug: string | undefined): Promise<VideoFile> {
  const { Upload } = await import('tus-js-client');
  const fileId = await new Promise<number>((resolve, reject) => {
    let created: number | null = null;
    const upload = new Upload(file, {
      endpoint: api.url('uploads/'),
      headers: api.authHeaders(),
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000],
      metadata: { filename: file.name, file_title: video.title, ...(slug ? { file_slug: slug } : {}) },
      onProgress: (sent, total) => video.onProgress?.(total ? sent / total : 0),
      onAfterResponse: (_request, response) => {
        const id = Number(response.getHeader('X-File-Id'));
        if (Number.isInteger(id) && id > 0) created = id;
      },
      onSuccess: () => (created ? resolve(created) : reject(new ApiError(TRANSPORT_ERRORS.unreadable, 'invalid-response'))),
      onError: (error) => {
        const status = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
        reject(
          status
            ? api.errorFromReply(status.getStatus(), parseJson(status.getBody()), api.hasKey())
            : new ApiError(error.message, 'network'),
        );
      },
    });
    video.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(true);
        reject(new ApiError(TRANSPORT_ERRORS.cancelled, 'network'));
      },
      { once: true },
    );
    upload.start();
  });
  const reply = await getFile(api, fileId);
  if (reply.status !== 'success') throw new ApiError(reply.message, 'not-success', 200, reply.status);
  return reply.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
