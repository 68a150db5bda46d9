import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * Subtitle content (`app.store`: files next to SQLite, rows in PostgreSQL) and the multipart parser
 * of uploads, which streams to temporary files of the data folder.
 */
async function storage(app: FastifyInstance): Promise<void> {
  const store = app.db.subtitleStore(app.settings.dataDir);
  await store.claim(); // this process's folder of temporary uploads
  app.addHook('onClose', () => store.release());
  app.decorate('store', store);
  await app.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 8, parts: 12 } });
}

export default fp(storage, { name: 'storage', dependencies: ['database'] });
