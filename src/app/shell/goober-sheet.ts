/**
 * notistack styles itself with goober, which writes into a `<style id="_goober">` that it appends
 * to document.head — outside our shadow roots (so the toasts would be unstyled) and into the host's
 * head (which the kit must never touch). goober looks for `window._goober` first and appends it
 * only when it has no parent, so we hand it a style element parked in a detached node, watch its
 * text, and mirror it into one constructable stylesheet that every element adopts.
 *
 * This module must be evaluated before notistack: notistack is imported only by `./toast-stack`
 * (which imports this module first) and by the toast it renders.
 */
type GooberWindow = Window & { _goober?: HTMLStyleElement };

const sheet: CSSStyleSheet | null =
  typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype ? new CSSStyleSheet() : null;
let source: HTMLStyleElement | null = null;

function mirror() {
  if (!source || !sheet) return;
  // rem inside a shadow root is relative to the host's <html>; goober's rules assume 16px.
  const css = (source.textContent ?? '').replace(/(\d*\.?\d+)rem\b/g, (_, n: string) => `${parseFloat(n) * 16}px`);
  try {
    sheet.replaceSync(css);
  } catch (error) {
    console.error('vp-admin-kit: toast styles could not be applied.', error);
  }
}

function captureGoober() {
  if (source || typeof window === 'undefined') return;
  const win = window as GooberWindow;
  source = win._goober && win._goober.parentNode && !win._goober.isConnected ? win._goober : null;
  if (!source) {
    source = document.createElement('style');
    source.id = '_goober';
    source.textContent = ' ';
    document.createElement('div').appendChild(source);
    win._goober = source;
  }
  new MutationObserver(mirror).observe(source, { characterData: true, childList: true, subtree: true });
  mirror();
}

captureGoober();

/** Adopts the mirrored toast styles into an element's shadow root; returns the undo. */
export function adoptToastStyles(root: ShadowRoot): () => void {
  if (!sheet) return () => {};
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
