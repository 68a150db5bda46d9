import { FolderMediaStore, type MediaStore } from './media-store';
import { S3MediaStore, type S3StoreSettings } from './s3-media-store';

/** Which media store a process uses: the folder (the default), or a bucket when VP_MEDIA_URL names one. */
export interface MediaStoreSettings {
  mediaDir: string;
  /** `VP_MEDIA_URL=s3://…`, read with the AWS_* variables (see config.ts); absent: the folder. */
  s3?: S3StoreSettings | undefined;
}

export const openMediaStore = (settings: MediaStoreSettings): MediaStore =>
  settings.s3 ? new S3MediaStore(settings.s3) : new FolderMediaStore(settings.mediaDir);

/** The store in a few words, as the CLI names it: `folder /path`, or `s3://bucket/prefix/`. */
export const describeMediaStore = (settings: MediaStoreSettings): string =>
  settings.s3 ? `s3://${settings.s3.bucket}/${settings.s3.prefix}` : `folder ${settings.mediaDir}`;
