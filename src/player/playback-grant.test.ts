import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaybackGrant } from './playback-grant';

/** A grant as the server writes it: only its payload's expiry (`e`, Unix seconds) is read here. */
const grantExpiring = (seconds: number, id: string) =>
  `${btoa(JSON.stringify({ f: 1, l: 'load', s: '', p: 0, e: seconds }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.${id}`;

describe("the player page's playback grant", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('adds the current grant to each request, renews it once when it lapses within a minute (after a long pause too)', async () => {
    vi.useFakeTimers({ now: 1_000_000 * 1000 });
    const renewals: string[] = [];
    let next = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        renewals.push(url);
        next++;
        return new Response(
          JSON.stringify({
            status: 'success',
            message: 'Grant renewed',
            data: { grant: grantExpiring(1_000_000 + 3900, `renewed${next}`) },
          }),
        );
      }),
    );
    const first = grantExpiring(1_000_000 + 300, 'first');
    const grant = new PlaybackGrant(first, '/player/a-film/grant');
    const signed = new URL(await grant.sign('http://vp.example/media/files/1-abc/v0/seg_001.ts?x=1'));
    expect(signed.searchParams.get('grant')).toBe(first);
    expect(signed.searchParams.get('x')).toBe('1');
    expect(renewals).toEqual([]);

    vi.setSystemTime((1_000_000 + 3600) * 1000); // an hour's pause: the grant lapsed
    const [a, b] = await Promise.all([grant.current(), grant.current()]);
    expect(a).toBe(b);
    expect(a.endsWith('.renewed1')).toBe(true);
    expect(renewals).toEqual([`/player/a-film/grant?grant=${encodeURIComponent(first)}`]); // one renewal for both requests
    expect((await grant.current()).endsWith('.renewed1')).toBe(true);
    expect(renewals).toHaveLength(1);
  });

  it("keeps the old grant when the server refuses to renew it (the request's 403 then says why)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"error","message":"This link has expired"}', { status: 403 })),
    );
    const old = grantExpiring(1, 'old');
    expect(await new PlaybackGrant(old, '/player/x/grant').current()).toBe(old);
  });
});
