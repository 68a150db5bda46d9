// One upload of a clip through a real server and its worker (in this process, SQLite), from the
// multipart request to Completed, with the time of each status: the pipeline part and the storage part
// of the bench both measure it (the storage part on the folder store and on a bucket).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { hashPassword } from '../../server/src/lib/passwords';
import type { S3StoreSettings } from '../../server/src/media/s3-media-store';
import { FILE_STATUS, fileStatusLabel } from '../../src/contract/file-status';
import { signInByApi } from '../../test/support/sign-in.mjs';

export interface UploadToCompleted {
  /** From the request's start to Completed (or a failed status). */
  totalMs: number;
  /** The multipart request until its reply (200 with the Pending file). */
  uploadMs: number;
  /** From the start, then from each status to the next: `upload and Pending …`, then each status's English name. */
  stages: Array<{ name: string; ms: number }>;
  /** The status the file ended in (Completed, or a failed one). */
  ended: string;
  fileId: number;
  /** The file's master playlist (a media key), once Completed. */
  rendition: string | null;
}

const ENDED: number[] = [FILE_STATUS.downloadFailed, FILE_STATUS.uploadFailed, FILE_STATUS.completed];

/** Uploads `clip` to a new server over `dataDir` (its media on `s3` when given) and waits for it to end; the server is closed after. */
export async function uploadToCompleted(clip: string, dataDir: string, s3?: S3StoreSettings): Promise<UploadToCompleted> {
  const app = await buildApp({ dataDir, demo: false, s3, worker: { name: 'bench-worker', pollMs: 20 } });
  try {
    const changes: Array<{ status: number; at: number }> = [];
    const set = app.fileStatus.set.bind(app.fileStatus);
    app.fileStatus.set = async (fileId, status, fields) => {
      const ended = await set(fileId, status, fields);
      if (status !== null) changes.push({ status, at: performance.now() });
      return ended;
    };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await app.accounts.upsert('bench', await hashPassword('bench-password'), Date.now());
    const key = await signInByApi(base, 'bench', 'bench-password');

    const form = new FormData();
    form.append('file_title', `Bench clip ${path.basename(clip)}`);
    form.append('video_file', new Blob([new Uint8Array(fs.readFileSync(clip))]), 'clip.mp4');
    const start = performance.now();
    const added = await (await fetch(`${base}/api/files`, { method: 'POST', headers: { 'x-apikey': key }, body: form })).json();
    const uploaded = performance.now();
    const fileId: number = added.data.file.file_id;
    let status: number;
    let rendition: string | null = null;
    for (;;) {
      const row = await app.db.get<{ file_status: number; file_rendition: string | null }>(
        'SELECT file_status, file_rendition FROM files WHERE file_id = ?',
        [fileId],
      );
      status = row?.file_status ?? -1;
      rendition = row?.file_rendition ?? null;
      if (ENDED.includes(status)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const done = performance.now();
    // From the start: a worker may claim the file before the upload's reply has arrived.
    const stages: UploadToCompleted['stages'] = [];
    let previous = start;
    let previousName = 'upload and Pending (until a worker claims it)';
    for (const change of changes) {
      stages.push({ name: previousName, ms: change.at - previous });
      previous = change.at;
      previousName = fileStatusLabel(change.status);
    }
    return { totalMs: done - start, uploadMs: uploaded - start, stages, ended: fileStatusLabel(status), fileId, rendition };
  } finally {
    await app.close();
  }
}
