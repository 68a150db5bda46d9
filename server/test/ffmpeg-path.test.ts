import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ffmpegPath, ffmpegVersion } from '../src/media/ffmpeg';

describe('which ffmpeg the server runs', () => {
  let configured: string | undefined;
  beforeEach(() => {
    configured = process.env.VP_FFMPEG;
    delete process.env.VP_FFMPEG;
  });
  afterEach(() => {
    if (configured === undefined) delete process.env.VP_FFMPEG;
    else process.env.VP_FFMPEG = configured;
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'runs a current build (7 or later) on linux-x64, not the 2018 one',
    async () => {
      const version = await ffmpegVersion();
      expect(version).toMatch(/^ffmpeg version n\d+\./);
      expect(Number(/^ffmpeg version n(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(7);
    },
  );

  it('runs the program VP_FFMPEG names', () => {
    process.env.VP_FFMPEG = ' /opt/ffmpeg/bin/ffmpeg ';
    expect(ffmpegPath()).toBe('/opt/ffmpeg/bin/ffmpeg');
  });
});
