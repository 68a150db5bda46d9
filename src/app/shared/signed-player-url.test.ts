import { describe, expect, it } from 'vitest';
import { OPEN_ACCESS, type PlayerAccess } from '../../contract/player-access';
import { playerLink } from './player-link';
import { effectiveAccess, tokenUsable, withToken } from './signed-player-url';

const SIGNED: PlayerAccess = { embed: 'anywhere', sites: [], signed: true, allow_no_referrer: true };

describe("the kit's own player of a signed file", () => {
  it("follows the file's access, else its account's default, else anywhere", () => {
    expect(effectiveAccess(SIGNED, null).signed).toBe(true);
    expect(effectiveAccess(null, SIGNED).signed).toBe(true);
    expect(effectiveAccess(undefined, undefined)).toEqual(OPEN_ACCESS);
    // A file's own setting wins over a signed default.
    expect(effectiveAccess(OPEN_ACCESS, SIGNED).signed).toBe(false);
  });

  it('adds the token after the player parameters, encoded, on a domain that is itself a query', () => {
    const link = playerLink('https://p.example/player/', 'my video')!;
    expect(withToken(`${link}?start=30s&muted=1`, 'a+b/c.d=')).toBe(
      'https://p.example/player/my%20video?start=30s&muted=1&token=a%2Bb%2Fc.d%3D',
    );
    expect(withToken(playerLink('https://p.example/?v=', 'x')!, 'tok.sig')).toBe('https://p.example/?v=x&token=tok.sig');
    expect(withToken('https://p.example/player/x', 'tok.sig')).toBe('https://p.example/player/x?token=tok.sig');
  });

  it('mints a new link for a new page load a minute before the last one lapses', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(tokenUsable(now + 61_000, now)).toBe(true);
    expect(tokenUsable(now + 60_000, now)).toBe(false);
    expect(tokenUsable(now - 1, now)).toBe(false);
  });
});
