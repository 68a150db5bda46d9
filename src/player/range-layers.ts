/**
 * media-chrome's ranges (the time and the volume bars) ask for compositor layers of their own
 * (`will-change: transform`, which its source calls a fix for a Safari hover glitch). A paused player
 * gains nothing by them, but a page that embeds it on the same site shares its renderer: each of its
 * frames then sorts the player's layers too, and every key typed in the kit's cue editor beside the
 * player paid for that (about 0.5 ms of the main thread's work a key). The bars paint in the page's
 * layer instead.
 */
const SHEET = '#appearance, #preview-rail, #current-rail { will-change: auto; }';

export function paintRangesInPlace(root: ParentNode = document): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SHEET);
  for (const range of root.querySelectorAll('media-time-range, media-volume-range')) {
    const shadow = range.shadowRoot;
    if (shadow) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
  }
}
