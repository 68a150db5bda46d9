import * as v from 'valibot';

/**
 * Where a file's player may play (issue 40, decision D53): a file's `player_access`, or the account's
 * default at `player.access` in GET/PUT /api/config. The server enforces it on the player page and its
 * media; the kit edits it and the embed builder's tester asks `refusal` the same question the server does.
 */

/** Sites one setting may list: a longer list is a sign of a setting that wants `anywhere`. */
export const MAX_PLAYER_SITES = 50;

export const EMBED_MODES = ['anywhere', 'sites', 'nowhere'] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

export const playerAccessSchema = v.strictObject({
  /** anywhere: any site may embed it; sites: only `sites`; nowhere: its link opens, no site embeds it. */
  embed: v.picklist(EMBED_MODES),
  /** Host names (`example.com`, `*.example.com` for its subdomains); checked by `playerAccessProblem`. */
  sites: v.array(v.string()),
  /** The page and its media need a signed, unexpired `?token=` (or the playback grant a signed page gave). */
  signed: v.boolean(),
  /** Whether a media request without Referer or Origin (a download tool, a strict referrer policy) is served. */
  allow_no_referrer: v.boolean(),
});

export type PlayerAccess = v.InferOutput<typeof playerAccessSchema>;

/** Today's behaviour, and an account's default until it sets one. */
export const OPEN_ACCESS: PlayerAccess = { embed: 'anywhere', sites: [], signed: false, allow_no_referrer: true };

/** A host name, lower case, with an optional leading `*.` (any subdomain); no scheme, port or path. */
const SITE = /^(\*\.)?(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a text is a host name a setting or a signed link may name. */
export const isSiteName = (site: string): boolean => SITE.test(site);

/** Why a setting cannot be saved (a 400's message), or null when it can. */
export function playerAccessProblem(access: PlayerAccess): string | null {
  if (access.sites.length > MAX_PLAYER_SITES) return `At most ${MAX_PLAYER_SITES} sites may be listed (${access.sites.length} were)`;
  const bad = access.sites.find((site) => !SITE.test(site));
  if (bad !== undefined)
    return `Not a host name: "${bad.slice(0, 100)}" (write it as example.com, or *.example.com for its subdomains, lower case, without https:// or a path)`;
  if (access.embed === 'sites' && access.sites.length === 0) return 'List at least one site, or choose anywhere or nowhere';
  return null;
}

/** The host of a URL or a bare host name as a person pastes it (`https://Example.com/page`, `example.com`), or null. */
export function hostOf(urlOrHost: string): string | null {
  const text = urlOrHost.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Whether a host is one a site of the list names: itself, or for `*.example.com` any of its subdomains. */
export function siteListed(host: string, sites: readonly string[]): boolean {
  return sites.some((site) => (site.startsWith('*.') ? host.endsWith(site.slice(1)) : host === site));
}

/** Why a player may not play for an embedding host: a site that is not allowed, or an embed of a `nowhere` file. */
export type SiteRefusal = 'not_listed' | 'no_embedding' | 'no_referrer';

/** Why, in words: the 403's message after its first sentence, and the embed builder's tester's "because …". */
export const SITE_REFUSAL_REASONS: Record<SiteRefusal, string> = {
  not_listed: 'the site is not one of those it may play on',
  no_embedding: 'it may not be embedded on any other site',
  no_referrer: 'the request names no site (no Referer or Origin), and this video needs one',
};

/**
 * Whether a page on `host` (null: none was sent) may play a file with this access, the service's own
 * hosts aside (those always play; the caller checks them first): null when it may, else why not.
 */
export function siteRefusal(access: PlayerAccess, host: string | null): SiteRefusal | null {
  if (host === null) return access.allow_no_referrer ? null : 'no_referrer';
  if (access.embed === 'anywhere') return null;
  if (access.embed === 'nowhere') return 'no_embedding';
  return siteListed(host, access.sites) ? null : 'not_listed';
}
