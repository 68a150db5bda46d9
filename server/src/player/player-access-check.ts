import type { FastifyRequest } from 'fastify';
import { siteRefusal, type PlayerAccess, type SiteRefusal } from '../../../src/contract/player-access';

/**
 * The checks of a file's player access (issue 40, decision D53) on its player page and its media. A
 * request names the site it comes from by its Origin, else its Referer (browsers send the embedding
 * page's origin with a framed page and with media a foreign page fetches; the player's own requests
 * name the player's origin, which is the service's own). The service's own origins (its public URL and
 * the kit's, VP_CORS_ORIGINS; the request's own) always play: the kit, its preview and its cue editor.
 * A Referer can be left out or forged by a tool: a site list is a speed bump; a signed link is the lock.
 */

/** Where a page that shows the player is loaded into a frame of another page (Sec-Fetch-Dest). */
const FRAMED = new Set(['iframe', 'frame', 'embed', 'object']);

/** The origin a request names (its Origin, else its Referer's), or null when it names none. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin.toLowerCase();
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** The origins that always play: the service's own (settings) and the one the request came to. */
export function isOwnOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>, origin: string): boolean {
  return ownOrigins.has(origin) || origin === `${request.protocol}://${request.host}`.toLowerCase();
}

const hostOfOrigin = (origin: string): string | null => {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
};

/** Whether a request of this file's media may be served by the site it names: null when it may, else why not. */
export function mediaRefusal(access: PlayerAccess, request: FastifyRequest, ownOrigins: ReadonlySet<string>): SiteRefusal | null {
  if (access.embed === 'anywhere' && access.allow_no_referrer) return null; // no header to read: the common case costs nothing
  const site = requestingSite(request, ownOrigins);
  return site === undefined ? null : siteRefusal(access, site);
}

/**
 * Whether the player page may show for the page that frames it: null when it may, else why not. A page
 * opened in a tab of its own is framed by no site: its link opens ('nowhere' and a site list are about
 * embedding). A request without Sec-Fetch-Dest (an older browser) counts as framed when it names another
 * origin.
 */
export function pageRefusal(access: PlayerAccess, request: FastifyRequest, ownOrigins: ReadonlySet<string>): SiteRefusal | null {
  if (access.embed === 'anywhere' && access.allow_no_referrer) return null;
  const framer = framingSite(request, ownOrigins);
  return framer === undefined ? null : siteRefusal(access, framer);
}

/**
 * The host of the site that frames the page, null when it names none, or undefined when no other site
 * frames it (a tab of its own, or the service's own page).
 */
export function framingSite(request: FastifyRequest, ownOrigins: ReadonlySet<string>): string | null | undefined {
  const dest = request.headers['sec-fetch-dest'];
  const origin = requestOrigin(request);
  const own = origin !== null && isOwnOrigin(request, ownOrigins, origin);
  const framed = typeof dest === 'string' ? FRAMED.has(dest) : origin !== null && !own;
  if (!framed || own) return undefined;
  return origin === null ? null : hostOfOrigin(origin);
}

/** The host of the site a media request names, null when none, undefined for the service's own. */
export function requestingSite(request: FastifyRequest, ownOrigins: ReadonlySet<string>): string | null | undefined {
  const origin = requestOrigin(request);
  if (origin === null) return null;
  return isOwnOrigin(request, ownOrigins, origin) ? undefined : hostOfOrigin(origin);
}

/**
 * The page's frame-ancestors: any site, or the service's own origins and the listed sites (any port, the
 * page's scheme), or the own origins only. The refusal page is framable anywhere, so it is read, not a
 * blank frame the browser blocked.
 */
export function frameAncestors(access: PlayerAccess, ownOrigins: ReadonlySet<string>): string {
  if (access.embed === 'anywhere') return '*';
  const sites = access.embed === 'sites' ? access.sites.map((site) => `${site}:*`) : [];
  return ["'self'", ...ownOrigins, ...sites].join(' ');
}
