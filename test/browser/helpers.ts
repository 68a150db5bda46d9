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

/** A file as the API sends it: numbered title and slug, active, ready; `overrides` changes any field. */
export function fileRow(id: number, overrides: Record<string, unknown> = {}) {
  return {
    file_id: id,
    file_server: 'srv-1',
    file_title: `Title ${id}`,
    file_slug: `slug-${id}`,
    file_status: 10,
    isActive: 1,
    created_at: '2026-01-02T03:04:05.000Z',
    file_image: null,
    file_slide: null,
    ...overrides,
  };
}

export type KitElement = HTMLElement & { apiKey: string | null };

/** Loads the kit, then adds a signed-in `<vp-file-list>` keeping its state in memory; resolves once `ready(root)` holds. */
export async function mountFileList(ready: (root: ShadowRoot) => unknown, what: string): Promise<{ el: KitElement; root: ShadowRoot }> {
  await import('/src/index.ts' as string);
  const el = document.createElement('vp-file-list') as KitElement;
  el.setAttribute('url-state', 'memory');
  el.apiKey = 'test';
  document.body.append(el);
  const root = await waitFor(() => el.shadowRoot, 'the shadow root');
  await waitFor(() => ready(root), what, 15000);
  return { el, root };
}
