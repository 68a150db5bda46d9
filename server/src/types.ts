import type { LocalHostParts } from './pipeline/local-file-job-host';
import type { onRequestHookHandler } from 'fastify';
import type { DataStore } from '@tus/server';
import type { ActivityAction, ActivityRepository } from './db/activity-repository';
import type { ViewStatsRepository } from './db/view-stats-repository';
import type { BeatBuffer } from './player/beat-buffer';
import type { BeatCheck } from './player/beat-check';
import type { AccountsRepository } from './db/accounts-repository';
import type { BulkJobsRepository } from './db/bulk-jobs-repository';
import type { Db } from './db/engine';
import type { FilesRepository } from './db/files-repository';
import type { JobsRepository } from './db/jobs-repository';
import type { PipelineWorkersRepository } from './db/pipeline-workers-repository';
import type { WorkerTokensRepository } from './db/worker-tokens-repository';
import type { WebhooksRepository } from './db/webhooks-repository';
import type { ApiKeysRepository } from './db/api-keys-repository';
import type { SubtitleVersionsRepository } from './db/subtitle-versions-repository';
import type { SubtitlesRepository } from './db/subtitles-repository';
import type { SignInPolicy } from './db/sign-in-throttle';
import type { StorageJournal } from './db/storage-journal';
import type { VideoStorageRepository } from './db/video-storage-repository';
import type { Clock } from './lib/clock';
import type { EventStreamRegistry } from './events/event-stream-registry';
import type { FileEventHub } from './events/file-event-hub';
import type { RenditionPool } from './subtitles/rendition-pool';
import type { UploadSlots } from './lib/upload-slots';
import type { MediaStore } from './media/media-store';
import type { S3StoreSettings } from './media/s3-media-store';
import type { FileStatusWriter } from './pipeline/file-status';
import type { PipelineCredentials } from './pipeline/worker-tokens';
import type { ServingState } from './lib/serving-states';
import type { NodeMediaCache } from './media/node-media-cache';
import type { PlayerAccess } from '../../src/contract/player-access';
import type { Worker } from './jobs/worker';
import type { SubtitleStore } from './db/subtitle-store';

