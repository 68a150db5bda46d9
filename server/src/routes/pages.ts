import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath, isUnder } from '../lib/route-path';
import { escapeHtml } from '../lib/text';
import { fail } from '../plugins/errors';
import { fileResponse, pageParams, restOfPathParams } from '../schemas/pages';
import type { RouteApp } from '../schemas/route-types';

/** Paths the history fallback never answers: they have their own 404s. */
const OWN_PREFIXES = ['/api', '/kit', '/player', '/images', '/media'];
const DEMO_FILE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(html|css|js|mjs|svg|png|ico|json|webmanifest)$/;
/** Vite's hashed chunk names (`name-AbC123xy.js`): safe to cache for a year. The entry never is. */
const HASHED = /-[A-Za-z0-9_-]{8}\.(js|css|mjs)$/;
const ENTRY = 'vp-admin-kit.js';

function htmlMessage(reply: FastifyReply, statusCode: number, title: string, text: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;margin:2rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`,
    );
}

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const isDir = (dir: string) => fs.existsSync(dir) && fs.statSync(dir).isDirectory();

function sendDemoPage(app: FastifyInstance, reply: FastifyReply, name: string): FastifyReply {
  const { demoDir } = app.settings;
  if (!isDir(demoDir)) {
    return htmlMessage(
      reply,
      503,
      'Demo pages missing',
      `The demo pages folder (${demoDir}) does not exist. Run npm run build, or check out the demo/ folder.`,
    );
  }
  if (!fs.existsSync(path.join(demoDir, name))) {
    return htmlMessage(reply, 404, 'Page not found', `${name} is not in the demo pages folder.`);
  }
  return reply.header('cache-control', 'no-cache').sendFile(name, demoDir, { cacheControl: false });
}

/** A page request outside the server's own paths: it gets the app's page (the history fallback). */
function isAppPageRequest(request: FastifyRequest): boolean {
  const url = decodedPath(request);
  const own = OWN_PREFIXES.some((p) => isUnder(url, p));
  return (request.method === 'GET' || request.method === 'HEAD') && !own && acceptsHtml(request);
}

/** The page of a client-side route: portal.html under /portal, else index.html. */
function sendAppPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const portal = isUnder(decodedPath(request), '/portal');
  return sendDemoPage(app, reply, portal ? 'portal.html' : 'index.html');
}

/**
 * The built kit at /kit/, the demo pages at /, and the history fallback for client-side routes.
 * The fallback is a route (not the 404 handler) so that its page is compressed like every other.
 */
export default async function pageRoutes(app: RouteApp): Promise<void> {
  const { kitDir } = app.settings;

  app.get('/kit/*', { schema: { hide: true, params: restOfPathParams, response: { 200: fileResponse } } }, async (request, reply) => {
    if (!isDir(kitDir)) {
      return htmlMessage(reply, 503, 'Kit not built', `The kit bundle (${kitDir}) does not exist yet. Run npm run build.`);
    }
    const file = request.params['*'];
    reply.header('cache-control', HASHED.test(file) && path.basename(file) !== ENTRY ? 'public, max-age=31536000, immutable' : 'no-cache');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return reply.sendFile(file, kitDir, { cacheControl: false });
  });

  app.get('/', { schema: { hide: true, response: { 200: fileResponse } } }, async (_request, reply) =>
    sendDemoPage(app, reply, 'index.html'),
  );

  app.get('/:page', { schema: { hide: true, params: pageParams, response: { 200: fileResponse } } }, async (request, reply) => {
    const name = request.params.page;
    if (!DEMO_FILE.test(name) || (!fs.existsSync(path.join(app.settings.demoDir, name)) && acceptsHtml(request))) {
      return isAppPageRequest(request) ? sendAppPage(app, request, reply) : reply.callNotFound();
    }
    return sendDemoPage(app, reply, name);
  });

  app.get('/*', { schema: { hide: true, params: restOfPathParams, response: { 200: fileResponse } } }, async (request, reply) =>
    isAppPageRequest(request) ? sendAppPage(app, request, reply) : reply.callNotFound(),
  );
}

/** 404s get the envelope (page requests outside the server's own paths get the app's page first, above). */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(async (request, reply) => {
    return fail(reply, 404, `Not found: ${request.method} ${decodedPath(request).slice(0, 200)}`);
  });
}
