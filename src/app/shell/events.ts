import { createContext, useCallback, useContext } from 'react';
import type { ElementDescription } from '../../elements/describe';
import type { VpEventDetail, VpEventName } from './event-map';

export type { VpEventMap, VpEventName, VpEventDetail } from './event-map';

/** Whether the element's description marks the event cancelable (the host may take over navigation). */
const isCancelable = (host: EventTarget, name: VpEventName) =>
  Boolean((host.constructor as { description?: ElementDescription }).description?.events[name]?.cancelable);

/**
 * Dispatches a kit event from a host element: `vp-` prefixed, CustomEvent, bubbling and composed so
 * a host hears it outside the shadow root. Returns false when a listener called preventDefault.
 */
export function dispatchVpEvent<K extends VpEventName>(host: EventTarget, name: K, detail: VpEventDetail<K>): boolean {
  return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: isCancelable(host, name) }));
}

/** The custom element a React tree is mounted in (null in tests that render a screen alone). */
export const HostContext = createContext<HTMLElement | null>(null);

/** Returns `emit(name, detail)` bound to this element; true unless the host cancelled the event. */
export function useEmit() {
  const host = useContext(HostContext);
  return useCallback(
    <K extends VpEventName>(name: K, detail: VpEventDetail<K>): boolean => (host ? dispatchVpEvent(host, name, detail) : true),
    [host],
  );
}
