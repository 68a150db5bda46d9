import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { readEnv } from './config';
import { ffmpegVersion } from './media/ffmpeg';
import { checkMediaStore, type MediaCheckStep } from './media/media-check';
import { S3MediaStore, type S3StoreSettings } from './media/s3-media-store';
import { redacted } from './lib/redacted-url';
import { verifyPassword } from './lib/passwords';

/** The start banner shows the demo password only while it still signs in (it may have been reset since). */
async function demoAccountLine(app: FastifyInstance, password: string): Promise<string | undefined> {
  const account = await app.accounts.findByUsername('demo');
  if (!account) return undefined;
  if (await verifyPassword(account.password_hash, password)) return `Demo account: demo / ${password}`;
  return 'Demo account: demo (its password was changed; set a new one with: npm run server -- user reset-password demo)';
}

/** A bucket (VP_MEDIA_URL) that fails the media check stops the start with one line, before the first upload could. */
async function checkBucket(s3: S3StoreSettings | undefined): Promise<void> {
  if (!s3) return;
  let failed: MediaCheckStep | undefined;
  await checkMediaStore(new S3MediaStore(s3), (step) => {
    if (step.problem) failed = step;
  });
  if (failed)
    throw new Error(
      `VP_MEDIA_URL s3://${s3.bucket}/${s3.prefix}: ${failed.step} failed: ${failed.problem} (see: npm run server -- media check)`,
    );
}

/** Process concerns only: read the environment, listen, print where, close cleanly on a signal. */
export async function serve(): Promise<void> {
  const env = readEnv();
  await checkBucket(env.options.s3);
  const app = await buildApp({ ...env.options, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing…`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const address = await app.listen({ port: env.port, host: env.host });
  const url = env.port === 0 ? address : env.options.publicUrl;
  console.log(`vp-admin-kit server listening on ${url}`);
  console.log(env.options.databaseUrl ? `Database: ${redacted(env.options.databaseUrl)}` : `Data folder: ${app.settings.dataDir}`);
  const demoLine = env.demo ? await demoAccountLine(app, env.demoPassword) : undefined;
  if (demoLine) console.log(demoLine);
  console.log(`ffmpeg: ${await ffmpegVersion()}`);
}
