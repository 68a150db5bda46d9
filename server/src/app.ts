import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_DEMO_PASSWORD } from './db/seed';
import { DEFAULT_SIGN_IN_POLICY, type SignInPolicy } from './db/sign-in-throttle';
import { systemClock, type Clock } from './lib/clock';
import { timeoutOptions } from './lib/http-timeouts';
import { securityHeaderSet } from './lib/security-header-set';
import { sharedSchemaCompilers } from './lib/schema-compilers';
import { trustProxyOption, type TrustProxy } from './lib/trust-proxy';
import activity from './plugins/activity';
import bulkJobs, { type BulkWorkerSettings } from './plugins/bulk-jobs';
import webhooks, { type WebhookSettings } from './plugins/webhooks';
import { registerAuthentication } from './plugins/authentication';
import closeUnreadBodies from './plugins/close-unread-bodies';
import crashCleanStorage, { DEFAULT_SWEEP_SECONDS, MAX_SWEEP_SECONDS } from './plugins/crash-clean-storage';
import cors from './plugins/cors';
import database from './plugins/database';
import encodedBodies from './plugins/encoded-bodies';
import fileEvents from './plugins/file-events';
import mediaServing from './plugins/media-serving';
import { answerFrameworkError, formatValidationErrors, registerErrorHandler } from './plugins/errors';
import noStore from './plugins/no-store';
import openapi from './plugins/openapi';
import pipeline from './plugins/pipeline';
import queryHygiene from './plugins/query-hygiene';
import rateLimit from './plugins/rate-limit';
import schedules, { type ScheduleSettings } from './plugins/schedules';
import renditions from './plugins/renditions';
import securityHeaders, { helmetOptions } from './plugins/security-headers';
import { inlineScriptHashes } from './lib/inline-script-hashes';
import staticFiles from './plugins/static-files';
import trash from './plugins/trash';
import uploadSweep from './plugins/upload-sweep';
import viewAnalytics from './plugins/view-analytics';
import storage from './plugins/storage';
import activityRoutes from './routes/activity';
import bulkRoutes from './routes/bulk';
import authRoutes from './routes/auth';
import beatRoutes from './routes/beats';
import configRoutes from './routes/config';
import fileEventRoutes from './routes/file-events';
import fileRoutes from './routes/files';
import imageRoutes from './routes/images';
import jobRoutes from './routes/jobs';
import keyRoutes from './routes/keys';
import webhookRoutes from './routes/webhooks';
import ingestRoutes from './routes/ingest';
import mediaRoutes from './routes/media';
import openapiRoutes from './routes/openapi';
import pageRoutes, { registerNotFound } from './routes/pages';
import pipelineJobRoutes from './routes/pipeline-jobs';
import pipelineMediaRoutes from './routes/pipeline-media';
import pipelineRoutes from './routes/pipeline';
import statsRoutes from './routes/stats';
import playerRoutes from './routes/player';
import playerTokenRoutes from './routes/player-tokens';
import subtitleRoutes from './routes/subtitles';
import subtitleTextRoutes from './routes/subtitle-text';
import tusUploadRoutes from './routes/tus-uploads';
import uploadRoutes from './routes/upload';
import posterRoutes from './routes/poster';
import chaptersRoutes from './routes/chapters';
import type { WorkerSettings } from './pipeline/create-worker';
import type { Settings } from './types';
import type { ListOptions } from './db/engine';
import { DEFAULT_VIDEO_QUOTA_BYTES } from './lib/video-quota';
import { UploadSlots } from './lib/upload-slots';
import './types';
import type { S3StoreSettings } from './media/s3-media-store';
import { DEFAULT_POSTER_MAX_BYTES } from './poster/poster-image';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppOptions {
  /** Folder of temporary uploads, and with SQLite of `vp.db` and the stored subtitles (created if missing). */
  dataDir: string;
  /** `postgres://user:password@host:port/db`: PostgreSQL instead of `<dataDir>/vp.db`. */
  databaseUrl?: string | undefined;
  /** The file list: SQLite's read workers (default 2-4, by the number of cores); tests pin its planner. */
  list?: ListOptions;
  /** Seed a NEW database with the demo data (default true). */
  demo?: boolean;
  /** Password of the `demo` account (default `demo-password`). */
  demoPassword?: string;
  /** Files of the demo account when seeding (default 1000). */
  demoFiles?: number;
  /** A session ends this long after its last request (default 86400 s). */
  sessionIdleSeconds?: number;
  /** A session ends this long after sign-in whatever happens (default 604800 s). */
  sessionMaxSeconds?: number;
  /** Sign-in throttling limits (tests shorten them); see SignInThrottle. */
  signInPolicy?: Partial<SignInPolicy>;
  /** Milliseconds since the epoch (tests move time with it). */
  clock?: Clock;
  /** Exact origins allowed by CORS; empty or absent = CORS off. */
  corsOrigins?: string[];
  /** Base of the player and image links in /api/config; default: the origin of each request. */
  publicUrl?: string;
  /** Signs player links and playback grants (VP_SIGNING_SECRET); absent: signed links are off. */
  signingSecret?: string;
  /** A previous signing secret, still accepted while a rotation settles (VP_SIGNING_SECRET_PREVIOUS). */
  signingSecretPrevious?: string;
  /** How long a playback grant lives before the player renews it (VP_PLAYBACK_GRANT_SECONDS, default 300). */
  playbackGrantSeconds?: number;
  /** How long after its page opened a grant may still be renewed (VP_PLAYBACK_GRANT_MAX_HOURS, default 24). */
  playbackGrantMaxHours?: number;
  /** The longest lifetime a minted player token may ask for (VP_PLAYER_TOKEN_MAX_DAYS, default 365). */
  playerTokenMaxDays?: number;
  /** Extra CSP sources for img-src, frame-src and connect-src (e.g. an image CDN). */
  cspExtraSources?: string[];
  /** The demo pages (default `<repo>/demo`). */
  demoDir?: string;
  /** The built kit (default `<repo>/dist/kit`). */
  kitDir?: string;
  /** A request must arrive whole (headers and body) within this many seconds (default 60). */
  requestTimeoutSeconds?: number;
  /** Subtitle bytes one account may store; an upload past it gets 413 (default 1 GiB). */
  accountQuotaBytes?: number;
  /** Bytes of a chapters text a PUT of a file's chapters takes; more gets 413 (default 64 KiB). */
  chaptersMaxBytes?: number;
  /** Video bytes one account may store, uploads in progress included; an upload past it gets 413 (default 50 GiB). */
  accountVideoQuotaBytes?: number;
  /** Days a deleted file or subtitle stays in the trash before it is purged; 0 = never purged (default 30). */
  trashDays?: number;
  /** Days a slug freed by a rename or a purge stays its account's; its old player URL redirects (default 365). */
  slugHoldDays?: number;
  /** Days a file's activity entries are kept; 0 = for ever (default 365). */
  activityDays?: number;
  /** Days the view roll-ups are kept (default 400). */
  analyticsDays?: number;
  /** Beats a node holds before it writes them in one transaction (default 500; else every second). */
  beatsBatch?: number;
  /** The header a trusted proxy sets to the viewer's country (e.g. `cf-ipcountry`); absent: no country. */
  countryHeader?: string;
  /** API requests a minute per key and per address before 429 (default 1200). */
  rateLimitPerMinute?: number;
  /** API keys one account may hold (default 100). */
  maxApiKeys?: number;
  /** Uploads one account may have in flight at once before 429 (default 4). */
  maxUploadsPerAccount?: number;
  /** Event streams one API key may hold open on this node before 429 (default 10). */
  maxStreamsPerKey?: number;
  /** Event streams one client address may hold open on this node before 429 (default 100). */
  maxStreamsPerAddress?: number;
  logger?: FastifyServerOptions['logger'];
  /** A comment line on every file event stream this often (default 15 s; at most 25 s by the contract). */
  eventHeartbeatSeconds?: number;
  /** SQLite: the file event log is read this often, in ms (default 200). */
  eventPollMs?: number;
  /** Which proxies' X-Forwarded-For is believed: a hop count or addresses/CIDR ranges (default: none). */
  trustProxy?: TrustProxy;
  /**
   * How long a node trusts what it read of a file's state (live or in the trash) for serving its media
   * when no event told it of a change (default 10 s; events normally tell it at once).
   */
  mediaStateSeconds?: number;
  /** The media store's folder (default `<dataDir>/media`). */
  mediaDir?: string;
  /** The media store in an S3-compatible bucket instead of the folder (VP_MEDIA_URL=s3://…). */
  s3?: S3StoreSettings | undefined;
  /** Where players and images fetch media instead of this server's /media/ (VP_MEDIA_PUBLIC_URL). */
  mediaPublicUrl?: string | undefined;
  /** MB of the bucket's objects a node keeps a copy of on its own disk to serve them (default 1024; 0: none). */
  mediaCacheMB?: number;
  /** The largest video accepted, uploaded or fetched from a URL (default 2 GiB). */
  maxVideoBytes?: number;
  /** The largest image accepted as a file's poster (default 8 MiB). */
  maxPosterBytes?: number;
  /** Hosts URL ingest may fetch although they resolve to loopback or private addresses. */
  ingestAllowHosts?: string[];
  /** Token of an external pipeline for the pipeline API (absent: that API answers 401). */
  pipelineToken?: string;
  /** Seconds between two storage sweeps of this node (default 300, at most 600; see crash-clean-storage.ts). */
  storageSweepSeconds?: number;
  /** Hours a resumable (tus) upload may take before it is removed unfinished (default 24). */
  uploadTtlHours?: number;
  /** Seconds one URL download may take in all, however slowly its source sends (default 1800). */
  downloadTimeoutSeconds?: number;
  /** Seconds a media URL handed to a pipeline API worker stays valid (default 900). */
  workerUrlSeconds?: number;
  /** Run a pipeline worker in this server (default: no; `npm start` runs one). */
  worker?: WorkerSettings | false;
  /** Bulk jobs' worker on this node (default: on, with its default settings; false: other nodes run them). */
  bulkWorker?: BulkWorkerSettings | false;
  /** Files' schedules: how often this node runs the due ones, and how many in one transaction. */
  schedules?: ScheduleSettings;
  /** Webhooks: retries, timeout, allowed private hosts, limits (VP_WEBHOOK_*); `send: false` leaves sending to other nodes. */
  webhooks?: WebhookSettings;
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * Requests Node's HTTP parser refuses (e.g. raw non-ASCII in the URL) still get the envelope, with the
 * security headers of every other reply.
 */
const rejectMalformedRequest = (earlyHeaders: Record<string, string>) => (err: NodeJS.ErrnoException, socket: Duplex) => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'The request is malformed (is the URL percent-encoded?)'];
  const body = JSON.stringify({ status: 'error', message });
  const headers = Object.entries(earlyHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n${headers}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** Builds the whole server (not listening). `app.close()` closes the database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const settings: Settings = {
    dataDir: path.resolve(options.dataDir),
    publicUrl: options.publicUrl?.replace(/\/+$/, '') || undefined,
    signingSecrets: [options.signingSecret, options.signingSecretPrevious].filter((secret): secret is string => Boolean(secret)),
    playbackGrantSeconds: options.playbackGrantSeconds ?? 300,
    playbackGrantMaxSeconds: (options.playbackGrantMaxHours ?? 24) * 3600,
    playerTokenMaxSeconds: (options.playerTokenMaxDays ?? 365) * 86_400,
    playerOwnOrigins: new Set([options.publicUrl, ...(options.corsOrigins ?? [])].flatMap(originOf).map((o) => o.toLowerCase())),
    sessionIdleMs: (options.sessionIdleSeconds ?? 86_400) * 1000,
    sessionMaxMs: (options.sessionMaxSeconds ?? 604_800) * 1000,
    signInPolicy: { ...DEFAULT_SIGN_IN_POLICY, ...options.signInPolicy },
    maxUploadsPerAccount: options.maxUploadsPerAccount ?? 4,
    maxStreamsPerKey: options.maxStreamsPerKey ?? 10,
    maxStreamsPerAddress: options.maxStreamsPerAddress ?? 100,
    accountQuotaBytes: options.accountQuotaBytes ?? 1024 ** 3,
    chaptersMaxBytes: options.chaptersMaxBytes ?? 64 * 1024,
    accountVideoQuotaBytes: options.accountVideoQuotaBytes ?? DEFAULT_VIDEO_QUOTA_BYTES,
    trashDays: options.trashDays ?? 30,
    slugHoldDays: options.slugHoldDays ?? 365,
    activityDays: options.activityDays ?? 365,
    analyticsDays: options.analyticsDays ?? 400,
    countryHeader: options.countryHeader?.trim().toLowerCase() ?? '',
    demoDir: path.resolve(options.demoDir ?? path.join(REPO_ROOT, 'demo')),
    kitDir: path.resolve(options.kitDir ?? path.join(REPO_ROOT, 'dist/kit')),
    playerDir: path.join(REPO_ROOT, 'dist/player'),
    mediaDir: path.resolve(options.mediaDir ?? path.join(options.dataDir, 'media')),
    s3: options.s3,
    mediaPublicUrl: options.mediaPublicUrl?.replace(/\/+$/, '') || undefined,
    mediaCacheBytes: (options.mediaCacheMB ?? 1024) * 1024 ** 2,
    maxVideoBytes: options.maxVideoBytes ?? 2 * 1024 ** 3,
    maxPosterBytes: options.maxPosterBytes ?? DEFAULT_POSTER_MAX_BYTES,
    ingestAllowHosts: (options.ingestAllowHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
    pipelineToken: options.pipelineToken ?? '',
    uploadTtlMs: (options.uploadTtlHours ?? 24) * 3_600_000,
    downloadTimeoutMs: (options.downloadTimeoutSeconds ?? 1800) * 1000,
    workerUrlMs: (options.workerUrlSeconds ?? 900) * 1000,
    storageSweepSeconds: Math.min(options.storageSweepSeconds ?? DEFAULT_SWEEP_SECONDS, MAX_SWEEP_SECONDS),
  };
  const clock = options.clock ?? systemClock;
  const extraSources = [
    ...new Set([...originOf(settings.publicUrl), ...originOf(settings.mediaPublicUrl), ...(options.cspExtraSources ?? [])]),
  ];
  // What early error replies carry (see rejectMalformedRequest): every reply's security headers, and never cached.
  const scriptHashes = inlineScriptHashes(settings.demoDir);
  const earlyHeaders = { ...securityHeaderSet(helmetOptions(extraSources, scriptHashes)), 'cache-control': 'no-store' };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(options.trustProxy),
    ...timeoutOptions(options.requestTimeoutSeconds ?? 60),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: sharedSchemaCompilers() },
    schemaErrorFormatter: formatValidationErrors,
    clientErrorHandler: rejectMalformedRequest(earlyHeaders),
    // Before routing no hook runs, helmet's neither: the early reply gets the same headers by hand.
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply.headers(earlyHeaders)),
    // No time limit on starting a plugin: the database plugin runs the migrations, which take a while
    // on a big database (or waits while another node runs them), and a start must not fail halfway.
    pluginTimeout: 0,
  });

  app.decorate('clock', clock);
  app.decorate('settings', settings);
  app.decorate('maxApiKeys', options.maxApiKeys ?? 100);
  app.decorate('videoUploadSlots', new UploadSlots(settings.maxUploadsPerAccount));
  registerErrorHandler(app);
  registerNotFound(app);
  await app.register(closeUnreadBodies);
  await app.register(encodedBodies);
  await app.register(noStore);

  await app.register(database, {
    databaseUrl: options.databaseUrl,
    list: options.list,
    demo: options.demo ?? true,
    demoPassword: options.demoPassword ?? DEFAULT_DEMO_PASSWORD,
    demoFiles: options.demoFiles ?? 1000,
  });
  await app.register(storage);
  await app.register(fileEvents, { pollMs: options.eventPollMs });
  await app.register(mediaServing, { ttlMs: (options.mediaStateSeconds ?? 10) * 1000 });
  await app.register(pipeline, { worker: options.worker ?? false });
  await app.register(crashCleanStorage);
  await app.register(renditions);
  await app.register(uploadSweep);
  await app.register(activity);
  await app.register(viewAnalytics, { beatsBatch: options.beatsBatch ?? 500 });
  await app.register(trash);
  await app.register(bulkJobs, { worker: options.bulkWorker ?? {} });
  await app.register(schedules, options.schedules ?? {});
  await app.register(webhooks, { settings: options.webhooks ?? {} });
  await app.register(queryHygiene);
  registerAuthentication(app);
  await app.register(securityHeaders, { extraSources, scriptHashes });
  await app.register(cors, { origins: (options.corsOrigins ?? []).filter(Boolean) });
  await app.register(openapi);
  await app.register(staticFiles, { roots: [settings.kitDir, settings.demoDir, settings.playerDir] });
  await app.register(rateLimit, { perMinute: options.rateLimitPerMinute ?? 1200 });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(configRoutes, { prefix: '/api/config' });
  await app.register(fileEventRoutes, {
    prefix: '/api/files',
    heartbeatMs: options.eventHeartbeatSeconds && options.eventHeartbeatSeconds * 1000,
  });
  await app.register(fileRoutes, { prefix: '/api/files' });
  await app.register(posterRoutes, { prefix: '/api/files' });
  await app.register(playerTokenRoutes, { prefix: '/api/files' });
  await app.register(uploadRoutes, { prefix: '/api/files' });
  await app.register(chaptersRoutes, { prefix: '/api/files' });
  await app.register(activityRoutes, { prefix: '/api/files' });
  await app.register(bulkRoutes, { prefix: '/api/files' });
  await app.register(jobRoutes, { prefix: '/api/jobs' });
  await app.register(keyRoutes, { prefix: '/api/keys' });
  await app.register(beatRoutes, { prefix: '/api/beats' });
  await app.register(statsRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  await app.register(ingestRoutes, { prefix: '/api/files' });
  await app.register(tusUploadRoutes, { prefix: '/api/uploads', corsOrigins: (options.corsOrigins ?? []).filter(Boolean) });
  await app.register(subtitleRoutes, { prefix: '/api/subs' });
  await app.register(subtitleTextRoutes, { prefix: '/api/subs' });
  await app.register(pipelineRoutes, { prefix: '/api/pipeline' });
  await app.register(pipelineJobRoutes, { prefix: '/api/pipeline/jobs' });
  await app.register(pipelineMediaRoutes, { prefix: '/api/pipeline/media' });
  await app.register(openapiRoutes, { prefix: '/api' });
  await app.register(playerRoutes, { prefix: '/player' });
  await app.register(imageRoutes, { prefix: '/images' });
  await app.register(mediaRoutes, { prefix: '/media' });
  await app.register(pageRoutes);
  return app;
}
