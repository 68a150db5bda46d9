import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, type DataStore } from '@tus/server';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import { TUS_FOLDER } from '../media/file-media';
import type { MediaStore } from '../media/media-store';
import type { Settings } from '../types';

/** Upload metadata the server adds when an upload begins: its account, and when it began by the server's clock. */
export const TUS_ACCOUNT = 'vp_account';
export const TUS_BEGUN = 'vp_begun';

type TusSettings = Pick<Settings, 'mediaDir' | 'uploadTtlMs' | 's3'>;

/**
 * tus's store of resumable uploads in the media store: its folder, or its bucket (VP_MEDIA_URL). Past
 * `uploadTtlMs` tus refuses to continue an upload (410) and announces it (`Upload-Expires`); the upload
 * sweep then removes it.
 */
export async function tusFileStore(settings: TusSettings): Promise<DataStore> {
  if (!settings.s3)
    return new FileStore({ directory: path.join(settings.mediaDir, TUS_FOLDER), expirationPeriodInMilliseconds: settings.uploadTtlMs });
  // Imported for a bucket only: @tus/s3-store loads the AWS SDK (see s3-media-store.ts).
  const { PrefixedS3TusStore } = await import('./s3-tus-store');
  return new PrefixedS3TusStore(settings.s3, TUS_FOLDER, settings.uploadTtlMs);
}

/**
 * The same store, whose removal of an upload (a client's DELETE) also frees the bytes it reserved,
 * before tus answers: the client that sees 204 finds its quota free.
 */
export async function countedTusStore(settings: TusSettings, videoStorage: VideoStorageRepository): Promise<DataStore> {
  const store = await tusFileStore(settings);
  const remove = store.remove.bind(store);
  store.remove = async (id: string): Promise<void> => {
    await remove(id);
    await videoStorage.release([tusKey(id)]);
  };
  return store;
}

/** The media key of a tus upload's bytes (its description is beside it, `.json`); its reservation is under it too. */
export const tusKey = (id: string): string => `${TUS_FOLDER}/${id}`;

/**
 * A refused or abandoned tus upload: tus's own removal (on a bucket it also aborts the multipart upload
 * that holds the parts so far, and deletes the unfinished last part), then its bytes and its description
 * should any be left, then its reserved bytes.
 */
export async function removeTusUpload(
  parts: {
    media: Pick<MediaStore, 'delete'>;
    videoStorage: Pick<VideoStorageRepository, 'release'>;
    tusStore: Pick<DataStore, 'remove'>;
  },
  key: string,
): Promise<void> {
  await parts.tusStore.remove(key.slice(TUS_FOLDER.length + 1)).catch((err: unknown) => {
    if (err !== ERRORS.FILE_NOT_FOUND) throw err;
  });
  await parts.media.delete(key);
  await parts.media.delete(`${key}.json`);
  await parts.videoStorage.release([key]);
}
