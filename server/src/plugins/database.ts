import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountsRepository } from '../db/accounts-repository';
import { ApiKeysRepository } from '../db/api-keys-repository';
import type { ListOptions } from '../db/engine';
import { FilesRepository } from '../db/files-repository';
import { openDatabase } from '../db/open';
import { seedDemo } from '../db/seed';
import { SubtitleVersionsRepository } from '../db/subtitle-versions-repository';
import { SubtitlesRepository } from '../db/subtitles-repository';
import { VideoStorageRepository } from '../db/video-storage-repository';
import { openMediaStore } from '../media/open-media-store';

export interface DatabasePluginOptions {
  /** `postgres://…`, else SQLite in `settings.dataDir`. */
  databaseUrl?: string | undefined;
  list?: ListOptions | undefined;
  /** Seed a new database with the demo accounts and files. */
  demo: boolean;
  demoPassword: string;
  demoFiles: number;
}

/**
 * The database and its repositories (`app.db`, `app.accounts`, `app.apiKeys`, `app.files`, `app.subtitles`, `app.subtitleVersions`, `app.videoStorage`), closed
 * with the app. A new database gets the demo data once; big accounts' deep-page positions are
 * computed in the background.
 */
async function database(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  const { dataDir } = app.settings;
  const db = await openDatabase({
    dataDir,
    databaseUrl: options.databaseUrl,
    serving: true,
    list: options.list,
    initialize: async (db) => {
      if (!options.demo) return;
      await seedDemo(db, db.subtitleStore(dataDir), {
        demoPassword: options.demoPassword,
        now: app.clock(),
        files: options.demoFiles,
        media: openMediaStore(app.settings),
      });
    },
  });
  app.addHook('onClose', () => db.close());
  app.decorate('db', db);
  app.decorate('accounts', new AccountsRepository(db));
  app.decorate('apiKeys', new ApiKeysRepository(db));
  const lookAlikes = await app.accounts.fillSkeletons();
  if (lookAlikes.length)
    app.log.warn({ usernames: lookAlikes }, 'accounts whose username looks like an older account’s (kept as they are)');
  app.decorate('files', new FilesRepository(db, app.settings.slugHoldDays * 86_400_000));
  const subtitles = new SubtitlesRepository(db);
  app.decorate('subtitles', subtitles);
  app.decorate('subtitleVersions', new SubtitleVersionsRepository(db, subtitles));
  app.decorate('videoStorage', new VideoStorageRepository(db));
  warmListPositions(app);
}

/**
 * Deep list pages of big accounts are fast once their positions are cached: fill that cache in small
 * slices beside the requests, after start and again (checked every 10 s) after files change.
 */
function warmListPositions(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const tick = (delay: number) => {
    timer = setTimeout(() => {
      if (closed) return;
      app.files.warmPositions().then(
        () => tick(10_000),
        (err: unknown) => {
          if (!closed) app.log.warn({ err }, 'warming the list position cache failed'); // only an optimisation
          tick(10_000);
        },
      );
    }, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => tick(500));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}

export default fp(database, { name: 'database' });
