import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring player links and the playback grants a signed page hands its player (issue 40,
 * decision D53). Both are `<payload>.<signature>`: the payload base64url JSON, the signature
 * HMAC-SHA256 of `<kind>.<payload>` under VP_SIGNING_SECRET (or the previous secret, still accepted
 * while a rotation settles), base64url. The kind keeps a grant from passing as a link and back.
 *
 * A link `{f: file_id, e: expiry (Unix seconds), s?: host}` bounds when a player may START: an integrator
 * mints one (POST /api/files/{id}/player-token, or locally: docs/api.md). A grant `{f, l: page load,
 * s: site, p: page time, e}` is what a page opened with a valid link gives its player: it lives minutes,
 * and the player renews it while the page is open, so a film started before the link expired plays to
 * its end, even after a long pause, while the expired link itself opens no new player.
 */

export type SignedKind = 'link' | 'grant';

export interface LinkClaims {
  f: number;
  e: number;
  s?: string;
}

export interface GrantClaims {
  f: number;
  l: string;
  s: string;
  p: number;
  e: number;
}

/** Why a link or grant does not open the player: 'expired' (its time is up) or 'private' (not a valid one for this video). */
export type SignedRefusal = { refusal: 'expired' | 'private'; why: string };

/** Longer than any honest token (a host of 253 characters fits): a guard before any decoding. */
const MAX_TOKEN_CHARS = 1024;

const signature = (secret: string, kind: SignedKind, payload: string): Buffer =>
  createHmac('sha256', secret).update(`${kind}.${payload}`).digest();

export function sign(secret: string, kind: 'link', claims: LinkClaims): string;
export function sign(secret: string, kind: 'grant', claims: GrantClaims): string;
export function sign(secret: string, kind: SignedKind, claims: LinkClaims | GrantClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signature(secret, kind, payload).toString('base64url')}`;
}

/** A new page load's id. */
export const newPageLoad = (): string => randomBytes(9).toString('base64url');

const NOT_VALID = "the link's token is not valid";

/**
 * The claims of a token of `kind` for `fileId` signed with one of `secrets`, or why not. `expired`
 * is reported only for a token whose signature holds (a forged one is never told it expired).
 */
export function verify<K extends SignedKind>(
  secrets: readonly string[],
  kind: K,
  token: string,
  fileId: number,
  nowSeconds: number,
): (K extends 'link' ? LinkClaims : GrantClaims) | SignedRefusal {
  const dot = token.indexOf('.');
  if (!secrets.length || token.length > MAX_TOKEN_CHARS || dot < 1) return { refusal: 'private', why: NOT_VALID };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const valid = secrets.some((secret) => {
    const expected = signature(secret, kind, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return { refusal: 'private', why: NOT_VALID };
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { refusal: 'private', why: NOT_VALID };
  }
  if (typeof claims.e !== 'number' || typeof claims.f !== 'number') return { refusal: 'private', why: NOT_VALID };
  if (claims.f !== fileId) return { refusal: 'private', why: 'the token is for another video' };
  if (claims.e <= nowSeconds) return { refusal: 'expired', why: 'its time is up' };
  return claims as unknown as K extends 'link' ? LinkClaims : GrantClaims;
}

export const isRefusal = (result: object): result is SignedRefusal => 'refusal' in result;
