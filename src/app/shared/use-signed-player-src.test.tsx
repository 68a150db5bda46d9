import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, settle } from '../../../test/support/render-hook';
import type { PlayerAccess } from '../../contract/player-access';
import { ApiError } from '../api/api-error';

const mintPlayerToken = vi.fn();
vi.mock('../api/player-tokens', () => ({ mintPlayerToken: (...args: unknown[]) => mintPlayerToken(...args) }));

const { useSignedPlayerSrc } = await import('./use-signed-player-src');

const SIGNED: PlayerAccess = { embed: 'anywhere', sites: [], signed: true, allow_no_referrer: true };
const SRC = 'https://p.example/player/clip?title=0';
const minted = (token: string, inSeconds: number) => ({
  status: 'success',
  message: 'Player link signed',
  data: { token, expires_at: new Date(Date.now() + inSeconds * 1000).toISOString(), url: '' },
});

beforeEach(() => {
  mintPlayerToken.mockReset();
});

describe("useSignedPlayerSrc: the kit's preview and cue editor of a signed file", () => {
  it('frames an unsigned file as it is, minting nothing', async () => {
    const { result } = renderHook(() => useSignedPlayerSrc({ file_id: 4, player_access: null }, SRC), {});
    await settle();
    // The kit's own player carries its marker: an operator's playback is never a view.
    expect(result.current).toEqual({ src: `${SRC}&vp_kit=1`, failure: null });
    expect(mintPlayerToken).not.toHaveBeenCalled();
  });

  it('mints a link for a signed file and frames the player with its token; a new URL reuses it while it lasts', async () => {
    mintPlayerToken.mockResolvedValue(minted('pay.sig', 3600));
    const { result, rerender } = renderHook(({ src }) => useSignedPlayerSrc({ file_id: 4, player_access: SIGNED }, src), { src: SRC });
    // Nothing is framed until the link is made: a frame without it would show "This video is private".
    expect(result.current).toEqual({ src: null, failure: null });
    await settle();
    expect(mintPlayerToken).toHaveBeenCalledExactlyOnceWith(expect.anything(), 4, 3600);
    expect(result.current).toEqual({ src: `${SRC}&vp_kit=1&token=pay.sig`, failure: null });
    rerender({ src: `${SRC}&muted=1` });
    await settle();
    expect(mintPlayerToken).toHaveBeenCalledOnce();
    expect(result.current.src).toBe(`${SRC}&muted=1&vp_kit=1&token=pay.sig`);
  });

  it('mints again for a new page load once the last link has (nearly) lapsed', async () => {
    mintPlayerToken.mockResolvedValueOnce(minted('old.sig', 30)).mockResolvedValueOnce(minted('new.sig', 3600));
    const { result, rerender } = renderHook(({ src }) => useSignedPlayerSrc({ file_id: 4, player_access: SIGNED }, src), { src: SRC });
    await settle();
    expect(result.current.src).toBe(`${SRC}&vp_kit=1&token=old.sig`);
    rerender({ src: `${SRC}&loop=1` });
    await settle();
    expect(mintPlayerToken).toHaveBeenCalledTimes(2);
    expect(result.current.src).toBe(`${SRC}&loop=1&vp_kit=1&token=new.sig`);
  });

  it('says why when the server cannot sign (its message), and frames nothing', async () => {
    mintPlayerToken.mockRejectedValue(new ApiError('Signed links are off on this server: set VP_SIGNING_SECRET', 'http', 409, 'error'));
    const { result } = renderHook(() => useSignedPlayerSrc({ file_id: 4, player_access: SIGNED }, SRC), {});
    await settle();
    expect(result.current).toEqual({ src: null, failure: 'Signed links are off on this server: set VP_SIGNING_SECRET' });
  });
});
