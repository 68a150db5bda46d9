/**
 * A page may put a static copy of a screen inside the element, marked `data-vp-placeholder` (the demo's
 * index.html holds the sign-in form): the browser paints it with the HTML, long before the kit's code
 * arrives on a slow phone. The element removes the copy when it first renders (its shadow root already
 * hides it) and keeps what was typed into the copy's named fields, so the real form starts from it.
 */
const typed = new WeakMap<HTMLElement, ReadonlyMap<string, string>>();

/** Removes the element's placeholders (once), remembering the values typed into them. */
export function takePlaceholder(host: HTMLElement): void {
  if (typed.has(host)) return;
  const values = new Map<string, string>();
  for (const placeholder of host.querySelectorAll(':scope > [data-vp-placeholder]')) {
    for (const input of placeholder.querySelectorAll('input[name]')) {
      if (input instanceof HTMLInputElement && input.value) values.set(input.name, input.value);
    }
    placeholder.remove();
  }
  typed.set(host, values);
}

/** What was typed into the placeholder's field `name` before the element rendered ('' when nothing). */
export function typedInPlaceholder(host: HTMLElement | null, name: string): string {
  if (!host) return '';
  takePlaceholder(host);
  return typed.get(host)?.get(name) ?? '';
}
