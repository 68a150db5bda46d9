import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/engine';
import { makeTestClip } from '../src/media/renditions';
import { ENGINE, type TestServer } from './helpers';

/** A tiny real clip (160×90, 1 s, tone), made once per test file. */
export async function tinyClip(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-clip-'));
  try {
    await makeTestClip(path.join(dir, 'clip.mp4'), { seconds: 1, width: 160, height: 90 });
    return fs.readFileSync(path.join(dir, 'clip.mp4'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Records every change of file_status in a table of its own, by a trigger: the statuses a file went
 * through, in order, as the database saw them (polling could miss a step that lasts a millisecond).
 */
export async function recordStatuses(db: Db): Promise<void> {
  await db.run('CREATE TABLE status_log (seq INTEGER NOT NULL, file_id INTEGER NOT NULL, status INTEGER NOT NULL)');
  if (ENGINE === 'sqlite') {
    await db.run(`CREATE TRIGGER status_logged AFTER UPDATE OF file_status ON files WHEN new.file_status <> old.file_status BEGIN
      INSERT INTO status_log (seq, file_id, status) VALUES ((SELECT count(*) FROM status_log), new.file_id, new.file_status); END`);
  } else {
    await db.run(`CREATE FUNCTION log_status() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF new.file_status <> old.file_status THEN
        INSERT INTO status_log (seq, file_id, status) VALUES ((SELECT count(*) FROM status_log), new.file_id, new.file_status);
      END IF; RETURN NULL; END $$`);
    await db.run('CREATE TRIGGER status_logged AFTER UPDATE ON files FOR EACH ROW EXECUTE FUNCTION log_status()');
  }
}

export async function statusesOf(db: Db, fileId: number): Promise<number[]> {
  const rows = await db.all<{ status: number }>('SELECT status FROM status_log WHERE file_id = ? ORDER BY seq', [fileId]);
  return rows.map((r) => Number(r.status));
}

/** Polls GET /api/files/:id until the status is one of `statuses` (or the time is up). */
export async function waitForStatus(s: TestServer, key: string, fileId: number, statuses: number[], timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await s.request('GET', `/api/files/${fileId}`, { key });
    if (statuses.includes(res.body.data?.file_status)) return res.body.data;
    if (Date.now() > until) throw new Error(`file ${fileId} stayed at ${JSON.stringify(res.body.data)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function videoForm(fields: { title?: string; slug?: string; content?: Buffer | string; name?: string }): FormData {
  const form = new FormData();
  if (fields.title !== undefined) form.append('file_title', fields.title);
  if (fields.slug !== undefined) form.append('file_slug', fields.slug);
  const { content } = fields;
  if (content !== undefined)
    form.append('video_file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fields.name ?? 'clip.mp4');
  return form;
}

/** Worker settings that make a test quick: poll often, retry soon. */
export const FAST_WORKER = { name: 'test-worker', pollMs: 50, leaseMs: 3000, backoffMs: 50 } as const;

export const COMPLETED_PATH = [1, 2, 3, 5, 6, 8, 9, 10];

/** Makes a seeded file look processed (Completed with a rendition key), so that its player page plays. */
export async function markPlayable(db: Db, fileId: number): Promise<void> {
  await db.run("UPDATE files SET file_status = 10, file_rendition = 'files/0-test/master.m3u8' WHERE file_id = ?", [fileId]);
}
