import type { VideoFile } from '../api/schemas';

/**
 * Every event the elements dispatch: `vp-` prefixed, CustomEvent, bubbling and composed so a host
 * hears it outside the shadow root. Cancelable ones let the host take over (navigation). This module
 * stays free of React: it is part of the package's public types.
 */
export interface VpEventMap {
  'vp-signed-in': CustomEvent<Record<string, never>>;
  'vp-signed-out': CustomEvent<Record<string, never>>;
  'vp-navigate': CustomEvent<{ path: string }>;
  'vp-file-open': CustomEvent<{ fileId: number }>;
  'vp-files-changed': CustomEvent<{ fileIds: number[]; change: 'activated' | 'deactivated' | 'deleted' }>;
  'vp-file-saved': CustomEvent<{ file: VideoFile }>;
  'vp-file-deleted': CustomEvent<{ fileId: number }>;
  'vp-subtitles-changed': CustomEvent<{ fileId: number }>;
  'vp-back': CustomEvent<{ fileId: number | null }>;
}

export type VpEventName = keyof VpEventMap;
export type VpEventDetail<K extends VpEventName> = VpEventMap[K] extends CustomEvent<infer D> ? D : never;

export const CANCELABLE_EVENTS: ReadonlySet<VpEventName> = new Set(['vp-file-open', 'vp-back']);

/** Dispatches a kit event from a host element. Returns false when a listener called preventDefault. */
export function dispatchVpEvent<K extends VpEventName>(host: EventTarget, name: K, detail: VpEventDetail<K>): boolean {
  return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: CANCELABLE_EVENTS.has(name) }));
}

declare global {
  interface HTMLElementEventMap extends VpEventMap {}
}
