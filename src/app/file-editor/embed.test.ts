import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedSnippet, escapeAttribute, httpUrlOrNull, playerLink } from './embed';

const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
const hostile = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('"', "'", '<', '>', '&', ' ', '/', '=', 'a', '\n', '\r', '`', 'é', '😀') }));

describe('playerLink', () => {
  it('joins the domain and the URL-encoded slug', () => {
    expect(playerLink('https://player.example.com/', 'my-video')).toBe('https://player.example.com/my-video');
    expect(playerLink('https://player.example.com', 'a b"<')).toBe('https://player.example.com/a%20b%22%3C');
    expect(playerLink('https://p.example/?v=', 'x')).toBe('https://p.example/?v=x');
  });

  it('refuses anything but http(s)', () => {
    expect(playerLink('javascript:alert(1)//', 'x')).toBeNull();
    expect(playerLink('data:text/html,hi/', 'x')).toBeNull();
    expect(playerLink('', 'x')).toBeNull();
    expect(httpUrlOrNull('http://img.example/a.jpg')).toBe('http://img.example/a.jpg');
    expect(httpUrlOrNull('/relative.jpg')).toBeNull();
  });
});

describe('embedSnippet', () => {
  it('has the spec attributes', () => {
    expect(embedSnippet('https://p.example/x', 'My film')).toBe(
      '<iframe src="https://p.example/x" width="100%" height="100%" frameborder="0" allowfullscreen title="My film"></iframe>',
    );
    expect(embedSnippet('https://p.example/x', '  ')).toContain('title="Video player"');
  });

  it('escapes attribute breakers', () => {
    expect(escapeAttribute(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('no slug or title can break out of its attribute (property)', () => {
    fc.assert(
      fc.property(hostile, hostile, (slug, title) => {
        const link = playerLink('https://player.example.com/', slug);
        expect(link).not.toBeNull();
        const body = parse(embedSnippet(link!, title));
        expect(body.children).toHaveLength(1);
        const frame = body.firstElementChild!;
        expect(frame.tagName).toBe('IFRAME');
        expect(frame.childNodes).toHaveLength(0);
        expect(frame.getAttributeNames().sort()).toEqual(['allowfullscreen', 'frameborder', 'height', 'src', 'title', 'width']);
        expect(frame.getAttribute('src')).toBe(link);
        expect(new URL(frame.getAttribute('src')!).pathname).toBe(`/${encodeURIComponent(slug)}`);
        const expectedTitle = title.replace(/\0/g, '').trim() || 'Video player';
        expect(frame.getAttribute('title')).toBe(title.trim() ? title.trim().replace(/\0/g, '') : expectedTitle);
      }),
      { numRuns: 500 },
    );
  });
});
