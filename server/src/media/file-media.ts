import { randomToken } from '../lib/tokens';

// The media-key layout: which keys of the media store a file's media live under. A file's own media
// (rendition, thumbnail, storyboard) are in a folder of its own, `files/<file_id>-<token>/`; an upload
// waits under `uploads/<token>/source` until its job has processed it; its images are named in the
// file's row with MEDIA_IMAGE_PREFIX before the key.

/** tus keeps resumable uploads here (`<id>`, and its description `<id>.json`; on a bucket also `<id>.part`). */
export const TUS_FOLDER = 'uploads/tus';

/** The prefix under which images are served from the media store, relative to config imageHost (`/images/`). */
export const MEDIA_IMAGE_PREFIX = 'media/';

/** A media key under which a file's own folder is named: `files/<file_id>-<token>/…` (the worker writes there). */
const OWN_FOLDER = /^files\/(\d{1,15})-[A-Za-z0-9]+\//;

/** A new folder of the file's own, for one attempt of its job (a half-written one is never served). */
export const newOwnFolder = (fileId: number): string => `files/${fileId}-${randomToken(8).toLowerCase()}/`;

/** A new upload's key in the media store, until the pipeline has made its rendition. */
export const newUploadKey = (): string => `uploads/${randomToken(20)}/source`;

/** The media a file's row names (`FileRow`'s columns, stated here: the media layer sits below db/). */
export interface FileMediaColumns {
  file_id: number;
  file_rendition: string | null;
  file_image: string | null;
  file_slide: string | null;
}

/**
 * The file whose own folder holds a media key (`files/<file_id>-<token>/…`), or null for a key elsewhere
 * (the demo's shared video, `files/demo-…/`), which belongs to no one file.
 */
export function ownerOfMediaKey(key: string): number | null {
  const folder = OWN_FOLDER.exec(key);
  return folder ? Number(folder[1]) : null;
}

/** The file's own folder that a media key is in (what a purge deletes and its account's storage counts), else null. */
export function ownFolderOf(fileId: number, key: string | null | undefined): string | null {
  const folder = key ? OWN_FOLDER.exec(key) : null;
  return folder && Number(folder[1]) === Number(fileId) ? folder[0] : null;
}

/**
 * The media a purged file leaves behind, as media-store keys (folders end with `/`): the folders of
 * its rendition, thumbnail and storyboard when they are its own (`files/<its id>-…/`; a key elsewhere
 * may be shared, as the demo's seeded files share one video, and stays), and the uploaded source its
 * job still holds (with the description a tus upload keeps beside it).
 */
export function mediaOfPurgedFile(row: FileMediaColumns, sources: string[]): string[] {
  const keys = new Set<string>();
  const images = [row.file_image, row.file_slide].map((key) =>
    key?.startsWith(MEDIA_IMAGE_PREFIX) ? key.slice(MEDIA_IMAGE_PREFIX.length) : null,
  );
  for (const key of [row.file_rendition, ...images]) {
    const folder = ownFolderOf(row.file_id, key);
    if (folder) keys.add(folder);
  }
  for (const source of sources) keys.add(source).add(`${source}.json`);
  return [...keys];
}

/** An operator's poster (PUT /api/files/{id}/poster): alone in a new folder of the file's own, so a purge removes it with the file. */
export const newPosterKey = (fileId: number): string => `${newOwnFolder(fileId)}poster.jpg`;

/** The own folder of the operator's poster a file_image names, or null when it names the automatic one (or another image). */
export function customPosterFolder(fileId: number, image: string | null): string | null {
  const key = image?.startsWith(MEDIA_IMAGE_PREFIX) ? image.slice(MEDIA_IMAGE_PREFIX.length) : null;
  const folder = ownFolderOf(fileId, key);
  return folder && key === `${folder}poster.jpg` ? folder : null;
}

/** The automatic poster of a rendition: the thumbnail the pipeline wrote beside its master playlist. */
export const automaticPosterKey = (rendition: string): string => `${rendition.slice(0, rendition.lastIndexOf('/') + 1)}thumb.jpg`;
