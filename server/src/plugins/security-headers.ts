import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** Extra sources for img-src, frame-src and connect-src (the public URL, an image CDN). */
  extraSources: string[];
  /** The demo pages' inline scripts, by hash (see inline-script-hashes.ts). */
  scriptHashes: string[];
}

/** Helmet's options: a strict Content-Security-Policy for the demo pages and the player, `extraSources` added. */
export function helmetOptions(extraSources: string[], scriptHashes: string[]): FastifyHelmetOptions {
  return {
    hsts: false, // the demo runs on plain http://127.0.0.1; terminate TLS (and add HSTS) in front of it
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extraSources],
        connectSrc: ["'self'", ...extraSources],
        frameSrc: ["'self'", ...extraSources],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  };
}

/** Helmet on every reply that goes through Fastify's hooks (early replies: see security-header-set.ts). */
async function securityHeaders(app: FastifyInstance, { extraSources, scriptHashes }: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, helmetOptions(extraSources, scriptHashes));
}

export default fp(securityHeaders, { name: 'security-headers' });
