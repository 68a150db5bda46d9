import type { MediaStore } from '../media/media-store';
import { videoContainer, VIDEO_SNIFF_BYTES } from '../media/video-signature';
import { NOT_A_VIDEO } from '../schemas/messages';

/**
 * Why an uploaded object cannot be processed (empty, or no video container by its first bytes), or
 * null when it can: asked of a multipart upload and of a finished resumable (tus) one alike.
 */
export async function checkUploadedVideo(media: MediaStore, key: string): Promise<string | null> {
  const size = await media.size(key);
  if (!size) return 'The video file is empty';
  return videoContainer(await media.head(key, VIDEO_SNIFF_BYTES), size) ? null : NOT_A_VIDEO;
}
