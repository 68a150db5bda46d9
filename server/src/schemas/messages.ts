import { formatSize } from '../../../src/contract/format-size';

// The API's messages that more than one module answers with (routes, plugins and services all import
// this module; a message only one route sends stays beside its handler). Tests compare replies with them.

/** The message of every 5xx this server answers (what went wrong is logged, never sent). */
export const SERVER_ERROR = 'Something went wrong on the server. Please try again.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const API_KEY_ENDED = 'This API key was revoked or has expired';

export const FILE_NOT_FOUND = 'File not found';
export const NOT_IN_TRASH = 'File not found in the trash';

export const SUBTITLE_NOT_FOUND = 'Subtitle not found';
export const SUBTITLE_CHANGED = 'This subtitle was changed since you loaded it: its current version is in data';

/** The quota counts every stored byte of a track: its original file and the player's copy made from it. */
export const quotaMessage = (usedBytes: number, quotaBytes: number): string =>
  `Storage quota exceeded (used ${formatSize(usedBytes)} of ${formatSize(quotaBytes)}, counting each original file and its player copy)`;

export const TOO_MANY_UPLOADS = 'Too many uploads at once. Wait for the others to finish.';
export const NOT_A_VIDEO = 'This file is not a video';
export const videoTooLarge = (maxBytes: number): string => `The video must be at most ${formatSize(maxBytes)}`;

export const MEDIA_NOT_FOUND = 'Media not found';
/** A trashed or purged file's player page, and its media while it is in the trash. */
export const VIDEO_DELETED = 'This video has been deleted';

export const KEY_REQUIRED = 'Idempotency-Key header is required';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const JOB_ACCEPTED = 'Bulk job accepted';

/** 503 when the object store (VP_MEDIA_URL) is down or slower than VP_S3_TIMEOUT_SECONDS. */
export const mediaStoreUnavailable = (reason: string): string =>
  `The media storage is unavailable (${reason}). Please try again in a moment.`;
