import { escapeHtml } from './text';

/** The image names the seed uses: `thumbs/<n>.svg` and `slides/<n>.svg`. Anything else is a 404. */
const NAME = /^(thumbs|slides)\/(\d{1,12})\.svg$/;

/** A deterministic SVG placeholder for a known image name, or null. */
export function placeholderSvg(name: string): string | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const kind = match[1] as 'thumbs' | 'slides';
  const n = Number(match[2]);
  const hue = (n * 137) % 360;
  const [w, h] = kind === 'thumbs' ? [320, 180] : [1280, 720];
  const label = `${kind === 'thumbs' ? 'Thumbnail' : 'Slide'} #${n}`;
  const size = Math.round(h / 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeHtml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue} 60% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 25%)"/>
</linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<polygon points="${w / 2 - size},${h / 2 - size} ${w / 2 - size},${h / 2 + size} ${w / 2 + size},${h / 2}" fill="rgba(255,255,255,0.85)"/>
<text x="${w / 2}" y="${h - size / 2}" font-family="sans-serif" font-size="${Math.round(size / 1.6)}" fill="#fff" text-anchor="middle">${escapeHtml(label)}</text>
</svg>`;
}
