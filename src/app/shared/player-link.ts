import { KIT_PREVIEW_PARAM } from '../../contract/view-beats';

/**
 * Links built from config values. Only absolute http(s) URLs ever come out (never `javascript:` or
 * `data:`), and a slug always stays one URL-encoded path segment. The slugs '', '.' and '..' cannot
 * be one (a URL parser resolves them away, even as %2E), so they get no link rather than a wrong one.
 */

/** The URL itself when it is an absolute http(s) URL, else null. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Player domain + URL-encoded slug. A domain ending in '/', '=' or '#' is used as it is (it may be
 * a query such as `https://p.example/?v=`); otherwise a '/' joins the two.
 */
export function playerLink(playerDomain: string | null | undefined, slug: string): string | null {
  return playerLinks(playerDomain)(slug);
}

/**
 * `playerLink` for the slugs of one domain, the domain parsed and checked once: the file list links
 * every row of each page it shows (issue 44).
 */
export function playerLinks(playerDomain: string | null | undefined): (slug: string) => string | null {
  const base = playerDomain?.trim();
  if (!base || !httpUrlOrNull(base)) return () => null;
  const joiner = /[/=#]$/.test(base) ? '' : '/';
  return (slug) => (/^\.{0,2}$/.test(slug) ? null : `${base}${joiner}${encodeURIComponent(slug)}`);
}

/** A player URL as the kit embeds it for its own previews: marked, so that its playback never counts as a view. */
export const kitPreviewUrl = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}${KIT_PREVIEW_PARAM}=1`;
