import { formatSize } from '../../../src/contract/format-size';

/**
 * 50 GiB: 25 videos at the default largest size (2 GiB), and room for the 4 uploads an account may
 * have in flight to reserve 2 GiB each while it holds a good library; an operator raises it per need.
 */
export const DEFAULT_VIDEO_QUOTA_BYTES = 50 * 1024 ** 3;

/** The video storage quota counts every video byte an account holds or has reserved (see VideoStorageRepository). */
export const videoQuotaMessage = (usedBytes: number, quotaBytes: number): string =>
  `Video storage quota exceeded (used ${formatSize(usedBytes)} of ${formatSize(quotaBytes)}, counting uploads in progress, videos waiting for processing and published renditions)`;
