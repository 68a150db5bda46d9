import type { onRequestHookHandler } from 'fastify';
import type { AccountsRepository } from './db/accounts-repository';
import type { Db } from './db/engine';
import type { FilesRepository } from './db/files-repository';
import type { SubtitlesRepository } from './db/subtitles-repository';
import type { SignInPolicy } from './db/sign-in-throttle';
import type { StorageJournal } from './db/storage-journal';
import type { Clock } from './lib/clock';
import type { FileEventHub } from './lib/file-event-hub';
import type { SubtitleStore } from './lib/subtitle-store';

/** Resolved options of one app instance (see AppOptions in app.ts for the documentation). */
export interface Settings {
  dataDir: string;
  publicUrl: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  signInPolicy: SignInPolicy;
  maxUploadsPerAccount: number;
  accountQuotaBytes: number;
  demoDir: string;
  kitDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    accounts: AccountsRepository;
    files: FilesRepository;
    subtitles: SubtitlesRepository;
    store: SubtitleStore;
    clock: Clock;
    settings: Settings;
    storageJournal: StorageJournal;
    /** The node's reader of the file event log and its fan-out to the event streams. */
    fileEvents: FileEventHub;
    /** onRequest hook of every protected route: 401 unless the API key is a live session. */
    authenticate: onRequestHookHandler;
  }
  interface FastifyRequest {
    accountId: number;
    sessionKeyHash: Buffer | null;
  }
}