/** Resolved options of one app instance (see AppOptions in app.ts for the documentation). */
export interface Settings {
  dataDir: string;
  publicUrl: string | undefined;
  /** The service's own origins (VP_PUBLIC_URL's, VP_CORS_ORIGINS): a player on them always plays, whatever a file's access. */
  playerOwnOrigins: ReadonlySet<string>;
  /** VP_SIGNING_SECRET, then VP_SIGNING_SECRET_PREVIOUS (signing uses the first; checks accept either); empty: signed links are off. */
  signingSecrets: string[];
  playbackGrantSeconds: number;
  playbackGrantMaxSeconds: number;
  playerTokenMaxSeconds: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  signInPolicy: SignInPolicy;
  maxUploadsPerAccount: number;
  /** Event streams one API key may hold open on this node at once. */
  maxStreamsPerKey: number;
  /** Event streams one client address may hold open on this node at once. */
  maxStreamsPerAddress: number;
  accountQuotaBytes: number;
  /** Bytes of a chapters text PUT /api/files/{id}/chapters takes (D66). */
  chaptersMaxBytes: number;
  /** Video bytes one account may store and reserve (uploads in progress, sources, published media). */
  accountVideoQuotaBytes: number;
  /** Days a trashed file or track is kept before it is purged (0: for ever). */
  trashDays: number;
  /** Days a slug freed by a rename or a purge stays its account's (other accounts get 409). */
  slugHoldDays: number;
  /** Days an activity entry is kept (0: for ever). */
  activityDays: number;
  /** Days the view roll-ups are kept (VP_ANALYTICS_DAYS). */
  analyticsDays: number;
  /** The header a trusted proxy sets to the viewer's country (VP_COUNTRY_HEADER, lower case); '' = none. */
  countryHeader: string;
  demoDir: string;
  kitDir: string;
  /** The player page's built script (`dist/player`). */
  playerDir: string;
  /** The media store's folder (renditions, images, uploaded sources), unless `s3` names a bucket. */
  mediaDir: string;
  /** The media store in an S3-compatible bucket (VP_MEDIA_URL), else undefined: the folder. */
  s3: S3StoreSettings | undefined;
  /** The base of media URLs handed out instead of `/media/` (VP_MEDIA_PUBLIC_URL), else undefined. */
  mediaPublicUrl: string | undefined;
  /** Bytes of the bucket's objects a node keeps a copy of on its disk to serve them (VP_MEDIA_CACHE_MB); 0: none. */
  mediaCacheBytes: number;
  /** The largest video accepted, uploaded or downloaded. */
  maxVideoBytes: number;
  /** The largest image accepted as a file's poster (PUT /api/files/{id}/poster). */
  maxPosterBytes: number;
  /** Hosts URL ingest fetches even when they resolve to non-public addresses. */
  ingestAllowHosts: string[];
  storageSweepSeconds: number;
  /** The external pipeline's token (empty: the pipeline API is off). */
  pipelineToken: string;
  /** A resumable (tus) upload not finished this long after it began is removed. */
  uploadTtlMs: number;
  /** A URL download not finished this long after it began fails (Download Failed). */
  downloadTimeoutMs: number;
  /** A media URL handed to a pipeline API worker (source, outputs) is refused this long after it was made. */
  workerUrlMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    accounts: AccountsRepository;
    files: FilesRepository;
    subtitles: SubtitlesRepository;
    /** The saved texts of tracks (the cue editor). */
    subtitleVersions: SubtitleVersionsRepository;
    store: SubtitleStore;
    clock: Clock;
    settings: Settings;
    storageJournal: StorageJournal;
    /** Each account's video bytes, counted against `accountVideoQuotaBytes`. */
    videoStorage: VideoStorageRepository;
    /** The node's reader of the file event log and its fan-out to the event streams. */
    fileEvents: FileEventHub;
    /** The node's open event streams: capped per key and per address, each ended with its key. */
    eventStreams: EventStreamRegistry;
    /** Whether a file's own media may be served (plugins/media-serving.ts): known at once, or after one read. */
    servingState(fileId: number): ServingState | Promise<ServingState>;
    /** This node's copies of the bucket's objects it serves (media/node-media-cache.ts); null on the folder store or with VP_MEDIA_PUBLIC_URL. */
    mediaCache: NodeMediaCache | null;
    /** Where a file's player may play, its account's default applied (plugins/media-serving.ts): known at once, or after one read. */
    playerAccess(fileId: number): PlayerAccess | Promise<PlayerAccess>;
    /** An account's default player access changed: this node reads every file's again. */
    playerAccessChanged(accountId: number): void;
    activity: ActivityRepository;
    /** Appends to a file's activity log: the actor and source come from the request. */
    recordActivity(request: FastifyRequest, fileId: number, action: ActivityAction, detail?: Record<string, unknown>): Promise<void>;
    /** Deletes a file of the account's trash for good; false when it is not there (see plugins/trash.ts). */
    purgeFile(accountId: number, fileId: number): Promise<boolean>;
    /** Deletes a track of the account's trash for good; false when it is not there. */
    purgeSubtitle(accountId: number, subId: number): Promise<boolean>;
    /** Removes the resumable uploads left unfinished past `uploadTtlMs`; returns how many (see plugins/upload-sweep.ts). */
    sweepAbandonedUploads(): Promise<number>;
    /** tus's store of resumable uploads, in the media store's folder or bucket (see plugins/upload-sweep.ts). */
    tusStore: DataStore;
    /** Runs every file schedule due now (plugins/schedules.ts); returns how many ran. */
    runDueSchedules(): Promise<number>;
    /** Purges every trashed file and track whose retention ended; returns how many. */
    purgeExpiredTrash(): Promise<number>;
    /** Makes the player's renditions in worker threads. */
    renditionMaker: RenditionPool;
    media: MediaStore;
    jobs: JobsRepository;
    fileStatus: FileStatusWriter;
    /** The pipeline's workers by name: last seen, jobs done and failed (GET /api/pipeline/workers). */
    pipelineWorkers: PipelineWorkersRepository;
    /** The named worker tokens of the pipeline API (stored hashed). */
    workerTokens: WorkerTokensRepository;
    /** What a job's host beside the database uses (LocalFileJobHost: the pipeline API's job routes). */
    jobHostParts: LocalHostParts;
    /** Who may call the pipeline API: VP_PIPELINE_TOKEN and the live worker tokens. */
    pipelineCredentials: PipelineCredentials;
    /** Video uploads (multipart and tus) each account has in flight on this process (VP_MAX_UPLOADS_PER_ACCOUNT). */
    videoUploadSlots: UploadSlots;
    /** The pipeline worker running in this process, if any. */
    worker: Worker | null;
    /** Bulk jobs and their files' results (POST /api/files/bulk). */
    bulkJobs: BulkJobsRepository;
    /** This node's worker of bulk jobs, if it runs one. */
    bulkWorker: Worker | null;
    /** Accounts' API keys (stored hashed; routes/keys.ts). */
    apiKeys: ApiKeysRepository;
    /** Most API keys one account may hold (VP_MAX_API_KEYS). */
    maxApiKeys: number;
    /** Accounts' webhook endpoints, their deliveries and attempts (routes/webhooks.ts). */
    webhooks: WebhooksRepository;
    /** Where deliveries may go, how long one may take, how many endpoints an account may have. */
    webhookSettings: { allowHosts: string[]; timeoutMs: number; maxPerAccount: number };
    /** onRequest hook of every protected route: 401 unless the API key is a live session or a live account key (403 outside its scope). */
    authenticate: onRequestHookHandler;
    /** View analytics: beats, their roll-ups and the stats read from them (plugins/view-analytics.ts). */
    viewStats: ViewStatsRepository;
    /** The beats this node accepted, written in batches. */
    beatBuffer: BeatBuffer;
    /** Refuses impossible beats (this node remembers each session's last beat). */
    beatCheck: BeatCheck;
    /** Writes the held beats and rolls up every stored one now (tests; the plugin does it every few seconds). */
    rollUpViews(): Promise<void>;
    /** The hourly work now: views_30d without the days that left it, old sessions and roll-ups dropped. */
    pruneViews(): Promise<void>;
  }
  interface FastifyRequest {
    accountId: number;
    /** The hash of the key the request came with: a session's or an account API key's. */
    sessionKeyHash: Buffer | null;
    /** The account API key the request came with; null for a session. */
    apiKey: { id: number; name: string } | null;
    /** On the pipeline API: the worker token's name, null for VP_PIPELINE_TOKEN. */
    pipelineWorker: string | null;
  }
}
