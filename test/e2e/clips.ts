import type { APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestClip } from '../../server/src/media/renditions';
import { expect } from './fixtures';

/**
 * A real clip (ffmpeg's test pattern and a tone, made by the packaged ffmpeg as the demo's is) uploaded
 * through the API and processed by the real pipeline until Completed, with a subtitle track per
 * language given: what a customer's embed plays.
 */
export async function addPlayableClip(
  request: APIRequestContext,
  apiKey: string,
  {
    title,
    seconds = 4,
    width = 320,
    height = 180,
    subtitles = {},
    processedWithin = 30_000,
  }: {
    title: string;
    seconds?: number;
    width?: number;
    height?: number;
    subtitles?: Record<string, string>;
    /** How long the pipeline may take to bring it to Completed (ms): a longer clip takes longer. */
    processedWithin?: number;
  },
): Promise<{ fileId: number; slug: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-e2e-clip-'));
  const clip = path.join(dir, 'clip.mp4');
  await makeTestClip(clip, { seconds, width, height });
  const headers = { 'x-apikey': apiKey };
  const added = await (
    await request.post('/api/files', {
      headers,
      multipart: { file_title: title, video_file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) } },
    })
  ).json();
  fs.rmSync(dir, { recursive: true, force: true });
  const { file_id: fileId, file_slug: slug } = added.data.file;
  const status = async () => (await (await request.get(`/api/files/${fileId}`, { headers })).json()).data.file_status;
  await expect.poll(status, { timeout: processedWithin }).toBe(10);
  await addSubtitles(request, apiKey, fileId, subtitles);
  return { fileId, slug };
}

/** Adds a SubRip track per language given (`{ en: '1\n00:00:00,000 --> …' }`) to a file, through the API. */
export async function addSubtitles(request: APIRequestContext, apiKey: string, fileId: number, subtitles: Record<string, string>) {
  for (const [lang, srt] of Object.entries(subtitles)) {
    const sub = await request.post('/api/files/sub', {
      headers: { 'x-apikey': apiKey },
      multipart: {
        file_id: String(fileId),
        sub_lang: lang,
        subtitle_file: { name: `clip.${lang}.srt`, mimeType: 'text/plain', buffer: Buffer.from(srt) },
      },
    });
    expect(sub.ok()).toBe(true);
  }
}
