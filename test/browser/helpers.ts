/** Shared helpers for the element browser tests (real Chromium, sources served through Vite). */

/** Waits until `check` returns a truthy value (or throws after `timeout` ms with `what`). */
export async function waitFor<T>(check: () => T | null | undefined | false, what: string, timeout = 8000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every element in a shadow root, including those inside nested shadow roots. */
export function deepQueryAll(root: ParentNode, selector: string): Element[] {
  const found = [...root.querySelectorAll(selector)];
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...deepQueryAll(element.shadowRoot, selector));
  return found;
}

/** The first button in `root` whose visible text or aria-label matches. */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement | null {
  const matches = (text: string | null) => text !== null && (typeof name === 'string' ? text.trim() === name : name.test(text));
  return (
    ([...root.querySelectorAll('button')] as HTMLButtonElement[]).find(
      (b) => matches(b.textContent) || matches(b.getAttribute('aria-label')),
    ) ?? null
  );
}

/** Replaces window.fetch with a function of the request; returns the undo. */
export function stubFetch(reply: (url: URL, init: Request) => Response | Promise<Response>): () => void {
  const original = window.fetch;
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    return reply(new URL(request.url), request);
  };
  return () => {
    window.fetch = original;
  };
}

export const jsonReply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const CONFIG_REPLY = {
  status: 'success',
  message: '',
  data: { player: { domain: 'https://player.example/', ui: {} }, imageHost: 'https://img.example/', token: null },
};

/** Adds a host stylesheet; returns the undo. */
export function hostCss(css: string): () => void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}

export const HOSTILE_CSS = '* { font-family: serif !important; } button { background: red !important; } div { margin: 20px; }';
