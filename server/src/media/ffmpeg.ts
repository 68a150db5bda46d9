import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * ffmpeg and ffprobe: the binaries the npm packages @ffmpeg-installer/ffmpeg and
 * @ffprobe-installer/ffprobe ship for this platform (so `npm install` is all a machine needs), or
 * the programs VP_FFMPEG / VP_FFPROBE name. Loaded on first use: a platform without a packaged
 * binary still runs the server, and fails only the jobs, with the reason.
 */
export function ffmpegPath(): string {
  return process.env.VP_FFMPEG?.trim() || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(): string {
  return process.env.VP_FFPROBE?.trim() || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

export class ToolError extends Error {}

export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Called with each `-progress` report's position in seconds (only for ffmpeg runs given `-progress pipe:1`). */
  onProgress?: ((seconds: number) => void) | undefined;
}

/** Runs a tool to its end; resolves to its stdout, rejects with the last lines of its stderr. */
export function runTool(program: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
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
    child.on('error', (err) => reject(err.name === 'AbortError' ? err : new ToolError(`${program} could not run: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else if (!options.signal?.aborted) {
        const lastLine = stderr.trim().split('\n').pop() ?? '';
        reject(new ToolError(`${lastLine || `exit code ${code}`}`));
      }
    });
  });
}

export interface Probe {
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export class NotAVideoError extends Error {
  constructor() {
    super('This file is not a video');
  }
}

/** What ffprobe finds in a file; NotAVideoError when it holds no video stream (or ffprobe cannot read it). */
export async function probe(file: string, signal?: AbortSignal): Promise<Probe> {
  let out: string;
  try {
    out = await runTool(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  } catch (err) {
    if (err instanceof ToolError && !/could not run/.test(err.message)) throw new NotAVideoError();
    throw err;
  }
  const parsed = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }>;
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const duration = Number(parsed.format?.duration ?? video?.duration);
  if (!video || !(duration > 0)) throw new NotAVideoError();
  return {
    duration,
    width: video.width!,
    height: video.height!,
    hasAudio: Boolean(parsed.streams?.some((s) => s.codec_type === 'audio')),
  };
}
