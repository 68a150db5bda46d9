import type { VpEventMap } from '../../elements/element-types';

// The event types of the package's public API, in a module free of React (events.ts holds the React
// side), so a host's type-check does not need React's types.
export type { VpEventMap };
export type VpEventName = keyof VpEventMap;
export type VpEventDetail<K extends VpEventName> = VpEventMap[K] extends CustomEvent<infer D> ? D : never;
