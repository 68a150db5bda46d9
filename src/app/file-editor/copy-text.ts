/**
 * Copies text: the Clipboard API first, then — when it is missing (http pages other than localhost)
 * or refuses (no permission, document not focused) — a hidden textarea and `execCommand('copy')`.
 * The textarea goes inside `root` (the element's shadow root), so a host page's CSS or listeners
 * never see it and the selection stays where focus is. Resolves true when either way worked.
 */
export async function copyText(text: string, root: Node | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the textarea.
  }
  return copyWithTextarea(text, root);
}

export function copyWithTextarea(text: string, root: Node | null): boolean {
  const parent = root instanceof ShadowRoot || root instanceof Document ? root : document;
  const container = parent instanceof Document ? parent.body : parent;
  const active = (parent as DocumentOrShadowRoot).activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', width: '1px', height: '1px', opacity: '0', pointerEvents: 'none' });
  container.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus?.();
  }
}
