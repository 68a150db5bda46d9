import type { FastifyRequest } from 'fastify';

/**
 * The request's path as the router matched it: percent-decoded (`/%61pi/files` is `/api/files`),
 * without the query. Hooks must never test the raw `request.url`: a client may encode any character
 * of a path and still reach the same route.
 */
export function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split(/[?#]/, 1)[0] || '/';
  try {
    return decodeURI(raw); // like the router, keeps an encoded "/" (%2F) encoded
  } catch {
    return raw; // undecodable: no route matched it either
  }
}

/**
 * The path a hook decides by: the pattern of the route that matched (`/api/files/:id`), or, for a
 * request only a catch-all or the 404 handler took, its decoded path.
 */
export function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  return route && !route.includes('*') ? route : decodedPath(request);
}

/** True when a path is `prefix` itself or lies under it (`/api`, `/api/…`, not `/apis`). */
export const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** An API request (rate limited, never cached), whatever its spelling. */
export const isApiRequest = (request: FastifyRequest): boolean => isUnder(routePath(request), '/api');
