import type { onRequestHookHandler } from 'fastify';
import type { ActivityAction, ActivityRepository } from './db/activity-repository';
import type { AccountsRepository } from './db/accounts-repository';
import type { Db } from './db/engine';
import type { FilesRepository } from './db/files-repository';
import type { SubtitlesRepository } from './db/subtitles-repository';
import type { SignInPolicy } from './db/sign-in-throttle';
import type { StorageJournal } from './db/storage-journal';
import type { Clock } from './lib/clock';
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
  /** Days a trashed file or track is kept before it is purged (0: for ever). */
  trashDays: number;
  /** Days a slug freed by a rename or a purge stays its account's (other accounts get 409). */
  slugHoldDays: number;
  /** Days an activity entry is kept (0: for ever). */
  activityDays: number;
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
    activity: ActivityRepository;
    /** Appends to a file's activity log: the actor and source come from the request. */
    recordActivity(request: FastifyRequest, fileId: number, action: ActivityAction, detail?: Record<string, unknown>): Promise<void>;
    /** Deletes a file of the account's trash for good; false when it is not there (see plugins/trash.ts). */
    purgeFile(accountId: number, fileId: number): Promise<boolean>;
    /** Deletes a track of the account's trash for good; false when it is not there. */
    purgeSubtitle(accountId: number, subId: number): Promise<boolean>;
    /** Purges every trashed file and track whose retention ended; returns how many. */
    purgeExpiredTrash(): Promise<number>;
    /** onRequest hook of every protected route: 401 unless the API key is a live session. */
    authenticate: onRequestHookHandler;
  }
  interface FastifyRequest {
    accountId: number;
    sessionKeyHash: Buffer | null;
  }
}
