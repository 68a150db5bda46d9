/**
 * `<vp-embed src="…/player/slug?start=1m23s" aspect-ratio="9 / 16" title="…">`: the player as a web
 * component, for sites that prefer one to an iframe snippet (the embed builder's third snippet). It
 * draws the same iframe in its shadow root, responsive by default (full width, the video's shape,
 * never taller than 90 % of the window) or at a fixed `width` and `height`. Served as
 * `/player/assets/embed.js`; no kit code, no dependency.
 */
class VpEmbed extends HTMLElement {
  static observedAttributes = ['src', 'aspect-ratio', 'width', 'height', 'title'];
  readonly #frame = document.createElement('iframe');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = ':host{display:block}iframe{display:block;border:0}';
    this.#frame.allow = 'autoplay; fullscreen; picture-in-picture';
    this.#frame.allowFullscreen = true;
    root.append(style, this.#frame);
  }

  attributeChangedCallback(): void {
    const src = this.getAttribute('src') ?? '';
    // Only a web page may be framed: never a javascript: or data: URL.
    if (/^https?:\/\//i.test(src) && this.#frame.getAttribute('src') !== src) this.#frame.src = src;
    this.#frame.title = this.getAttribute('title') ?? 'Video player';
    const width = Number(this.getAttribute('width'));
    const height = Number(this.getAttribute('height'));
    const [w, h] = (this.getAttribute('aspect-ratio') ?? '16 / 9').split('/').map(Number);
    const ratio = w! > 0 && h! > 0 ? { w: w!, h: h! } : { w: 16, h: 9 };
    Object.assign(
      this.#frame.style,
      width > 0 && height > 0
        ? { width: `${width}px`, height: `${height}px`, maxWidth: '', aspectRatio: '' }
        : { width: '100%', height: '', maxWidth: `calc(90vh * ${ratio.w} / ${ratio.h})`, aspectRatio: `${ratio.w} / ${ratio.h}` },
    );
  }
}

if (!customElements.get('vp-embed')) customElements.define('vp-embed', VpEmbed);

declare global {
  interface HTMLElementTagNameMap {
    'vp-embed': VpEmbed;
  }
}

// A module, so that the global augmentation above applies.
export {};
