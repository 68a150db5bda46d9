import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STATUS } from '../../src/contract/file-status';
import { AccountsRepository } from '../src/db/accounts-repository';
import { ActivityRepository } from '../src/db/activity-repository';
import type { Db } from '../src/db/engine';
import { FilesRepository } from '../src/db/files-repository';
import { JobsRepository } from '../src/db/jobs-repository';
import { VideoStorageRepository } from '../src/db/video-storage-repository';
import { addVideoFile, type NewFileParts } from '../src/ingest/new-file';
import { FileStatusWriter, StatusRefusedError } from '../src/pipeline/file-status';
import { fileJobStart, PROCESS_FILE } from '../src/db/job-kinds';
import { openBareDatabase, START } from './helpers';

// Services take the parts they use (docs/architecture.md, The server): here the repositories of a
// database no app was built on.
describe('services on the repositories of a bare database', () => {
  let bare: { db: Db; close(): Promise<void> };
  let parts: NewFileParts & { files: FilesRepository; jobs: JobsRepository; activity: ActivityRepository };
  let pokes = 0;
  let accountId: number;
  const by = () => ({ accountId, actor: 'bare', source: 'api' as const });
  const video = { title: 'Bare video', slug: undefined, source: { url: 'http://example.com/video.mp4' }, via: 'url' as const };

  beforeAll(async () => {
    bare = await openBareDatabase();
    const { db } = bare;
    accountId = await new AccountsRepository(db).upsert('bare', 'not-a-real-hash', START);
    parts = {
      files: new FilesRepository(db, 86_400_000),
      jobs: new JobsRepository(db),
      activity: new ActivityRepository(db),
      videoStorage: new VideoStorageRepository(db),
      clock: () => START,
      settings: { accountVideoQuotaBytes: 1024 ** 3 },
      worker: { poke: () => void pokes++ },
    };
  });
  afterAll(() => bare.close());

  it('addVideoFile adds a Pending file with its job and its first log entry, and wakes the worker', async () => {
    const outcome = await addVideoFile(parts, by(), video);
    if (!('file' in outcome)) throw new Error(`refused: ${outcome.error.join(' ')}`);
    const { file } = outcome;
    expect(file).toMatchObject({
      account_id: accountId,
      file_title: 'Bare video',
      file_slug: 'bare-video',
      file_status: FILE_STATUS.pending,
    });
    expect(await parts.jobs.find(PROCESS_FILE, fileJobStart(file.file_id))).toEqual({ file_id: file.file_id, source: video.source });
    const log = await parts.activity.list(accountId, file.file_id, 10);
    expect(log.map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['create', 'bare', { via: 'url', file_title: 'Bare video', file_slug: 'bare-video' }],
    ]);
    expect(pokes).toBe(1);

    expect(await addVideoFile(parts, by(), { ...video, slug: 'bare-video' })).toEqual({ error: [409, 'Slug already in use'] });
  });

  it('FileStatusWriter writes through FilesRepository: moves forward, logs the end once, refuses a move out of Completed', async () => {
    const outcome = await addVideoFile(parts, by(), { ...video, title: 'Processed' });
    const fileId = 'file' in outcome ? outcome.file.file_id : NaN;
    const status = new FileStatusWriter(parts);
    await status.set(fileId, FILE_STATUS.received, { file_server: 'bare-worker' });
    await status.set(fileId, FILE_STATUS.downloaded, { file_duration: 1.5, file_width: 320, file_height: 180 });
    await status.set(fileId, FILE_STATUS.completed, { file_progress: null });
    await status.fail(fileId, 'too late: another worker completed it');
    await expect(status.set(fileId, FILE_STATUS.pending)).rejects.toThrow(
      new StatusRefusedError(
        `File ${fileId} is Completed: it cannot go to Pending ` +
          '(a status moves forward, to a failure, or back to Pending or Received for a new attempt; Completed and the failures are final)',
      ),
    );
    expect(await parts.files.get(accountId, fileId)).toMatchObject({
      file_status: FILE_STATUS.completed,
      file_server: 'bare-worker',
      file_duration: 1.5,
      file_reason: null,
    });
    const log = await parts.activity.list(accountId, fileId, 10);
    expect(log.map((e) => [e.action, e.actor, e.source, e.at])).toEqual([
      ['complete', 'bare-worker', 'pipeline', new Date(START).toISOString()],
      ['create', 'bare', 'api', new Date(START).toISOString()],
    ]);
  });
});
