import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';

describe('the player page', () => {
  let s: TestServer;
  let key: string;

  beforeAll(async () => {
    s = await startServer({ worker: FAST_WORKER });
    await s.addAccount('viewer', 'viewer-password', 0);
    key = await s.login('viewer', 'viewer-password');
  });
  afterAll(() => s.close());

  const page = async (slug: string) => {
    const res = await fetch(`${s.base}/player/${slug}`);
    return { res, html: await res.text() };
  };

  it('says which step a file not yet Completed is at, instead of a dead play button', async () => {
    const created = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Soon', content: await tinyClip() }) });
    const { file_id: id, file_slug: slug } = created.body.data.file;
    await s.app.worker!.stop(); // hold the file where the test puts it
    for (const [status, text] of [
      [0, 'Processing… (Pending)'],
      [2, 'Processing… (Downloading)'],
      [5, 'Processing… (Uploading)'],
      [7, 'This video could not be processed (Upload Failed)'],
    ] as const) {
      await s.app.db.run('UPDATE files SET file_status = ? WHERE file_id = ?', [status, id]);
      const { res, html } = await page(slug);
      expect(res.status).toBe(200);
      expect(html).toContain(`<p role="status">${text}</p>`);
      expect(html).not.toContain('<video');
    }
  });

  it('plays a Completed file: HLS through the player script, storyboard thumbnails, a strict CSP that still embeds', async () => {
    // A server of its own: the first test stopped the other one's worker.
    const worker = await startServer({ worker: FAST_WORKER });
    try {
      await worker.addAccount('watcher', 'watcher-password', 0);
      const key = await worker.login('watcher', 'watcher-password');
      const created = await worker.request('POST', '/api/files', { key, body: videoForm({ title: 'Now', content: await tinyClip() }) });
      const done = await waitForStatus(worker, key, created.body.data.file.file_id, [4, 7, 10]);
      expect(done.file_status).toBe(10);
      const res = await fetch(`${worker.base}/player/${done.file_slug}`);
      const html = await res.text();
      expect(html).toMatch(/<video slot="media" data-hls="\/media\/files\/\d+-[a-z0-9]+\/master\.m3u8"/);
      expect(html).toContain('<script type="module" src="/player/assets/player.js"></script>');
      expect(html).toContain('<media-captions-button>');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain('worker-src blob:');
      expect(csp).toContain('frame-ancestors *');
      expect(res.headers.get('x-frame-options')).toBeNull();

      const storyboard = await (await fetch(`${worker.base}/player/${done.file_slug}/storyboard.vtt`)).text();
      const cues = storyboard.split('\n\n').slice(1);
      expect(cues).toHaveLength(25);
      expect(cues[6]).toMatch(/^00:00:00\.\d{3} --> 00:00:00\.\d{3}\n\/media\/files\/.+\/sprite\.jpg#xywh=160,90,160,90$/);
    } finally {
      await worker.close();
    }
  });

  it("the demo seed's Completed files play one real video and show its frames", async () => {
    const demo = await startServer({ demo: true, demoFiles: 60 });
    try {
      const completed = await demo.app.db.all<{ file_slug: string; file_image: string | null; file_rendition: string | null }>(
        'SELECT file_slug, file_image, file_rendition FROM files WHERE file_status = 10 AND is_active = 1',
      );
      expect(completed.length).toBeGreaterThan(5);
      expect(new Set(completed.map((f) => f.file_rendition)).size).toBe(1);
      const shown = completed.find((f) => f.file_image?.startsWith('media/'))!;
      const image = await fetch(`${demo.base}/images/${shown.file_image}`);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      const html = await (await fetch(`${demo.base}/player/${shown.file_slug}`)).text();
      expect(html).toContain(`data-hls="/media/${shown.file_rendition}"`);
      expect((await fetch(`${demo.base}/media/${shown.file_rendition}`)).status).toBe(200);
      const pending = await demo.app.db.get<{ file_rendition: string | null }>('SELECT file_rendition FROM files WHERE file_status = 0');
      expect(pending?.file_rendition ?? null).toBeNull();
    } finally {
      await demo.close();
    }
  });
});
