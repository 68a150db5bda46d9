import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildMissingRenditions, measureRenditions } from '../subtitles/build-renditions';
import { defaultRenditionWorkers, RenditionPool } from '../subtitles/rendition-pool';

/**
 * Decorates `app.renditionMaker`, the worker threads that convert subtitles for the player. Before the
 * server listens, tracks stored before player renditions existed get theirs, and renditions stored
 * before their size was recorded are measured (the quota counts them). It runs after the storage
 * journal is set up, because each rendition it stores is journaled like an upload's.
 */
async function renditions(app: FastifyInstance): Promise<void> {
  const pool = new RenditionPool(defaultRenditionWorkers());
  app.decorate('renditionMaker', pool);
  app.addHook('onClose', () => pool.close());
  const built = await buildMissingRenditions(app.subtitles, app.store, app.storageJournal, app.clock, app.log, pool);
  if (built > 0) app.log.info(`built the player renditions of ${built} stored subtitles`);
  const measured = await measureRenditions(app.subtitles, app.store, app.log);
  if (measured > 0) app.log.info(`recorded the size of ${measured} stored player renditions`);
}

export default fp(renditions, { name: 'renditions', dependencies: ['storage', 'crash-clean-storage'] });
