import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerLink } from '../shared/player-link';
import { embedSnippet, escapeAttribute } from './embed';

const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
const hostile = fc.oneof(
  fc.string(),
  fc.string({
    unit: fc.constantFrom('"', "'", '<', '>', '&', ' ', '/', '=', 'a', 'amp', 'lt', 'copy', '#', ';', '1', '\n', '\r', '`', 'é', '😀'),
  }),
);
/** Slugs that can be a path segment ('', '.' and '..' get no link at all: see player-link.ts). */
const hostileSlug = hostile.filter((slug) => !/^\.{0,2}$/.test(slug));

describe('embedSnippet', () => {
  it('escapes attribute breakers', () => {
    expect(escapeAttribute(`"<>`)).toBe('&quot;&lt;&gt;');
  });

  it("keeps ' and a lone & as typed, so the snippet reads as the title", () => {
    expect(escapeAttribute("Tom & Jerry's R&D, AT&T &= x & ")).toBe("Tom & Jerry's R&D, AT&T &= x & ");
  });

  it('escapes & only where a browser would read a character reference', () => {
    expect(escapeAttribute('&amp; &#39; &#x41 &copy 2024 &lt &hellip; &notit;')).toBe(
      '&amp;amp; &amp;#39; &amp;#x41 &amp;copy 2024 &amp;lt &amp;hellip; &amp;notit;',
    );
    expect(escapeAttribute('&copyright &amp=1 &ltx')).toBe('&copyright &amp=1 &ltx');
    for (const title of ['&amp;', '&copy 2024', '&#39;', 'a &lt', '&hellip;', '&copyright', '&amp=1', 'R&D']) {
      expect(parse(embedSnippet('https://p.example/x', title)).firstElementChild!.getAttribute('title')).toBe(title);
    }
  });

  it('no slug or title can break out of its attribute (property)', () => {
    fc.assert(
      fc.property(hostileSlug, hostile, (slug, title) => {
        const link = playerLink('https://player.example.com/', slug);
        expect(link).not.toBeNull();
        const body = parse(embedSnippet(link!, title));
        expect(body.children).toHaveLength(1);
        const frame = body.firstElementChild!;
        expect(frame.tagName).toBe('IFRAME');
        expect(frame.childNodes).toHaveLength(0);
        expect(frame.getAttributeNames().sort()).toEqual(['allowfullscreen', 'frameborder', 'height', 'src', 'title', 'width']);
        expect(frame.getAttribute('src')).toBe(link);
        expect(decodeURIComponent(new URL(frame.getAttribute('src')!).pathname.slice(1))).toBe(slug);
        const expectedTitle = title.replace(/\0/g, '').trim() || 'Video player';
        expect(frame.getAttribute('title')).toBe(title.trim() ? title.trim().replace(/\0/g, '') : expectedTitle);
      }),
      { numRuns: 500 },
    );
  });
});
