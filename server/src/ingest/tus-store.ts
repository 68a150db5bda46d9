import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import type { MediaStore } from '../media/media-store';
import type { Settings } from '../types';

/** tus keeps resumable uploads here, in the media store (every node must reach an upload in progress). */
export const TUS_FOLDER = 'uploads/tus';

/** Upload metadata the server adds when an upload begins: its account, and when it began by the server's clock. */
export const TUS_ACCOUNT = 'vp_account';
export const TUS_BEGUN = 'vp_begun';

/**
 * tus's store of resumable uploads in the media store's folder. Past `uploadTtlMs` tus refuses to
 * continue an upload (410) and announces it (`Upload-Expires`); the upload sweep then removes it.
 */
export const tusFileStore = (settings: Pick<Settings, 'mediaDir' | 'uploadTtlMs'>): FileStore =>
  new FileStore({ directory: path.join(settings.mediaDir, TUS_FOLDER), expirationPeriodInMilliseconds: settings.uploadTtlMs });

/**
 * The same store, whose removal of an upload (a client's DELETE) also frees the bytes it reserved,
 * before tus answers: the client that sees 204 finds its quota free.
 */
export class CountedTusStore extends FileStore {
  readonly #videoStorage: VideoStorageRepository;

  constructor(settings: Pick<Settings, 'mediaDir' | 'uploadTtlMs'>, videoStorage: VideoStorageRepository) {
    super({ directory: path.join(settings.mediaDir, TUS_FOLDER), expirationPeriodInMilliseconds: settings.uploadTtlMs });
    this.#videoStorage = videoStorage;
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.#videoStorage.release([tusKey(id)]);
  }
}

/** The media key of a tus upload's bytes (its description is beside it, `.json`); its reservation is under it too. */
export const tusKey = (id: string): string => `${TUS_FOLDER}/${id}`;

/** A refused or abandoned tus upload: its bytes, tus's own description of it, then its reserved bytes. */
export async function removeTusUpload(
  parts: { media: Pick<MediaStore, 'delete'>; videoStorage: Pick<VideoStorageRepository, 'release'> },
  key: string,
): Promise<void> {
  await parts.media.delete(key);
  await parts.media.delete(`${key}.json`);
  await parts.videoStorage.release([key]);
}
