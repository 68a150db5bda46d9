import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestClip } from '../../server/src/media/renditions';
import { apiAs, createAccount, expect, test } from './fixtures';
import { addSubtitle, expectPlaysWithCue } from './player-checks';

test('a Completed file plays in its player page: time advances and a subtitle cue shows', async ({ page, request }) => {
  const account = createAccount(0);
  const api = await apiAs(request, account);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-e2e-clip-'));
  const clip = path.join(dir, 'clip.mp4');
  await makeTestClip(clip, { seconds: 4, width: 320, height: 180 });
  const headers = { 'x-apikey': api.apiKey };
  const added = await (
    await request.post('/api/files', {
      headers,
      multipart: { file_title: 'Player test clip', video_file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) } },
    })
  ).json();
  fs.rmSync(dir, { recursive: true, force: true });
  const { file_id: fileId, file_slug: slug } = added.data.file;
  await expect.poll(async () => (await api.get(`/files/${fileId}`)).data.file_status, { timeout: 30_000 }).toBe(10);
  await addSubtitle(request, api.apiKey, fileId);
  await expectPlaysWithCue(page, `/player/${slug}`);
});
