import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpUrlOrNull, kitPreviewUrl, playerLink } from './player-link';

describe('playerLink', () => {
  it('joins the domain and the URL-encoded slug', () => {
    expect(playerLink('https://player.example.com/', 'my-video')).toBe('https://player.example.com/my-video');
    expect(playerLink('https://player.example.com', 'a b"<')).toBe('https://player.example.com/a%20b%22%3C');
    expect(playerLink('https://p.example/?v=', 'x')).toBe('https://p.example/?v=x');
  });

  it('gives no link for slugs that cannot be a path segment', () => {
    for (const slug of ['', '.', '..']) expect(playerLink('https://p.example/player/', slug)).toBeNull();
  });

  it('refuses anything but http(s)', () => {
    expect(playerLink('javascript:alert(1)//', 'x')).toBeNull();
    expect(playerLink('data:text/html,hi/', 'x')).toBeNull();
    expect(playerLink('', 'x')).toBeNull();
    expect(httpUrlOrNull('http://img.example/a.jpg')).toBe('http://img.example/a.jpg');
    expect(httpUrlOrNull('/relative.jpg')).toBeNull();
  });

  it('any slug comes back intact as the last path segment (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((slug) => !/^\.{0,2}$/.test(slug)),
        (slug) => {
          const url = new URL(playerLink('https://player.example.com/watch/', slug)!);
          expect(url.origin).toBe('https://player.example.com');
          expect(decodeURIComponent(url.pathname.slice('/watch/'.length))).toBe(slug);
          expect(url.search + url.hash).toBe('');
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('kitPreviewUrl', () => {
  it("marks the kit's own player URLs, so that their playback never counts as a view", () => {
    expect(kitPreviewUrl('https://p.example/player/talk')).toBe('https://p.example/player/talk?vp_kit=1');
    expect(kitPreviewUrl('https://p.example/player/talk?start=1m23s')).toBe('https://p.example/player/talk?start=1m23s&vp_kit=1');
  });
});
