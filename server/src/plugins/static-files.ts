import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticFilesOptions {
  /** Folders `reply.sendFile` serves from, tried in order. */
  roots: string[];
}

/**
 * Static files go out brotli- or gzip-compressed, whichever the browser accepts (brotli first). The
 * built kit carries a `.br` and a `.gz` of every file, written at build time at the best ratio, and
 * those are sent as they are; anything static without them (the demo pages, the player page, HTML
 * messages) is compressed on the fly. Cache headers are set by the routes that serve the files.
 */
async function staticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  // API replies are left as they are: small, made per request, and their latency budgets are measured so.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.url === '/api') route.compress ??= false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyStatic, { root: [...new Set(options.roots)], serve: false, preCompressed: true });
}

export default fp(staticFiles, { name: 'vp-static-files' });
