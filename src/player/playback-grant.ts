/**
 * A signed page's playback grant (issue 40): the page gave its player one (`data-grant`), good for a few
 * minutes; every HLS request carries the current one, renewed first when it is about to lapse, so a film
 * started before its link expired plays to the end, after a long pause too (the server renews a grant
 * whose page opened within VP_PLAYBACK_GRANT_MAX_HOURS, even once it lapsed).
 */

/** Renewed this long before it lapses: a request under way never carries a grant that lapses meanwhile. */
const RENEW_BEFORE_MS = 60_000;

/** When a grant lapses (ms): its payload's `e` (Unix seconds), or now when it cannot be read (renew at once). */
function expiryOf(grant: string): number {
  try {
    const payload = grant.slice(0, grant.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { e: number }).e * 1000;
  } catch {
    return 0;
  }
}

export class PlaybackGrant {
  #grant: string;
  #expiresAt: number;
  #renewing: Promise<void> | null = null;
  readonly #renewUrl: string;

  constructor(grant: string, renewUrl: string) {
    this.#grant = grant;
    this.#expiresAt = expiryOf(grant);
    this.#renewUrl = renewUrl;
  }

  /** The grant to send now, renewed first when it lapses within a minute (one renewal at a time). */
  async current(): Promise<string> {
    if (Date.now() > this.#expiresAt - RENEW_BEFORE_MS) await (this.#renewing ??= this.#renew().finally(() => (this.#renewing = null)));
    return this.#grant;
  }

  /** `url` with the current grant as its `grant` parameter. */
  async sign(url: string): Promise<string> {
    const grant = await this.current();
    const signed = new URL(url, location.href);
    signed.searchParams.set('grant', grant);
    return signed.href;
  }

  async #renew(): Promise<void> {
    const res = await fetch(`${this.#renewUrl}?grant=${encodeURIComponent(this.#grant)}`, { method: 'POST' });
    if (!res.ok) return; // the request then carries the old grant, and its 403 says why
    const { data } = (await res.json()) as { data: { grant: string } };
    this.#grant = data.grant;
    this.#expiresAt = expiryOf(data.grant);
  }
}
