import type { Queryable } from '../db/engine';
import type { ProcessFilePayload } from '../db/job-kinds';
import type { FilesRepository, ProcessingFields } from '../db/files-repository';
import { forgetKeys, journalKeys, mediaEntry } from '../db/storage-journal';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import type { UrlPolicy } from '../lib/url-policy';
import { videoQuotaMessage } from '../lib/video-quota';
import { DOWNLOAD_NAMES } from '../media/download-media';
import { MEDIA_IMAGE_PREFIX, newOwnFolder } from '../media/file-media';
import type { MediaStore } from '../media/media-store';
import { publishedKeys, storeMade, type MadeMedia } from '../media/publish';
import { FILE_STATUS } from '../../../src/contract/file-status';
import { downloadUrl } from './download';
import type { FileJobHost, NewFolder, SourceFetch } from './file-job-host';
import { FileGoneError, type FileStatusWriter } from './file-status';

/** What the side beside the database uses: the database of the storage journal, the media store, the file's status, the quota. */
export interface LocalHostParts {
  /** The database of the storage journal: media being made is journaled there until its file owns it. */
  db: Queryable;
  media: MediaStore;
  status: FileStatusWriter;
  urlPolicy: UrlPolicy;
  /** Each account's video bytes: a source removed is freed, published media counted. */
  videoStorage: VideoStorageRepository;
  /** VP_ACCOUNT_VIDEO_QUOTA_BYTES: a URL's download stops at the room its account has left. */
  videoQuotaBytes: number;
  /** Whether a file may be downloaded, and where its download bytes are recorded (decision D67). */
  files: Pick<FilesRepository, 'downloadsAllowed' | 'setDownloadBytes'>;
  /** Queues the job that makes or removes a file's downloads to follow its setting. */
  downloadsChanged: (fileId: number) => Promise<void>;
  /** Who the journal names for the folders being stored (default this process; a worker of the pipeline API: apiWorkerOwner). */
  journalOwner?: string;
}

/**
 * An uploaded source, and the description a resumable (tus) upload keeps beside it; then its bytes
 * are no longer counted (in that order: a crash between counts bytes that are gone, never the reverse).
 */
export async function removeSource(media: MediaStore, videoStorage: VideoStorageRepository, key: string): Promise<void> {
  await media.delete(key);
  await media.delete(`${key}.json`);
  await videoStorage.release([key]);
}

/** How much a URL's download may take: the size limit, or less when the file's account has less room left. */
export async function urlPolicyOfFile(parts: LocalHostParts, fileId: number): Promise<UrlPolicy & { tooLargeReason?: string }> {
  const { urlPolicy, videoStorage, videoQuotaBytes } = parts;
  const accountId = await videoStorage.accountOfFile(fileId);
  if (accountId === undefined) throw new FileGoneError(`File ${fileId} no longer exists`);
  const usedBytes = await videoStorage.usedBytes(accountId);
  const room = Math.max(0, videoQuotaBytes - usedBytes);
  if (room >= urlPolicy.maxBytes) return urlPolicy;
  return { ...urlPolicy, maxBytes: room, tooLargeReason: videoQuotaMessage(usedBytes, videoQuotaBytes) };
}

/**
 * The host of a job beside the database: the file's status written by the FileStatusWriter, media in
 * the store, the journal and the video storage in the database. The pipeline API's job routes
 * (routes/pipeline-jobs.ts) run a remote worker's calls through the same class.
 */
export class LocalFileJobHost implements FileJobHost {
  readonly #parts: LocalHostParts;
  readonly #fileId: number;
  readonly #source: ProcessFilePayload['source'];

  constructor(parts: LocalHostParts, payload: ProcessFilePayload) {
    this.#parts = parts;
    this.#fileId = payload.file_id;
    this.#source = payload.source;
  }

  async report(status: number | null, fields: ProcessingFields = {}): Promise<void> {
    await this.#parts.status.set(this.#fileId, status, fields);
  }

  async fetchSource(localPath: string, { signal, onProgress }: SourceFetch): Promise<void> {
    const source = this.#source;
    if ('media_key' in source) return this.#parts.media.getFile(source.media_key, localPath);
    await downloadUrl(source.url, localPath, { ...(await urlPolicyOfFile(this.#parts, this.#fileId)), signal, onProgress });
  }

  async newFolder(): Promise<NewFolder> {
    const folder = newOwnFolder(this.#fileId);
    await journalKeys(this.#parts.db, [mediaEntry(folder)], Date.now(), this.#parts.journalOwner);
    return { folder, downloads: (await this.#parts.files.downloadsAllowed(this.#fileId)) === true };
  }

  async store(made: MadeMedia, folder: string): Promise<void> {
    await storeMade(made, this.#parts.media, folder);
  }

  async published(folder: string, bytes: number): Promise<void> {
    const { status, videoStorage, media, files } = this.#parts;
    const keys = publishedKeys(folder, bytes);
    // What the attempt stored of the downloads, as the store has it (a remote worker's word is not needed).
    const video = await media.size(`${folder}${DOWNLOAD_NAMES.video}`);
    const audio = video === null ? null : await media.size(`${folder}${DOWNLOAD_NAMES.audio}`);
    await status.set(
      this.#fileId,
      FILE_STATUS.uploaded,
      { file_progress: null, file_rendition: keys.rendition },
      {
        alsoInTransaction: async (tx) => {
          await videoStorage.record(tx, folder, this.#fileId, bytes, Date.now());
          await forgetKeys(tx, [mediaEntry(folder)]);
          await files.setDownloadBytes(tx, this.#fileId, video, audio);
        },
      },
    );
    // The setting changed while the attempt ran: its job makes or removes them now.
    if ((await files.downloadsAllowed(this.#fileId)) !== (video !== null)) await this.#parts.downloadsChanged(this.#fileId);
    await status.set(this.#fileId, FILE_STATUS.indexed, {
      file_image: `${MEDIA_IMAGE_PREFIX}${keys.thumbnail}`,
      file_slide: `${MEDIA_IMAGE_PREFIX}${keys.storyboard}`,
    });
  }

  async complete(): Promise<void> {
    await this.#removeSource();
    await this.#parts.status.set(this.#fileId, FILE_STATUS.cleaned);
    await this.#parts.status.set(this.#fileId, FILE_STATUS.completed);
  }

  async discard(folder: string | null, owned: boolean, gone: boolean): Promise<void> {
    if (gone) await this.#removeSource();
    if (folder === null) return;
    await this.#parts.media.delete(folder);
    if (owned) await this.#parts.videoStorage.release([folder]);
    else await forgetKeys(this.#parts.db, [mediaEntry(folder)]);
  }

  async retrying(attempt: number, reason: string, delayMs: number): Promise<void> {
    const seconds = Math.ceil(delayMs / 1000);
    await this.#parts.status
      .set(this.#fileId, FILE_STATUS.pending, {
        file_progress: null,
        file_reason: `Attempt ${attempt} failed: ${reason}. Retrying in ${seconds} s.`,
      })
      .catch(() => {});
  }

  async failed(reason: string): Promise<void> {
    await this.#parts.status.fail(this.#fileId, reason);
    await this.#removeSource();
  }

  async #removeSource(): Promise<void> {
    if ('media_key' in this.#source) await removeSource(this.#parts.media, this.#parts.videoStorage, this.#source.media_key);
  }
}
