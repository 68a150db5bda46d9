import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** Extra sources for img-src, frame-src and connect-src (the public URL, an image CDN). */
  extraSources: string[];
}

/** Helmet's headers with a strict Content-Security-Policy for the demo pages and the player. */
async function securityHeaders(app: FastifyInstance, { extraSources }: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, {
    hsts: false, // the demo runs on plain http://127.0.0.1; terminate TLS (and add HSTS) in front of it
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
