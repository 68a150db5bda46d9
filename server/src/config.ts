import path from 'node:path';
import type { AppOptions } from './app';
import { DEFAULT_DEMO_PASSWORD } from './db/seed';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from './media/media-limits';
import { mediaPublicUrlFromEnv, s3StoreFromEnv } from './media/media-store-env';
import { parseAllowedHost } from './lib/url-policy';
import { DEFAULT_SWEEP_SECONDS, MAX_SWEEP_SECONDS } from './plugins/crash-clean-storage';
import { passwordProblem } from './lib/password-policy';
import { parseTrustProxy } from './lib/trust-proxy';
import { DEFAULT_VIDEO_QUOTA_BYTES } from './lib/video-quota';
import { DEFAULT_POSTER_MAX_BYTES } from './poster/poster-image';

/** Reads the server's environment (see server/README.md). */
export interface ServerEnv {
  port: number;
  host: string;
  options: AppOptions;
  demo: boolean;
  demoPassword: string;
}

export const MAX_SCHEDULE_BATCH = 2000;

function positive(name: string, value: string | undefined, fallback: number, unit: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number${unit}, got ${JSON.stringify(value)}`);
  return n;
}

/** A whole number ≥ 0 (0 has a meaning of its own, e.g. "never"). */
function wholeNumber(name: string, value: string | undefined, fallback: number, unit: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number${unit} (0 or more), got ${JSON.stringify(value)}`);
  return n;
}
/** A comma-separated list, trimmed, without empty entries. */
const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** VP_STORAGE_SWEEP_SECONDS: at most MAX_SWEEP_SECONDS, so that other machines see each owner's heartbeat. */
function sweepSeconds(value: string | undefined): number {
  const n = seconds('VP_STORAGE_SWEEP_SECONDS', value, DEFAULT_SWEEP_SECONDS);
  if (n > MAX_SWEEP_SECONDS) throw new Error(`VP_STORAGE_SWEEP_SECONDS must be at most ${MAX_SWEEP_SECONDS}, got ${JSON.stringify(value)}`);
  return n;
}

/** VP_INGEST_ALLOW_HOSTS or VP_WEBHOOK_ALLOW_HOSTS, each entry checked (see parseAllowedHost): a typo stops the start with one line. */
function allowHosts(value: string | undefined, name = 'VP_INGEST_ALLOW_HOSTS'): string[] {
  const entries = list(value?.toLowerCase());
  for (const entry of entries) {
    try {
      parseAllowedHost(entry);
    } catch (err) {
      throw new Error(`${name}: ${(err as Error).message}`, { cause: err });
    }
  }
  return entries;
}

/** VP_WEBHOOK_BACKOFF: waits like `5s,5m,30m,2h` (s, m, h), at least one. */
export function backoffSchedule(value: string | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const unit: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
  return list(value).map((entry) => {
    const m = /^(\d+)([smh])$/.exec(entry);
    if (!m || Number(m[1]) <= 0) throw new Error(`VP_WEBHOOK_BACKOFF must be waits like 5s,5m,30m,2h, got ${JSON.stringify(value)}`);
    return Number(m[1]) * unit[m[2]!]!;
  });
}

const seconds = (name: string, value: string | undefined, fallback: number) => positive(name, value, fallback, ' of seconds');

/** What one video may cost the pipeline's worker (see media-limits.ts). */
export function mediaLimits(env: NodeJS.ProcessEnv): MediaLimits {
  const d = DEFAULT_MEDIA_LIMITS;
  return {
    maxSeconds: seconds('VP_MAX_VIDEO_SECONDS', env.VP_MAX_VIDEO_SECONDS, d.maxSeconds),
    maxPixels: positive('VP_MAX_VIDEO_PIXELS', env.VP_MAX_VIDEO_PIXELS, d.maxPixels, ' of pixels'),
    maxSide: positive('VP_MAX_VIDEO_SIDE', env.VP_MAX_VIDEO_SIDE, d.maxSide, ' of pixels'),
    maxFrames: positive('VP_MAX_VIDEO_FRAMES', env.VP_MAX_VIDEO_FRAMES, d.maxFrames, ' of frames'),
    maxJobSeconds: seconds('VP_MAX_JOB_SECONDS', env.VP_MAX_JOB_SECONDS, d.maxJobSeconds),
  };
}

