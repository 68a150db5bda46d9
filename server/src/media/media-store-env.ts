import { parseS3Url, type S3StoreSettings } from './s3-media-store';

/** VP_S3_TIMEOUT_SECONDS' default: connecting to the store, and each wait for its next bytes. */
export const DEFAULT_S3_TIMEOUT_SECONDS = 30;

/**
 * The object store VP_MEDIA_URL names (`s3://bucket/prefix`; absent: the folder store), with the
 * standard AWS_* variables: AWS_REGION, AWS_ENDPOINT_URL_S3, VP_S3_FORCE_PATH_STYLE=1,
 * VP_S3_TIMEOUT_SECONDS; the credentials the SDK reads itself (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
 */
export function s3StoreFromEnv(env: NodeJS.ProcessEnv): S3StoreSettings | undefined {
  const url = env.VP_MEDIA_URL?.trim();
  if (!url) return undefined;
  const timeout = env.VP_S3_TIMEOUT_SECONDS?.trim() || String(DEFAULT_S3_TIMEOUT_SECONDS);
  const seconds = Number(timeout);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new Error(`VP_S3_TIMEOUT_SECONDS must be a positive whole number of seconds, got ${JSON.stringify(timeout)}`);
  return {
    ...parseS3Url(url),
    endpoint: env.AWS_ENDPOINT_URL_S3?.trim() || undefined,
    region: env.AWS_REGION?.trim() || undefined,
    forcePathStyle: env.VP_S3_FORCE_PATH_STYLE?.trim() === '1',
    timeoutMs: seconds * 1000,
  };
}

/** VP_MEDIA_PUBLIC_URL: the base the player and image URLs point at instead of this server's /media/ (a CDN, a public bucket). */
export function mediaPublicUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.VP_MEDIA_PUBLIC_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VP_MEDIA_PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`VP_MEDIA_PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(value)}`);
  return value.replace(/\/+$/, '');
}
