import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { FastifyInstance } from 'fastify';
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

/** A refused or abandoned tus upload: its bytes and tus's own description of it. */
export async function removeTusUpload(app: Pick<FastifyInstance, 'media'>, key: string): Promise<void> {
  await app.media.delete(key);
  await app.media.delete(`${key}.json`);
}
