import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { AccountsRepository } from './db/accounts-repository';
import { openDatabase } from './db/database';
import { FilesRepository } from './db/files-repository';
import { seedDemo } from './db/seed';
import { SubtitlesRepository } from './db/subtitles-repository';
import { systemClock, type Clock } from './lib/clock';
import { SubtitleStore } from './lib/subtitle-store';
import { registerAuthentication } from './plugins/authentication';
import { fail, formatValidationErrors, registerErrorHandler } from './plugins/errors';
import staticFiles from './plugins/static-files';
import authRoutes from './routes/auth';
import configRoutes from './routes/config';
import fileRoutes from './routes/files';
import imageRoutes from './routes/images';
import openapiRoutes from './routes/openapi';
import pageRoutes, { registerNotFound } from './routes/pages';
import playerRoutes from './routes/player';
import subtitleRoutes from './routes/subtitles';
import uploadRoutes from './routes/upload';
import type { Settings } from './types';
import './types';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppOptions {
  /** Folder of `vp.db` and the stored subtitles (created if missing). */
  dataDir: string;
  /** Seed a NEW database with the demo data (default true). */
  demo?: boolean;
  /** Password of the `demo` account (default `demo-password`). */
  demoPassword?: string;
  /** Files of the demo account when seeding (default 1000). */
  demoFiles?: number;
  /** A session ends this long after its last request (default 86400 s). */
  sessionIdleSeconds?: number;
  /** A session ends this long after sign-in whatever happens (default 604800 s). */
  sessionMaxSeconds?: number;
  /** Failed sign-ins per account per hour before 429 (default 100). */
  loginMaxFailuresPerAccount?: number;
  /** Failed sign-ins per client IP per hour before 429 (default 300). */
  loginMaxFailuresPerIp?: number;
  /** Milliseconds since the epoch (tests move time with it). */
  clock?: Clock;
  /** Exact origins allowed by CORS; empty or absent = CORS off. */
  corsOrigins?: string[];
  /** Base of the player and image links in /api/config; default: the origin of each request. */
  publicUrl?: string;
  /** Extra CSP sources for img-src, frame-src and connect-src (e.g. an image CDN). */
  cspExtraSources?: string[];
  /** The demo pages (default `<repo>/demo`). */
  demoDir?: string;
  /** The built kit (default `<repo>/dist/kit`). */
  kitDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: FastifyServerOptions['trustProxy'];
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** Requests Node's HTTP parser refuses (e.g. raw non-ASCII in the URL) still get the envelope. */
function rejectMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : [400, 'Bad Request', 'The request is malformed (is the URL percent-encoded?)'];
  const body = JSON.stringify({ status: 'error', message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Deep list pages of big accounts are fast once their positions are cached: fill that cache in small
 * slices while the server is idle, after start and again (at most every 10 s) after files change.
 */
function warmListPositions(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastVersion = -1;
  const version = () => app.db.prepare('SELECT v FROM files_version WHERE id = 1').pluck().get() as number;
  const tick = () => {
    if (closed || !app.db.open) return;
    let done = true;
    try {
      done = app.files.warmPositions();
    } catch (err) {
      app.log.warn({ err }, 'warming the list position cache failed'); // only an optimisation
    }
    timer = setTimeout(done ? watch : tick, done ? 10_000 : 2);
    timer.unref();
  };
  const watch = () => {
    if (closed || !app.db.open) return;
    const v = version();
    if (v !== lastVersion) {
      lastVersion = v;
      tick();
    } else {
      timer = setTimeout(watch, 10_000);
      timer.unref();
    }
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(watch, 500);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}

/** Builds the whole server (not listening). `app.close()` closes the database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const settings: Settings = {
    dataDir: path.resolve(options.dataDir),
    publicUrl: options.publicUrl?.replace(/\/+$/, '') || undefined,
    sessionIdleMs: (options.sessionIdleSeconds ?? 86_400) * 1000,
    sessionMaxMs: (options.sessionMaxSeconds ?? 604_800) * 1000,
    loginMaxFailuresPerAccount: options.loginMaxFailuresPerAccount ?? 100,
    loginMaxFailuresPerIp: options.loginMaxFailuresPerIp ?? 300,
    demoDir: path.resolve(options.demoDir ?? path.join(REPO_ROOT, 'demo')),
    kitDir: path.resolve(options.kitDir ?? path.join(REPO_ROOT, 'dist/kit')),
  };
  const clock = options.clock ?? systemClock;

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    schemaErrorFormatter: formatValidationErrors,
    clientErrorHandler: rejectMalformedRequest,
  });

  // Storage: the database and the subtitle store, decorated for the routes.
  const { db, created } = openDatabase(settings.dataDir);
  const store = new SubtitleStore(settings.dataDir);
  app.addHook('onClose', async () => db.close());
  app.decorate('db', db);
  app.decorate('accounts', new AccountsRepository(db));
  app.decorate('files', new FilesRepository(db));
  app.decorate('subtitles', new SubtitlesRepository(db));
  app.decorate('store', store);
  app.decorate('clock', clock);
  app.decorate('settings', settings);
  if (created && (options.demo ?? true)) {
    await seedDemo(db, store, { demoPassword: options.demoPassword ?? 'demo-password', now: clock(), files: options.demoFiles ?? 1000 });
  }

  // Empty query values count as absent (`?isActive=` is "no filter", not "isActive must be 0 or 1").
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
    }
  });

  // Ajv coerces "Infinity" to a number that passes `integer`; no route wants one.
  app.addHook('preHandler', async (request, reply) => {
    for (const part of [request.query, request.params] as unknown[]) {
      if (!part || typeof part !== 'object') continue;
      for (const [key, value] of Object.entries(part)) {
        if (typeof value === 'number' && !Number.isSafeInteger(value)) return fail(reply, 400, `${key} must be an integer`);
      }
    }
  });

  registerErrorHandler(app);
  registerNotFound(app);
  registerAuthentication(app);

  const extra = [...new Set([...originOf(settings.publicUrl), ...(options.cspExtraSources ?? [])])];
  await app.register(helmet, {
    hsts: false, // the demo runs on plain http://127.0.0.1; terminate TLS (and add HSTS) in front of it
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
  const corsOrigins = (options.corsOrigins ?? []).filter(Boolean);
  if (corsOrigins.length) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['x-apikey', 'authorization', 'content-type'],
      maxAge: 600,
    });
  }
  await app.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 8, parts: 12 } });
  await app.register(staticFiles, { roots: [settings.kitDir, settings.demoDir] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'vp-admin-kit reference API',
        version: '1.0.0',
        description: 'Every JSON reply is the envelope { status: "success" | "warning" | "error", message, data? }.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-apikey' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });

  warmListPositions(app);

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(configRoutes, { prefix: '/api/config' });
  await app.register(fileRoutes, { prefix: '/api/files' });
  await app.register(uploadRoutes, { prefix: '/api/files' });
  await app.register(subtitleRoutes, { prefix: '/api/subs' });
  await app.register(openapiRoutes, { prefix: '/api' });
  await app.register(playerRoutes, { prefix: '/player' });
  await app.register(imageRoutes, { prefix: '/images' });
  await app.register(pageRoutes);
  return app;
}
