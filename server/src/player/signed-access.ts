import type { FastifyRequest } from 'fastify';
import { siteListed } from '../../../src/contract/player-access';
import type { Settings } from '../types';
import { framingSite, requestingSite } from './player-access-check';
import { isRefusal, verify, type LinkClaims, type SignedRefusal } from './signed-links';

/**
 * The checks of a signed file (its access says `signed`): its page needs a valid link (`?token=`), its
 * media a valid grant (`?grant=`, what the page gave its player) or link. A link made for a site plays
 * only framed by that site (or opened in a tab of its own, or on the service's own origins).
 */
export type SignedCheck = SignedRefusal | { refusal: 'site'; why: string };

const NEEDS_LINK: SignedCheck = { refusal: 'private', why: 'it plays only from a signed link' };
const OTHER_SITE: SignedCheck = { refusal: 'site', why: 'the link is for another site' };

const queryValue = (request: FastifyRequest, name: string): string | null => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : null;
};

/** A link's site against the site the request is for (undefined: none but the service's own). */
const siteMatches = (claims: LinkClaims, site: string | null | undefined): boolean =>
  !claims.s || site === undefined || (site !== null && siteListed(site, [claims.s]));

/** The page of a signed file: the link's claims, or why it does not open. */
export function pageLink(settings: Settings, request: FastifyRequest, fileId: number, nowSeconds: number): LinkClaims | SignedCheck {
  const token = queryValue(request, 'token');
  if (!token) return NEEDS_LINK;
  const claims = verify(settings.signingSecrets, 'link', token, fileId, nowSeconds);
  if (isRefusal(claims)) return claims;
  return siteMatches(claims, framingSite(request, settings.playerOwnOrigins)) ? claims : OTHER_SITE;
}

/** A playlist, segment or track of a signed file: null when its grant or link is valid, else why not. */
export function mediaCredentialRefusal(
  settings: Settings,
  request: FastifyRequest,
  fileId: number,
  nowSeconds: number,
): SignedCheck | null {
  const grant = queryValue(request, 'grant');
  if (grant) {
    const claims = verify(settings.signingSecrets, 'grant', grant, fileId, nowSeconds);
    return isRefusal(claims) ? claims : null;
  }
  const token = queryValue(request, 'token');
  if (!token) return NEEDS_LINK;
  const claims = verify(settings.signingSecrets, 'link', token, fileId, nowSeconds);
  if (isRefusal(claims)) return claims;
  return siteMatches(claims, requestingSite(request, settings.playerOwnOrigins)) ? null : OTHER_SITE;
}
