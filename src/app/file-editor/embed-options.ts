import { playerParamsQuery, type PlayerParams } from '../../contract/player-params';

/** The embed options and the player URL they make (the card's preview uses these; the builder the rest, in its chunk). */
export interface EmbedOptions extends PlayerParams {
  /** Fixed pixels instead of the responsive box. */
  fixed?: { width: number; height: number };
}

/** The video's shape in lowest terms (1920×1080 → 16 / 9); 16 / 9 until the pipeline has probed it. */
export function aspectRatio(width: number | null | undefined, height: number | null | undefined): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: 16, height: 9 };
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const d = gcd(Math.round(width), Math.round(height));
  return { width: Math.round(width) / d, height: Math.round(height) / d };
}

/** The player link with the options' parameters. */
export function embedUrl(link: string, options: EmbedOptions): string {
  const query = playerParamsQuery(options);
  if (!query) return link;
  return `${link}${link.includes('?') ? '&' : '?'}${query}`;
}
