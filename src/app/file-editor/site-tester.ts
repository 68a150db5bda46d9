import { hostOf, siteRefusal, type PlayerAccess, type SiteRefusal } from '../../contract/player-access';

/**
 * The embed builder's tester (issue 40): would the player play on a page, pasted as its URL or its host
 * name? The same question the server asks of a framed player page (`siteRefusal`), the service's own
 * hosts aside (they always play).
 */
export type SiteVerdict =
  | { kind: 'invalid' }
  | { kind: 'own'; host: string }
  | { kind: 'plays'; host: string; signed: boolean }
  | { kind: 'refused'; host: string; refusal: SiteRefusal };

export function testSite(access: PlayerAccess, ownHosts: readonly string[], pasted: string): SiteVerdict {
  const host = hostOf(pasted);
  if (!host) return { kind: 'invalid' };
  if (ownHosts.includes(host)) return { kind: 'own', host };
  const refusal = siteRefusal(access, host);
  return refusal ? { kind: 'refused', host, refusal } : { kind: 'plays', host, signed: access.signed };
}

/** The hosts of the service's own pages the kit knows: its player's and this page's. */
export const ownHostsOf = (...urls: (string | null | undefined)[]): string[] =>
  urls.flatMap((url) => {
    const host = url ? hostOf(url) : null;
    return host ? [host] : [];
  });
