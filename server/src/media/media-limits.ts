import type { Probe } from './ffmpeg';

/**
 * What one video may cost the pipeline (server/README.md, VP_MAX_VIDEO_* and VP_MAX_JOB_SECONDS): the
 * probe's figures are checked before any transcoding, and the wall time bounds whatever they miss.
 */
export interface MediaLimits {
  /** The longest video, in seconds (default 4 h). */
  maxSeconds: number;
  /** The most pixels of a frame (default 4096 × 2160). */
  maxPixels: number;
  /** The longest side of a frame, in pixels (default 4096). */
  maxSide: number;
  /** The most frames (default 864,000: 4 h at 60 frames a second). */
  maxFrames: number;
  /** The longest a job may take from its probe to its published media, in seconds (default 6 h). */
  maxJobSeconds: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxSeconds: 4 * 3600,
  maxPixels: 4096 * 2160,
  maxSide: 4096,
  maxFrames: 4 * 3600 * 60,
  maxJobSeconds: 6 * 3600,
};

/** `h:mm:ss` (or `m:ss` under an hour). */
export function clockTime(seconds: number): string {
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const mmss = `${h ? String(m).padStart(2, '0') : m}:${String(s).padStart(2, '0')}`;
  return h ? `${h}:${mmss}` : mmss;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Why a probed video is over a limit (the file's reason), or null when it is within them all. */
export function overLimit(info: Probe, limits: MediaLimits): string | null {
  if (info.duration > limits.maxSeconds) {
    return `The video is too long (${clockTime(info.duration)}; at most ${clockTime(limits.maxSeconds)})`;
  }
  if (Math.max(info.width, info.height) > limits.maxSide || info.width * info.height > limits.maxPixels) {
    return `The video's picture is too large (${info.width}×${info.height}; at most ${limits.maxSide} pixels a side and ${count(limits.maxPixels)} pixels)`;
  }
  if (info.frames > limits.maxFrames) {
    return `The video has too many frames (${count(info.frames)}; at most ${count(limits.maxFrames)})`;
  }
  return null;
}

export const jobTooLong = (limits: MediaLimits): string => `Processing took longer than ${clockTime(limits.maxJobSeconds)}, the limit`;
