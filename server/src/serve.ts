import { buildApp } from './app';
import { readEnv } from './config';
import { redacted } from './db/open';

/** Process concerns only: read the environment, listen, print where, close cleanly on a signal. */
export async function serve(): Promise<void> {
  const env = readEnv();
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
  if (env.demo) console.log(`Demo account: demo / ${env.demoPassword}`);
}
