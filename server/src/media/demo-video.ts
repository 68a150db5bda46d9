import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomToken } from '../lib/tokens';
import { probe, type Probe } from './ffmpeg';
import type { MediaStore } from './media-store';
import { publishVideo, type PublishedMedia } from './publish';
import { makeTestClip } from './renditions';

/**
 * The demo's one real video, made at the first start of a demo database: 6 s of ffmpeg's test pattern
 * with a tone at 640 × 360, published like any processed video (a one-rung HLS ladder, thumbnail,
 * storyboard). The seeded Completed files share it, so they play and show real frames.
 */
export type DemoVideo = PublishedMedia & { info: Probe };

export async function makeDemoVideo(media: MediaStore): Promise<DemoVideo> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'vp-demo-video-'));
  try {
    const clip = path.join(work, 'demo.mp4');
    await makeTestClip(clip, { seconds: 6, width: 640, height: 360 });
    const info = await probe(clip, 'mov'); // makeTestClip writes MP4
    return { ...(await publishVideo(clip, info, work, media, `files/demo-${randomToken(8).toLowerCase()}/`)), info };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
