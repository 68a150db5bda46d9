import { createContext, useCallback, useContext } from 'react';
import { dispatchVpEvent, type VpEventDetail, type VpEventName } from './event-map';

export * from './event-map';

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
