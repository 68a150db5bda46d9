import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerLink } from '../config/player-link';
import { embedSnippet, escapeAttribute } from './embed';

const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('"', "'", '<', '>', '&', ' ', '/', '=', 'a', '\n', '\r', '`', 'é', '😀') }),
);
/** Slugs that can be a path segment ('', '.' and '..' get no link at all: see player-link.ts). */
const hostileSlug = hostile.filter((slug) => !/^\.{0,2}$/.test(slug));

describe('embedSnippet', () => {
  it('escapes attribute breakers', () => {
    expect(escapeAttribute(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
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