/** Schedules run in one transaction: at most MAX_SCHEDULE_BATCH (7 parameters each in one INSERT of the activity log). */
function scheduleBatch(value: string | undefined): number {
  const n = positive('VP_SCHEDULE_BATCH', value, 500, '');
  if (n > MAX_SCHEDULE_BATCH) throw new Error(`VP_SCHEDULE_BATCH must be at most ${MAX_SCHEDULE_BATCH}, got ${JSON.stringify(value)}`);
  return n;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = env.PORT?.trim() ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got ${JSON.stringify(env.PORT)}`);
  const host = env.HOST?.trim() || '127.0.0.1';
  const demo = (env.VP_DEMO ?? '1').trim() !== '0';
  const demoPassword = env.VP_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  // The default is public (printed at start, in the README) and exempt from the policy (decision D29);
  // a password an operator chooses for the demo account is held to it like any other.
  const problem = demo && env.VP_DEMO_PASSWORD ? passwordProblem(env.VP_DEMO_PASSWORD, 'demo') : null;
  if (problem) throw new Error(`VP_DEMO_PASSWORD: ${problem}`);
  const dataDir = env.VP_DATA_DIR?.trim() || './data';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const publicUrl = env.VP_PUBLIC_URL?.trim() || `http://${urlHost === '0.0.0.0' ? '127.0.0.1' : urlHost}:${port}`;
  return {
    port,
    host,
    demo,
    demoPassword,
    options: {
      dataDir,
      databaseUrl: env.DATABASE_URL?.trim() || undefined,
      demo,
      demoPassword,
      publicUrl,
      corsOrigins: list(env.VP_CORS_ORIGINS),
      sessionIdleSeconds: seconds('VP_SESSION_IDLE_SECONDS', env.VP_SESSION_IDLE_SECONDS, 86_400),
      sessionMaxSeconds: seconds('VP_SESSION_MAX_SECONDS', env.VP_SESSION_MAX_SECONDS, 604_800),
      requestTimeoutSeconds: seconds('VP_REQUEST_TIMEOUT_SECONDS', env.VP_REQUEST_TIMEOUT_SECONDS, 60),
      accountQuotaBytes: positive('VP_ACCOUNT_QUOTA_BYTES', env.VP_ACCOUNT_QUOTA_BYTES, 1024 ** 3, ' of bytes'),
      chaptersMaxBytes: positive('VP_CHAPTERS_MAX_BYTES', env.VP_CHAPTERS_MAX_BYTES, 64 * 1024, ' of bytes'),
      accountVideoQuotaBytes: positive(
        'VP_ACCOUNT_VIDEO_QUOTA_BYTES',
        env.VP_ACCOUNT_VIDEO_QUOTA_BYTES,
        DEFAULT_VIDEO_QUOTA_BYTES,
        ' of bytes',
      ),
      trashDays: wholeNumber('VP_TRASH_DAYS', env.VP_TRASH_DAYS, 30, ' of days'),
      activityDays: wholeNumber('VP_ACTIVITY_DAYS', env.VP_ACTIVITY_DAYS, 365, ' of days'),
      slugHoldDays: wholeNumber('VP_SLUG_HOLD_DAYS', env.VP_SLUG_HOLD_DAYS, 365, ' of days'),
      analyticsDays: positive('VP_ANALYTICS_DAYS', env.VP_ANALYTICS_DAYS, 400, ' of days'),
      beatsBatch: positive('VP_BEATS_BATCH', env.VP_BEATS_BATCH, 500, ''),
      countryHeader: env.VP_COUNTRY_HEADER?.trim() || undefined,
      rateLimitPerMinute: positive('VP_RATE_LIMIT_PER_MINUTE', env.VP_RATE_LIMIT_PER_MINUTE, 1200, ''),
      maxApiKeys: positive('VP_MAX_API_KEYS', env.VP_MAX_API_KEYS, 100, ''),
      maxUploadsPerAccount: positive('VP_MAX_UPLOADS_PER_ACCOUNT', env.VP_MAX_UPLOADS_PER_ACCOUNT, 4, ''),
      maxStreamsPerKey: positive('VP_MAX_STREAMS_PER_KEY', env.VP_MAX_STREAMS_PER_KEY, 10, ''),
      maxStreamsPerAddress: positive('VP_MAX_STREAMS_PER_ADDRESS', env.VP_MAX_STREAMS_PER_ADDRESS, 100, ''),
      trustProxy: parseTrustProxy(env.VP_TRUST_PROXY),
      mediaDir: env.VP_MEDIA_DIR?.trim() || path.join(dataDir, 'media'),
      s3: s3StoreFromEnv(env),
      mediaPublicUrl: mediaPublicUrlFromEnv(env),
      mediaCacheMB: wholeNumber('VP_MEDIA_CACHE_MB', env.VP_MEDIA_CACHE_MB, 1024, ' of MB'),
      mediaStateSeconds: seconds('VP_MEDIA_STATE_SECONDS', env.VP_MEDIA_STATE_SECONDS, 10),
      signingSecret: env.VP_SIGNING_SECRET?.trim() || undefined,
      signingSecretPrevious: env.VP_SIGNING_SECRET_PREVIOUS?.trim() || undefined,
      playbackGrantSeconds: positive('VP_PLAYBACK_GRANT_SECONDS', env.VP_PLAYBACK_GRANT_SECONDS, 300, ' of seconds'),
      playbackGrantMaxHours: positive('VP_PLAYBACK_GRANT_MAX_HOURS', env.VP_PLAYBACK_GRANT_MAX_HOURS, 24, ' of hours'),
      playerTokenMaxDays: positive('VP_PLAYER_TOKEN_MAX_DAYS', env.VP_PLAYER_TOKEN_MAX_DAYS, 365, ' of days'),
      maxVideoBytes: positive('VP_MAX_VIDEO_BYTES', env.VP_MAX_VIDEO_BYTES, 2 * 1024 ** 3, ' of bytes'),
      maxPosterBytes: positive('VP_POSTER_MAX_BYTES', env.VP_POSTER_MAX_BYTES, DEFAULT_POSTER_MAX_BYTES, ' of bytes'),
      ingestAllowHosts: allowHosts(env.VP_INGEST_ALLOW_HOSTS),
      pipelineToken: env.VP_PIPELINE_TOKEN?.trim() ?? '',
      storageSweepSeconds: sweepSeconds(env.VP_STORAGE_SWEEP_SECONDS),
      uploadTtlHours: positive('VP_UPLOAD_TTL_HOURS', env.VP_UPLOAD_TTL_HOURS, 24, ' of hours'),
      downloadTimeoutSeconds: seconds('VP_DOWNLOAD_TIMEOUT_SECONDS', env.VP_DOWNLOAD_TIMEOUT_SECONDS, 1800),
      schedules: {
        pollMs: positive('VP_SCHEDULE_POLL_MS', env.VP_SCHEDULE_POLL_MS, 1000, ' of milliseconds'),
        batch: scheduleBatch(env.VP_SCHEDULE_BATCH),
      },
      workerUrlSeconds: seconds('VP_WORKER_URL_SECONDS', env.VP_WORKER_URL_SECONDS, 900),
      webhooks: {
        backoffMs: backoffSchedule(env.VP_WEBHOOK_BACKOFF),
        timeoutMs: seconds('VP_WEBHOOK_TIMEOUT_SECONDS', env.VP_WEBHOOK_TIMEOUT_SECONDS, 10) * 1000,
        pauseAfterMs: positive('VP_WEBHOOK_PAUSE_DAYS', env.VP_WEBHOOK_PAUSE_DAYS, 3, ' of days') * 86_400_000,
        allowHosts: allowHosts(env.VP_WEBHOOK_ALLOW_HOSTS, 'VP_WEBHOOK_ALLOW_HOSTS'),
        concurrency: positive('VP_WEBHOOK_CONCURRENCY', env.VP_WEBHOOK_CONCURRENCY, 64, ''),
        logDays: positive('VP_WEBHOOK_LOG_DAYS', env.VP_WEBHOOK_LOG_DAYS, 30, ' of days'),
        maxPerAccount: positive('VP_MAX_WEBHOOKS', env.VP_MAX_WEBHOOKS, 20, ''),
      },
      worker: (env.VP_WORKER ?? '1').trim() === '0' ? false : { name: env.VP_WORKER_NAME?.trim() || undefined, limits: mediaLimits(env) },
    },
  };
}
