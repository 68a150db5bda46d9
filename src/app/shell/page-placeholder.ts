/**
 * A page may put a static copy of a screen inside the element, marked `data-vp-placeholder` (the demo's
 * index.html holds the sign-in form): the browser paints it with the HTML, long before the kit's code
 * arrives on a slow phone (decision D72). The element shows it through a `<slot>` until its first screen
 * commits, removes it in that commit's layout effects (so no frame shows both, or neither), and keeps
 * what was typed into the copy's named fields, so the real form starts from it (and is sent, when the
 * visitor already asked to: the page marks the copy `data-vp-submit`).
 */
interface Typed {
  values: ReadonlyMap<string, string>;
  /** The visitor asked to submit it (the page marks the copy `data-vp-submit`: its button, Enter). */
  submitted: boolean;
}
const typed = new WeakMap<HTMLElement, Typed>();

const SELECTOR = ':scope > [data-vp-placeholder]';

/** Whether the page gave the element a placeholder that is still there. */
export function hasPlaceholder(host: HTMLElement | null): boolean {
  return Boolean(host && !typed.has(host) && host.querySelector(SELECTOR));
}

/** The values typed into the placeholders' named fields now, whether one was submitted; the name of the field with the focus, if any. */
function readPlaceholder(host: HTMLElement): Typed & { focused: string | null } {
  const values = new Map<string, string>();
  let focused: string | null = null;
  let submitted = false;
  for (const placeholder of host.querySelectorAll(SELECTOR)) {
    if (placeholder.hasAttribute('data-vp-submit')) submitted = true;
    for (const input of placeholder.querySelectorAll('input[name]')) {
      if (!(input instanceof HTMLInputElement)) continue;
      if (input.value) values.set(input.name, input.value);
      if (input === document.activeElement) focused = input.name;
    }
  }
  return { values, submitted, focused };
}

/** Removes the element's placeholders (once), remembering the values typed into them. */
export function takePlaceholder(host: HTMLElement): void {
  if (typed.has(host)) return;
  const { values, submitted } = readPlaceholder(host);
  typed.set(host, { values, submitted });
  for (const placeholder of host.querySelectorAll(SELECTOR)) placeholder.remove();
}

/**
 * What is typed into the placeholder's field `name` ('' when nothing): read from the copy while it is
 * there (it stays on screen while the element renders, and the visitor may still be typing), then
 * what it held when it was removed.
 */
export function typedInPlaceholder(host: HTMLElement | null, name: string): string {
  if (!host) return '';
  return (typed.get(host) ?? readPlaceholder(host)).values.get(name) ?? '';
}

/** Whether the visitor asked the copy to submit before the element took over (then the real form does). */
export function submittedInPlaceholder(host: HTMLElement | null): boolean {
  return Boolean(host && (typed.get(host) ?? readPlaceholder(host)).submitted);
}

/** The name of the placeholder's field that has the focus now (null when none, or once it is removed). */
export function focusedInPlaceholder(host: HTMLElement | null): string | null {
  return host && !typed.has(host) ? readPlaceholder(host).focused : null;
}
