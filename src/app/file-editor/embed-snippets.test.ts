import { describe, expect, it } from 'vitest';
import { aspectRatio, embedUrl, type EmbedOptions } from './embed-options';
import { elementSnippet, fixedSize, iframeSnippet, parseEmbed } from './embed-snippets';

const LINK = 'https://videos.example/player/my-clip';
const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;

describe('the embed builder snippets', () => {
  it("take the video's shape in lowest terms: a 9:16 clip gets a 9:16 box, an unprobed one 16:9", () => {
    expect(aspectRatio(1080, 1920)).toEqual({ width: 9, height: 16 });
    expect(aspectRatio(1280, 720)).toEqual({ width: 16, height: 9 });
    expect(aspectRatio(null, undefined)).toEqual({ width: 16, height: 9 });
    const iframe = parse(iframeSnippet(LINK, 'Tall', aspectRatio(1080, 1920), {})).querySelector('iframe')!;
    expect(iframe.style.aspectRatio).toBe('9 / 16');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.getAttribute('src')).toBe(LINK);
    expect(iframe.hasAttribute('allowfullscreen')).toBe(true);
    expect(iframe.getAttribute('allow')).toContain('autoplay');
  });

  it('a fixed size keeps the shape and is plain width and height attributes', () => {
    expect(fixedSize({ width: 9, height: 16 })).toEqual({ width: 360, height: 640 });
    expect(fixedSize({ width: 16, height: 9 })).toEqual({ width: 640, height: 360 });
    const iframe = parse(iframeSnippet(LINK, 'T', { width: 16, height: 9 }, { fixed: { width: 640, height: 360 } })).querySelector(
      'iframe',
    )!;
    expect([iframe.getAttribute('width'), iframe.getAttribute('height')]).toEqual(['640', '360']);
  });

  it('puts the options in the URL, and a link that already has a query gets them after &', () => {
    expect(embedUrl(LINK, { start: 83, autoplay: true, subtitles: 'vi' })).toBe(`${LINK}?start=1m23s&autoplay=1&subtitles=vi`);
    expect(embedUrl('https://p.example/?v=abc', { loop: true })).toBe('https://p.example/?v=abc&loop=1');
    expect(embedUrl(LINK, {})).toBe(LINK);
  });

  it('the web-component snippet loads embed.js beside the player and names the same URL', () => {
    const body = parse(elementSnippet(LINK, 'T', { width: 9, height: 16 }, { loop: true }));
    expect(body.querySelector('script')!.getAttribute('src')).toBe('https://videos.example/player/assets/embed.js');
    expect(body.querySelector('vp-embed')!.getAttribute('src')).toBe(`${LINK}?loop=1`);
    expect(body.querySelector('vp-embed')!.getAttribute('aspect-ratio')).toBe('9 / 16');
  });

  it('a pasted snippet (any of the three) or link reads back into the same options', () => {
    const cases: EmbedOptions[] = [
      {},
      { start: 83, autoplay: true, loop: true, controls: false, subtitles: 'pt-br', title: false },
      { muted: true, fixed: { width: 400, height: 711 } },
    ];
    const expected = (o: EmbedOptions) => ({ ...o, muted: o.autoplay ? undefined : o.muted });
    for (const options of cases) {
      const ratio = { width: 9, height: 16 };
      expect(parseEmbed(iframeSnippet(LINK, 'A "quoted" & <odd> title', ratio, options))).toEqual(expected(options));
      expect(parseEmbed(elementSnippet(LINK, 'T', ratio, options))).toEqual(expected(options));
      expect(parseEmbed(`see ${embedUrl(LINK, options)} here`)).toEqual(expected({ ...options, fixed: undefined }));
    }
  });

  it('text without a player URL reads as nothing; bad values in a pasted URL are dropped', () => {
    expect(parseEmbed('hello')).toBeUndefined();
    expect(parseEmbed('<iframe src="not a url"></iframe>')).toBeUndefined();
    expect(parseEmbed(`${LINK}?start=soon&loop=1&controls=0`)).toEqual({ loop: true, controls: false });
  });
});
