import type { StylisPlugin } from '@emotion/cache';

let plugin: Promise<StylisPlugin> | null = null;

/**
 * The stylis plugin that mirrors the kit's styles for right-to-left (MUI's recommended RTL setup:
 * theme `direction: 'rtl'` plus stylis-plugin-rtl). Downloaded only by an element with `dir="rtl"`,
 * so left-to-right pages do not pay for it.
 */
export function loadRtlPlugin(): Promise<StylisPlugin> {
  plugin ??= import('stylis-plugin-rtl').then((module) => module.default as unknown as StylisPlugin);
  return plugin;
}
