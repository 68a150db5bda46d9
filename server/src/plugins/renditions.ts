import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildMissingRenditions } from '../lib/build-renditions';

/**
 * Before the server listens, tracks stored before player renditions existed get theirs. It runs after
 * the storage journal is set up, because each rendition it stores is journaled like an upload's.
 */
async function renditions(app: FastifyInstance): Promise<void> {
  const built = await buildMissingRenditions(app.subtitles, app.store, app.storageJournal, app.clock, app.log);
  if (built > 0) app.log.info(`built the player renditions of ${built} stored subtitles`);
}

export default fp(renditions, { name: 'renditions', dependencies: ['storage', 'crash-clean-storage'] });
