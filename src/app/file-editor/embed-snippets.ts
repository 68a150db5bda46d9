import { readPlayerParams } from '../../contract/player-params';
import { escapeAttribute } from './embed';
import { embedUrl, type EmbedOptions } from './embed-options';

/**
 * The embed builder's snippets. The box takes the video's own shape (CSS `aspect-ratio` from the
 * file's width and height, so a 9:16 clip gets a 9:16 box, not PeerTube's 16:9) and is responsive by
 * default: full width, never taller than 90 % of the window. A fixed size is width and height
 * attributes. Pasting any of the snippets (or a player URL) back gives the same options.
 */

/** A fixed size that keeps the video's shape: 640 wide for a landscape video, 360 for a portrait one. */
export function fixedSize(ratio: { width: number; height: number }): { width: number; height: number } {
  const width = ratio.width >= ratio.height ? 640 : 360;
  return { width, height: Math.round((width * ratio.height) / ratio.width) };
}

/** `allow` lets the framed player autoplay and go fullscreen or picture-in-picture in any browser. */
const ALLOW = 'autoplay; fullscreen; picture-in-picture';

function boxStyle(ratio: { width: number; height: number }): string {
  return `width:100%;max-width:calc(90vh * ${ratio.width} / ${ratio.height});aspect-ratio:${ratio.width} / ${ratio.height};border:0`;
}

/** The builder's iframe snippet. */
export function iframeSnippet(link: string, title: string, ratio: { width: number; height: number }, options: EmbedOptions): string {
  const size = options.fixed
    ? `width="${options.fixed.width}" height="${options.fixed.height}" style="border:0"`
    : `style="${boxStyle(ratio)}"`;
  return `<iframe src="${escapeAttribute(embedUrl(link, options))}" ${size} allow="${ALLOW}" allowfullscreen title="${escapeAttribute(title)}"></iframe>`;
}

/**
 * The web-component snippet: the player's own `<vp-embed>` script (served beside the player page,
 * a few hundred bytes, no kit) and the element, which draws the same iframe in its shadow root.
 */
export function elementSnippet(link: string, title: string, ratio: { width: number; height: number }, options: EmbedOptions): string {
  const script = new URL('assets/embed.js', link).href;
  const size = options.fixed
    ? `width="${options.fixed.width}" height="${options.fixed.height}"`
    : `aspect-ratio="${ratio.width} / ${ratio.height}"`;
  return `<script type="module" src="${escapeAttribute(script)}"></script>\n<vp-embed src="${escapeAttribute(embedUrl(link, options))}" ${size} title="${escapeAttribute(title)}"></vp-embed>`;
}

/** What a pasted snippet or URL asks for; `undefined` when it holds no player URL at all. */
export function parseEmbed(text: string): EmbedOptions | undefined {
  // The player's src: not the web-component snippet's script.
  const sources = [...text.matchAll(/\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => m[1] ?? m[2] ?? '');
  const src = sources.find((value) => !/\.js(?:[?#]|$)/i.test(value)) ?? /https?:\/\/[^\s"'<>]+/i.exec(text)?.[0];
  if (!src) return undefined;
  let url: URL;
  try {
    url = new URL(decodeEntities(src));
  } catch {
    return undefined;
  }
  const options: EmbedOptions = readPlayerParams(url.searchParams);
  const width = /\bwidth\s*=\s*"(\d{1,5})"/i.exec(text)?.[1];
  const height = /\bheight\s*=\s*"(\d{1,5})"/i.exec(text)?.[1];
  if (width && height) options.fixed = { width: Number(width), height: Number(height) };
  return options;
}

/** The references `escapeAttribute` writes, read back. */
function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#13;/g, '\r')
    .replace(/&amp;/g, '&');
}
