import type { BaseLocationHook } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { useHashLocation } from 'wouter/use-hash-location';
import { memoryLocation } from 'wouter/memory-location';
import { guardNavigation } from '../shell/unsaved-changes';

export type RoutingMode = 'path' | 'hash' | 'memory';

/** `/admin/videos/` → `/admin/videos`; '' for the page root. */
export const normaliseBase = (base: string | undefined) => (base ?? '').trim().replace(/\/+$/, '').replace(/^(?!\/|$)/, '/');

/**
 * The host page's own query parameters (`?keep=1`), taken when the panel mounts: a path-mode
 * navigation to a target without them carries them along, as hash routing does by leaving the query
 * alone. The panel's own parameters (the list's page, sort, …) are the target's and win.
 */
export function withHostQuery(to: string, hostQuery: URLSearchParams): string {
  if (!hostQuery.size) return to;
  const [path = '', search = ''] = to.split('?');
  const params = new URLSearchParams(search);
  for (const [key, value] of hostQuery) if (!params.has(key)) params.append(key, value);
  return `${path}?${params}`;
}

function keepHostQuery(hostQuery: URLSearchParams): BaseLocationHook {
  const navigate: typeof browserNavigate = (to, options) => browserNavigate(withHostQuery(String(to), hostQuery), options);
  return (options) => [useBrowserLocation(options)[0], navigate];
}

/** The wouter Router props of a routing mode; every navigate asks first while edits are unsaved. */
export function panelRouter(mode: RoutingMode, base: string | undefined): { base?: string; hook: BaseLocationHook } {
  if (mode === 'hash') return { hook: guardNavigation(useHashLocation) };
  if (mode === 'memory') return { hook: guardNavigation(memoryLocation({ path: '/' }).hook) };
  return { base: normaliseBase(base), hook: guardNavigation(keepHostQuery(new URLSearchParams(location.search))) };
}
